"""gunicorn's logger (gunicorn.conf.py: logger_class), apart from operations/logs/masks.py: gunicorn
does not run on Windows, where Django's logging still masks the links."""

from __future__ import annotations

from gunicorn import glogging  # type: ignore[import-untyped]

from operations.logs.masks import MaskPrivateLinks


class GunicornLogger(glogging.Logger):
    """Every private link (common/private_links.py) masked in gunicorn's access log (the
    request line, the referer) and in its error log."""

    def setup(self, cfg) -> None:
        super().setup(cfg)
        for log in (self.error_log, self.access_log):
            if not any(isinstance(each, MaskPrivateLinks) for each in log.filters):
                log.addFilter(MaskPrivateLinks())
