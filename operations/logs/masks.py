"""No private link in a log line. A private link's token (/c/<token>/ a captain's, /r/<token>/
a registration's, /invitation/<token>/ an invitation's, and every other one of
common/private_links.py) is a password: whoever reads it in a log could act as its holder.
Django's log lines (here) and gunicorn's access and error logs (operations/logs/gunicorn_logger.py) show
it as /c/***/, /r/***/...; Caddy masks its own access log the same way (deploy/Caddyfile)."""

from __future__ import annotations

import logging

from common.private_links import mask

__all__ = ["MaskCaptainLinks", "MaskPrivateLinks", "mask"]


class MaskPrivateLinks(logging.Filter):
    """Rewrites the record's message (its arguments already merged in) with links masked."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        masked = mask(message)
        if masked != message:
            record.msg, record.args = masked, ()
        return True


# The name the settings of older installs (and gunicorn.conf.py copies) may still use.
MaskCaptainLinks = MaskPrivateLinks
