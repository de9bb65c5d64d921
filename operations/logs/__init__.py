"""What leaves the site in logs and error reports: no private link in a log line (masks, and
gunicorn's logger), errors e-mailed to ADMINS or sent to Sentry without secrets (error_reports)."""
