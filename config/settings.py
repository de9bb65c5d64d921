"""Huche settings: one module, every setting read from the environment.

With nothing set, Huche runs embedded (SQLite file, local-memory cache, Celery tasks run
eagerly in the web process): the zero-setup mode for a laptop at a hall with no internet.
``DATABASE_URL`` (postgres://… or sqlite:///…) and ``REDIS_URL`` switch to the services.
"""

from __future__ import annotations

import os
from pathlib import Path
from urllib.parse import quote, unquote, urlsplit

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

from common import addresses

from . import env, home

BASE_DIR = Path(__file__).resolve().parent.parent
# templates/, static/, locale/: the checkout's, or the installed wheel's (config/home.py).
SITE_FILES_DIR = home.site_files(BASE_DIR)
# The data folder (database, keys, collected static files): HUCHE_HOME, else the checkout
# itself, else (installed from the wheel) the platform's user data folder. `huche hall` prints it.
HUCHE_HOME = home.data_home(BASE_DIR)


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


# HUCHE_HALL=1 (`make hall`, docs/hall.md): a real event on a laptop, served over plain HTTP on
# the hall's Wi-Fi. DEBUG off, its own SQLite file, a secret key kept in a local file, and the
# HTTPS-only settings (redirect, secure cookies, HSTS) off by default: there is no TLS at a hall.
HUCHE_HALL = env_bool("HUCHE_HALL", default=False)
DEBUG = env_bool("DEBUG", default=not HUCHE_HALL)
TESTING = env_bool("HUCHE_TESTING", default=False)

SECRET_KEY = os.environ.get("SECRET_KEY", "")
# Where `make hall` keeps the secret key it generated on first start (never tracked by git).
HUCHE_SECRET_KEY_FILE = os.environ.get("HUCHE_SECRET_KEY_FILE", "") or str(
    HUCHE_HOME / ".hall-secret-key"
)
if not SECRET_KEY and HUCHE_HALL:
    SECRET_KEY = env.secret_key_from(Path(HUCHE_SECRET_KEY_FILE))
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off")
    SECRET_KEY = "insecure-dev-only-key-set-SECRET_KEY-in-production"  # noqa: S105 (dev only)
if not DEBUG and (SECRET_KEY.startswith("insecure-dev-only-key") or len(SECRET_KEY) < 32):
    raise ImproperlyConfigured(
        "SECRET_KEY is the development key or too short (under 32 "
        "characters): set a long random one when DEBUG is off"
    )

# Event archives (tournaments/archives/transfer.py): with a key, an archive's checksum is an HMAC, so only
# sites sharing the key can write archives this site accepts. Empty: a plain SHA-256 checksum (the
# archive's Ed25519 signature, HUCHE_SIGNING_KEY_FILE below, then says where it comes from).
HUCHE_ARCHIVE_KEY = os.environ.get("HUCHE_ARCHIVE_KEY", "")

# The central site's domain name (docker-compose.yml, deploy/systemd/): the default of
# ALLOWED_HOSTS, CSRF_TRUSTED_ORIGINS and HUCHE_BASE_URL. Derived here, not in the compose file:
# Debian's docker-compose 1.29 leaves a nested default such as ${A:-${B}} as literal text.
HUCHE_DOMAIN = os.environ.get("HUCHE_DOMAIN", "").strip()

ALLOWED_HOSTS = env_list(
    "ALLOWED_HOSTS",
    HUCHE_DOMAIN
    if HUCHE_DOMAIN
    else "localhost,127.0.0.1,[::1],testserver"
    if DEBUG
    else "localhost,127.0.0.1,[::1]"
    if HUCHE_HALL
    else "",
)

# The hall's network (common/addresses.py, docs/hall.md). HUCHE_BASE_URL: the public base URL of every
# printed link and QR code (e.g. http://192.168.1.10:8000). HUCHE_LISTEN: the HOST:PORT the
# server listens on, set by `make run`; unset, printed links follow the organizer's browser.
HUCHE_BASE_URL = os.environ.get("HUCHE_BASE_URL", "").strip().rstrip("/") or (
    f"https://{HUCHE_DOMAIN}" if HUCHE_DOMAIN else ""
)
if HUCHE_BASE_URL and (
    not HUCHE_BASE_URL.startswith(("http://", "https://"))
    or not addresses.base_url_host(HUCHE_BASE_URL)
):
    raise ImproperlyConfigured(
        f"HUCHE_BASE_URL {HUCHE_BASE_URL!r} is not a base URL such as "
        "http://192.168.1.10:8000 (http:// or https://, then the host)"
    )
HUCHE_LISTEN = os.environ.get("HUCHE_LISTEN", "").strip()
# Organizers open their own accounts (accounts/views.signup): right for a small site. A
# federation's central site may close it (HUCHE_SIGNUP=0): staff appoint people. Closed by
# default at a hall: anyone on its Wi-Fi could open an account and list a sham event on the
# hall's home page; the organizer's account is made by `huche hall` or create_organizer, the
# officials' by invitation (HUCHE_SIGNUP=1 opens it again).
HUCHE_SIGNUP = env_bool("HUCHE_SIGNUP", default=not HUCHE_HALL)
# Teams one event holds, whatever adds them (tournaments/events/team_limit.py, issue 51).
HUCHE_MAX_TEAMS_PER_EVENT = int(os.environ.get("HUCHE_MAX_TEAMS_PER_EVENT", "1000"))
# Teams above which the slips and score sheets are written by a background task, once per
# version of the event, while the page waits for them (tournaments/publishing/print_jobs.py).
HUCHE_PRINT_ASYNC_TEAMS = int(os.environ.get("HUCHE_PRINT_ASYNC_TEAMS", "150"))
# Big printouts one organizer may have waiting or being written at once.
HUCHE_PRINT_JOBS_PER_ORGANIZER = int(os.environ.get("HUCHE_PRINT_JOBS_PER_ORGANIZER", "2"))
# Phones reach the server by the address printed on their slips: let it through (at the hall,
# the laptop's current addresses are let through as requests come: below).
for _host in (
    addresses.base_url_host(HUCHE_BASE_URL) if HUCHE_BASE_URL else "",
    addresses.base_url_host(addresses.served_base_url(HUCHE_LISTEN))
    if HUCHE_LISTEN and not HUCHE_HALL
    else "",
):
    if _host and _host not in ALLOWED_HOSTS:
        ALLOWED_HOSTS.append(_host if ":" not in _host else f"[{_host}]")
CSRF_TRUSTED_ORIGINS = env_list(
    "CSRF_TRUSTED_ORIGINS", f"https://{HUCHE_DOMAIN}" if HUCHE_DOMAIN else ""
)

INSTALLED_APPS = [
    # First: its runserver (and `hall`) check what a server beyond the loopback may do.
    "operations",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "django_filters",
    "accounts",
    "tournaments",
    "games",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "operations.faults.ApiJsonErrorsMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # private, no-store on every answer that may hold a private link or a contact
    "operations.private_answers.PrivateAnswersMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "tournaments.views.access.LoginRequiredMiddleware",
    "operations.faults.ServiceUnavailableMiddleware",
    "operations.faults.ContentSecurityPolicyMiddleware",
]

# The hall's name on the local network, announced by mDNS while `make hall` runs and printed on
# the captains' slips (operations/hall/watch.py); empty: no name, the address only. At the hall the
# laptop's address may change during the day: HallHostMiddleware lets through its names and its
# current addresses, read at request time (operations/hall/network.py), and explains any other host.
HUCHE_HALL_NAME = os.environ.get("HUCHE_HALL_NAME", "huche.local").strip().lower().rstrip(".")
if HUCHE_HALL_NAME and not HUCHE_HALL_NAME.endswith(".local"):
    HUCHE_HALL_NAME += ".local"  # mDNS answers for .local names only ("salle2" → salle2.local)
if HUCHE_HALL:
    HALL_FIXED_HOSTS, ALLOWED_HOSTS = ALLOWED_HOSTS, ["*"]
    MIDDLEWARE.insert(0, "operations.hall.network.HallHostMiddleware")

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [SITE_FILES_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "operations.health.service_status.service_warnings",
                "config.version.footer",
            ],
        },
    },
]

# --- Database: DATABASE_URL, else an SQLite file in the data folder ----------------------
DATABASE_URL = os.environ.get("DATABASE_URL", "")
DATABASES = {
    "default": dj_database_url.parse(
        # The hall keeps its events apart from the demo's huche.sqlite3.
        DATABASE_URL
        or "sqlite:///"
        + quote((HUCHE_HOME / ("hall.sqlite3" if HUCHE_HALL else "huche.sqlite3")).as_posix()),
        conn_max_age=int(os.environ.get("DB_CONN_MAX_AGE", "0")),
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Several captains submit at once even on the laptop: wait for the write lock.
    DATABASES["default"].setdefault("OPTIONS", {})["timeout"] = 20
    if "TEST" not in DATABASES["default"]:
        DATABASES["default"]["TEST"] = {}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Event archives are signed with this installation's Ed25519 key (tournaments/archives/signing.py),
# created on first use, mode 0600: a file beside the SQLite database by default (a file, not a
# row: a copied database must not sign as this hall). HUCHE_INSTALL_NAME: the name archives are
# signed with, the hall a league trusts (default: the computer's name).
HUCHE_SIGNING_KEY_FILE = os.environ.get("HUCHE_SIGNING_KEY_FILE", "") or str(
    Path(DATABASES["default"]["NAME"]).with_name("huche-signing-key.pem")
    if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3"
    and str(DATABASES["default"]["NAME"]) not in ("", ":memory:")
    else HUCHE_HOME / "huche-signing-key.pem"
)
HUCHE_INSTALL_NAME = os.environ.get("HUCHE_INSTALL_NAME", "").strip()

# --- Cache and Celery: REDIS_URL, else local memory and eager tasks ------------------------
# Public pages (standings, seating) re-render at most every PAGE_RENDER_EVERY seconds while
# results keep arriving (tournaments/publishing/caching.py); tests see every change at once.
PAGE_RENDER_EVERY = float(os.environ.get("PAGE_RENDER_EVERY", "0" if TESTING else "2"))
REDIS_URL = os.environ.get("REDIS_URL", "")
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "common.redis_cache.RedisCache",  # one client per pool, not per call
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": os.environ.get("CACHE_KEY_PREFIX", "huche"),
            "TIMEOUT": 300,
            "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1},
        }
    }
    CELERY_BROKER_URL = REDIS_URL
    CELERY_TASK_ALWAYS_EAGER = env_bool("CELERY_TASK_ALWAYS_EAGER", default=False)
else:
    # At the hall, every gunicorn worker must count the same wrong PINs (accounts/throttle.py)
    # and see the same pages: files beside the hall's database, shared by all its processes.
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
            "LOCATION": str(
                Path(DATABASES["default"]["NAME"]).with_name("hall-cache")
                if DATABASES["default"]["ENGINE"].endswith("sqlite3")
                else BASE_DIR / "hall-cache"
            ),
            "OPTIONS": {"MAX_ENTRIES": 20000},  # beyond it, a third is dropped at random
        }
        if HUCHE_HALL
        else {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}
    }
    # A host named: kombu warns "No hostname was supplied" at each start otherwise (make run).
    CELERY_BROKER_URL = "memory://localhost/"
    CELERY_TASK_ALWAYS_EAGER = True
CELERY_RESULT_BACKEND = REDIS_URL or None
# Work whose sending failed while the broker was down is sent again every minute.
CELERY_BEAT_SCHEDULE = {
    "flush-outbox": {"task": "tournaments.tasks.flush_outbox_task", "schedule": 60.0},
    # Unfinished practice games untouched for PRACTICE_ABANDONED_DAYS, and those finished
    # PRACTICE_FINISHED_DAYS ago, are deleted once a day.
    "purge-practice-games": {
        "task": "games.tasks.purge_practice_games_task",
        "schedule": 24 * 3600.0,
    },
    # Expired sessions; finished task rows older than TASK_ROWS_KEEP_DAYS (operations/housekeeping.py).
    "purge-sessions": {"task": "operations.tasks.purge_sessions_task", "schedule": 24 * 3600.0},
    "purge-task-rows": {"task": "operations.tasks.purge_task_rows_task", "schedule": 24 * 3600.0},
}
TASK_ROWS_KEEP_DAYS = int(os.environ.get("TASK_ROWS_KEEP_DAYS", "30"))
# /healthz says "dégradé" when no Celery worker wrote its heartbeat (every 30 s) for this many
# seconds (operations/health/heartbeat.py).
WORKER_HEARTBEAT_STALE = int(os.environ.get("WORKER_HEARTBEAT_STALE", "120"))
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_ACKS_LATE = True
CELERY_BROKER_CONNECTION_TIMEOUT = 2
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# A worker killed mid-task (kill -9, the machine lost) leaves its message unacknowledged: the
# broker hands it to another worker after CELERY_VISIBILITY_TIMEOUT seconds (kombu's default is
# an hour). 300 s is above Huche's longest task (a season export: under a minute) and its
# longest retry delay (120 s); every task is idempotent, so a redelivery is harmless. One task
# reserved at a time per worker process: the others stay in the queue for any other worker.
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "max_retries": 1,
    "socket_connect_timeout": 1,
    "visibility_timeout": int(os.environ.get("CELERY_VISIBILITY_TIMEOUT", "300")),
    # Look for such tasks every 10 s (kombu's default scans every 10th time: ~100 s).
    "unacked_restore_throttle": 1,
}
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# Outbox rows sent but not done this many seconds later are sent again (tournaments/outbox.py).
OUTBOX_LEASE = int(os.environ.get("OUTBOX_LEASE", "900"))
# With Redis down, sending a task must fail within a second or two (the work stays in the
# outbox), not hang the captain's request: the result store's default reconnect policy retries
# 20 times (~19 s) before giving up.
CELERY_REDIS_SOCKET_CONNECT_TIMEOUT = 1
CELERY_RESULT_BACKEND_TRANSPORT_OPTIONS = {
    "retry_policy": {
        "max_retries": 1,
        "interval_start": 0,
        "interval_step": 0.2,
        "interval_max": 0.5,
    },
}

# --- Accounts ------------------------------------------------------------------------------
AUTH_USER_MODEL = "accounts.User"
LOGIN_URL = "accounts:login"
LOGIN_REDIRECT_URL = "tournaments:organizer-home"
LOGOUT_REDIRECT_URL = "tournaments:home"
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
if TESTING:
    PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

# --- Failed attempts, counted in the cache (accounts/throttle.py; the cache down fails open) -
# How many reverse proxies of ours add to X-Forwarded-For in front of Huche (0: none, the
# client's address is REMOTE_ADDR; the header is then ignored).
TRUSTED_PROXY_COUNT = int(os.environ.get("TRUSTED_PROXY_COUNT", "0"))
THROTTLE_PIN_CLIENT = {
    "failures": int(os.environ.get("THROTTLE_PIN_CLIENT_FAILURES", "30")),
    "window": int(os.environ.get("THROTTLE_PIN_CLIENT_WINDOW", "900")),
}
THROTTLE_LOGIN_CLIENT = {
    "failures": int(os.environ.get("THROTTLE_LOGIN_CLIENT_FAILURES", "20")),
    "window": int(os.environ.get("THROTTLE_LOGIN_WINDOW", "900")),
}
THROTTLE_SIGNUP_CLIENT = {
    "failures": int(os.environ.get("THROTTLE_SIGNUP_CLIENT", "10")),
    "window": int(os.environ.get("THROTTLE_SIGNUP_WINDOW", "3600")),
}
# Per account *and* address (or per known device); per account from every address together
# (accounts/login_guard.py says why: a stranger never locks the owner out).
THROTTLE_LOGIN_ACCOUNT = {
    "failures": int(os.environ.get("THROTTLE_LOGIN_ACCOUNT_FAILURES", "5")),
    "window": int(os.environ.get("THROTTLE_LOGIN_WINDOW", "900")),
}
THROTTLE_LOGIN_ACCOUNT_TOTAL = {
    "failures": int(os.environ.get("THROTTLE_LOGIN_ACCOUNT_TOTAL_FAILURES", "50")),
    "window": int(os.environ.get("THROTTLE_LOGIN_WINDOW", "900")),
}
# Teams one address registers in one event through the public form or the API (issue 51).
THROTTLE_REGISTRATION_EVENT_CLIENT = {
    "failures": int(os.environ.get("THROTTLE_REGISTRATION_EVENT_CLIENT", "5")),
    "window": int(os.environ.get("THROTTLE_REGISTRATION_EVENT_WINDOW", "3600")),
}
# Invitations (and new links) issued per organizer account per window (seconds).
THROTTLE_INVITE_ACCOUNT = {
    "failures": int(os.environ.get("THROTTLE_INVITE_ACCOUNT", "30")),
    "window": int(os.environ.get("THROTTLE_INVITE_WINDOW", "3600")),
}
# Event archives uploaded per account per window (seconds), pages and API together.
THROTTLE_ARCHIVE_ACCOUNT = {
    "failures": int(os.environ.get("THROTTLE_ARCHIVE_ACCOUNT", "20")),
    "window": int(os.environ.get("THROTTLE_ARCHIVE_WINDOW", "3600")),
}
# Practice games started (games/play/limits.py): every start counts, per address (a hall's
# Wi-Fi is one address for everyone: generous) and per account, per window of seconds; a
# visitor keeps PRACTICE_UNFINISHED_MAX unfinished games; unfinished games untouched for
# PRACTICE_ABANDONED_DAYS are purged.
THROTTLE_PRACTICE_CLIENT = {
    "failures": int(os.environ.get("THROTTLE_PRACTICE_CLIENT", "120")),
    "window": int(os.environ.get("THROTTLE_PRACTICE_WINDOW", "3600")),
}
THROTTLE_PRACTICE_ACCOUNT = {
    "failures": int(os.environ.get("THROTTLE_PRACTICE_ACCOUNT", "30")),
    "window": int(os.environ.get("THROTTLE_PRACTICE_WINDOW", "3600")),
}
PRACTICE_UNFINISHED_MAX = int(os.environ.get("PRACTICE_UNFINISHED_MAX", "5"))
PRACTICE_ABANDONED_DAYS = int(os.environ.get("PRACTICE_ABANDONED_DAYS", "7"))
PRACTICE_FINISHED_DAYS = int(os.environ.get("PRACTICE_FINISHED_DAYS", "90"))

# A league's ratings leaderboard lists the players with at least this many rated games
# (docs/ratings.md).
RATING_MIN_GAMES = int(os.environ.get("RATING_MIN_GAMES", "10"))

# --- Languages: French (Canada) first, English -----------------------------------------------
LANGUAGES = [("fr-ca", _("Français")), ("en", _("English"))]
# The site's language for whoever asks for none: a browser or an API call without
# Accept-Language (a script, a club's spreadsheet import), e-mails, the console. An
# English-speaking club sets HUCHE_LANGUAGE=en; a visitor's own choice always wins.
LANGUAGE_CODE = os.environ.get("HUCHE_LANGUAGE", "fr-ca").strip().lower()
if LANGUAGE_CODE not in dict(LANGUAGES):
    raise ImproperlyConfigured(
        f"HUCHE_LANGUAGE={LANGUAGE_CODE!r} is not a language of Huche: allowed are "
        + ", ".join(dict(LANGUAGES))
    )
LOCALE_PATHS = [SITE_FILES_DIR / "locale"]
TIME_ZONE = os.environ.get("TIME_ZONE", "America/Montreal")
USE_I18N = True
USE_TZ = True
# Our fixes to Django's locale formats (config/formats/fr_CA: "22 h 48", not "22 10 48").
FORMAT_MODULE_PATH = ["config.formats"]

# --- Static files (whitenoise serves them from the web process) ---------------------------
STATIC_URL = "static/"
STATIC_ROOT = HUCHE_HOME / "staticfiles"
STATICFILES_DIRS = [SITE_FILES_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG or TESTING
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}
WHITENOISE_USE_FINDERS = DEBUG or TESTING
MEDIA_ROOT = Path(os.environ.get("MEDIA_ROOT", HUCHE_HOME / "media"))

# --- REST API ----------------------------------------------------------------------------------
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.SessionAuthentication",
        "rest_framework.authentication.TokenAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_FILTER_BACKENDS": ["django_filters.rest_framework.DjangoFilterBackend"],
    # Ours refuses deeply nested JSON in words (common/api_input.py); the others are DRF's.
    "DEFAULT_PARSER_CLASSES": [
        "common.api_input.JSONParser",
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "tournaments.api.exceptions.handler",
    # ?limit= from 1 to API_MAX_PAGE_SIZE, ?offset= bounded too; beyond: a 400 that says so.
    "DEFAULT_PAGINATION_CLASS": "tournaments.api.pagination.BoundedLimitOffsetPagination",
    "PAGE_SIZE": 100,
    # DRF's throttles read X-Forwarded-For blindly unless told how many proxies to trust.
    "NUM_PROXIES": int(os.environ.get("TRUSTED_PROXY_COUNT", "0")),
    "DEFAULT_THROTTLE_RATES": {
        "anon_tools": os.environ.get("THROTTLE_ANON_TOOLS", "60/min"),
        "login": os.environ.get("THROTTLE_LOGIN", "10/min"),
    },
}
API_MAX_PAGE_SIZE = int(os.environ.get("API_MAX_PAGE_SIZE", "500"))
SPECTACULAR_SETTINGS = {
    "TITLE": "Huche API",
    "DESCRIPTION": "Cribbage tournaments and leagues: events, teams, seating, scores, standings, "
    "and the public game tools.\n\nLanguage: answers, refusals and CSV files are in the "
    "language the call asks for with `Accept-Language` (`fr-ca` or `en`); a call that asks for "
    "none gets the site's language, the setting `HUCHE_LANGUAGE` (French unless the site sets "
    "`en`).",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "COMPONENT_SPLIT_REQUEST": True,
    # The docs page's assets are served by Huche itself: it must work in a hall with no internet.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "ENUM_NAME_OVERRIDES": {
        "EventStatusEnum": "tournaments.models.Event.Status",
        "GameStatusEnum": "tournaments.models.Game.Status",
        "ReportKindEnum": "tournaments.models.Report.Kind",
        "CribbageLevelEnum": "games.play.cribbage.api.LEVEL_CHOICES",
        "InvitationStatusEnum": "accounts.models.Invitation.Status",
        "SeasonAggregationEnum": "tournaments.models.Season.Aggregation",
        "SeasonNightAwardEnum": "tournaments.models.Season.NightAward",
    },
}

# --- Production safety (DEBUG off) --------------------------------------------------------------
# SECURE_SSL_REDIRECT=0 (one setting, docs/deploy.md): plain HTTP behind a proxy that terminates
# TLS elsewhere and does not send X-Forwarded-Proto; the cookies stay secure-only.
if not DEBUG:
    _https = not HUCHE_HALL
    SESSION_COOKIE_SECURE = env_bool("SESSION_COOKIE_SECURE", default=_https)
    CSRF_COOKIE_SECURE = env_bool("CSRF_COOKIE_SECURE", default=_https)
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", default=_https)
    SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", "31536000" if _https else "0"))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    # Health checks come over plain HTTP from inside the stack (compose, the proxy): never
    # redirected, or the check would see a 301 to an address nothing answers.
    SECURE_REDIRECT_EXEMPT = [r"^healthz(/live)?$"]
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
SESSION_COOKIE_HTTPONLY = True

# --- Errors reach the maintainer (operations/logs/error_reports.py) --------------------------------------
# ADMINS="Marie Tremblay <marie@club.org>, it@club.org": each server error (500) and each
# background task that failed for good is emailed to them (needs EMAIL_URL), from SERVER_EMAIL.
ADMINS = env.admins(os.environ.get("ADMINS", ""))
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {
        # No private link's token (/c/, /r/, /invitation/...) in a log line (operations/logs/masks.py).
        "captain_links": {"()": "operations.logs.masks.MaskPrivateLinks"},
        # The e-mailed errors: no URL's credentials, token or secret (operations/logs/report_filter.py).
        "error_reports": {"()": "operations.logs.report_filter.ScrubRecords"},
        "require_debug_false": {"()": "django.utils.log.RequireDebugFalse"},
    },
    "handlers": {
        "console": {"class": "logging.StreamHandler", "filters": ["captain_links"]},
        "mail_admins": {
            "class": "django.utils.log.AdminEmailHandler",
            "level": "ERROR",
            "filters": ["require_debug_false", "captain_links", "error_reports"],
        },
    },
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
    "loggers": {
        # Django's errors (a 500 among them), then the console through the root.
        "django": {"handlers": ["mail_admins"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
        # A Celery task failing for good (after its retries).
        "celery.app.trace": {"handlers": ["mail_admins"], "level": "ERROR"},
    },
}
# What a report may say, in the e-mail and to Sentry alike: no setting of the environment, no
# URL's credentials, no private link's token, no PIN (operations/logs/report_filter.py).
DEFAULT_EXCEPTION_REPORTER_FILTER = "operations.logs.report_filter.ReportFilter"
DEFAULT_EXCEPTION_REPORTER = "operations.logs.report_filter.Reporter"
# Optional: errors also go to an error-reporting service (Sentry or compatible) at this DSN.
SENTRY_DSN = os.environ.get("SENTRY_DSN", "").strip()
SENTRY_ENVIRONMENT = "hall" if HUCHE_HALL else "production"  # started by operations/apps.py


# --- Email (optional) ------------------------------------------------------------------------------
# A hall has no email server: invitations (officials' and co-organizers' links) are copied or printed.
# With EMAIL_URL or EMAIL_HOST set, they are also emailed. EMAIL_URL: smtp://user:password@host
# (STARTTLS, port 587 unless given; an explicit :25 is a plain relay), smtps://… (SSL, port 465
# unless given), or "console://" (printed in the logs).
def _email_settings(url: str, host: str) -> dict:
    if url:
        parts = urlsplit(url)
        if parts.scheme == "console":
            return {"EMAIL_BACKEND": "django.core.mail.backends.console.EmailBackend"}
        if parts.scheme not in {"smtp", "smtps", "smtp+tls"}:
            raise ImproperlyConfigured(
                f"EMAIL_URL starts with {parts.scheme!r}: use smtp:// (STARTTLS), "
                "smtps:// (SSL) or console://"
            )
        ssl = parts.scheme == "smtps"
        port = parts.port or (465 if ssl else 587)
        return {
            "EMAIL_HOST": parts.hostname or "",
            "EMAIL_PORT": port,
            "EMAIL_HOST_USER": unquote(parts.username or ""),
            "EMAIL_HOST_PASSWORD": unquote(parts.password or ""),
            "EMAIL_USE_SSL": ssl,
            "EMAIL_USE_TLS": not ssl and (parts.scheme == "smtp+tls" or port != 25),
        }
    if host:
        return {
            "EMAIL_HOST": host,
            "EMAIL_PORT": int(os.environ.get("EMAIL_PORT", "587")),
            "EMAIL_HOST_USER": os.environ.get("EMAIL_HOST_USER", ""),
            "EMAIL_HOST_PASSWORD": os.environ.get("EMAIL_HOST_PASSWORD", ""),
            "EMAIL_USE_TLS": env_bool("EMAIL_USE_TLS", default=True),
        }
    return {}


_EMAIL = _email_settings(os.environ.get("EMAIL_URL", ""), os.environ.get("EMAIL_HOST", ""))
globals().update(_EMAIL)
HUCHE_EMAIL_ENABLED = bool(_EMAIL)
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "huche@localhost")
SERVER_EMAIL = os.environ.get("SERVER_EMAIL", "") or DEFAULT_FROM_EMAIL
EMAIL_TIMEOUT = 10
