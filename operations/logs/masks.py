"""No captain's private link in a log line. A captain's link (/c/<token>/) is a password: whoever
reads it in a log could report scores as that team. Django's log lines (here) and gunicorn's
access and error logs (operations/logs/gunicorn_logger.py) show it as /c/***/; Caddy masks its own
access log the same way (deploy/Caddyfile)."""

from __future__ import annotations

import logging
import re

CAPTAIN_LINK = re.compile(r"/c/[^/?#\s\"'<>]+")
MASKED = "/c/***"


def mask(text: str) -> str:
    return CAPTAIN_LINK.sub(MASKED, text)


class MaskCaptainLinks(logging.Filter):
    """Rewrites the record's message (its arguments already merged in) with links masked."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        masked = mask(message)
        if masked != message:
            record.msg, record.args = masked, ()
        return True
