"""A captain's private link never reaches a log line (operations/logs/masks.py): Django's console
handler and gunicorn's access and error logs write /c/***/ instead. The whole stack, Caddy's
log included: tests/deploy/test_production_stack.py::test_no_captain_link_in_any_log_line."""

from __future__ import annotations

import logging
import logging.config

from django.conf import settings
from gunicorn.config import Config

from operations.logs.gunicorn_logger import GunicornLogger
from operations.logs.masks import mask

TOKEN = "Xq3vB9kLm2Zp"


def test_mask_hides_the_token_and_keeps_the_rest():
    assert mask(f"GET /c/{TOKEN}/games/12/confirm/?x=1") == "GET /c/***/games/12/confirm/?x=1"
    assert mask(f"https://huche.example.org/c/{TOKEN}/") == "https://huche.example.org/c/***/"
    assert mask("/e/club/standings/ /organize/c/") == "/e/club/standings/ /organize/c/"


def test_djangos_console_handler_masks_a_logged_path():
    # The settings' logging as Django sets it up (another test may have replaced the handlers).
    logging.config.dictConfig(settings.LOGGING)
    (console,) = [h for h in logging.getLogger().handlers if h.get_name() == "console"]
    record = logging.LogRecord(
        "django.request", logging.WARNING, __file__, 1, "Not Found: %s", (f"/c/{TOKEN}/",), None
    )
    assert console.filter(record)
    assert console.format(record) == "Not Found: /c/***/"


def test_gunicorns_access_and_error_logs_mask_the_link(tmp_path):
    cfg = Config()
    cfg.set("accesslog", str(tmp_path / "access.log"))
    cfg.set("errorlog", str(tmp_path / "error.log"))
    logger = GunicornLogger(cfg)
    logger.access_log.info('"GET /c/%s/ HTTP/1.1" 200 "%s"', TOKEN, f"https://x/c/{TOKEN}/")
    logger.error("Invalid request to /c/%s/games/1/", TOKEN)
    for handler in logger.access_log.handlers + logger.error_log.handlers:
        handler.flush()
    access, error = (tmp_path / "access.log").read_text(), (tmp_path / "error.log").read_text()
    assert '"GET /c/***/ HTTP/1.1" 200 "https://x/c/***/"' in access
    assert "Invalid request to /c/***/games/1/" in error
    assert TOKEN not in access + error
