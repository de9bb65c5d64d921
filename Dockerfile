# Production image: gunicorn serves Huche; the same image runs the Celery worker.
FROM python:3.11-slim
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 PIP_NO_CACHE_DIR=1
WORKDIR /app
# pg_dump and pg_restore for `manage.py backup` / `restore` (the backup service): they must be
# as new as the server (postgres:16), newer than Debian 12's own client (15), hence PGDG's.
RUN apt-get update \
    && apt-get install -y --no-install-recommends ca-certificates curl gnupg \
    && install -d /usr/share/postgresql-common/pgdg \
    && curl -fsSLo /usr/share/postgresql-common/pgdg/apt.postgresql.org.asc \
       https://www.postgresql.org/media/keys/ACCC4CF8.asc \
    && echo "deb [signed-by=/usr/share/postgresql-common/pgdg/apt.postgresql.org.asc] https://apt.postgresql.org/pub/repos/apt bookworm-pgdg main" \
       > /etc/apt/sources.list.d/pgdg.list \
    && apt-get update && apt-get install -y --no-install-recommends postgresql-client-16 \
    && rm -rf /var/lib/apt/lists/*
COPY pyproject.toml README.md ./
COPY config config
COPY common common
COPY operations operations
COPY games games
COPY tournaments tournaments
COPY accounts accounts
COPY huche huche
COPY templates templates
COPY static static
COPY locale locale
COPY manage.py gunicorn.conf.py ./
RUN pip install . \
    && DEBUG=0 SECRET_KEY=collectstatic-at-build-time-only-not-the-site-secret \
       python manage.py collectstatic --noinput
# /keys: the archive signing key (HUCHE_SIGNING_KEY_FILE), on a volume so it outlives the image.
RUN useradd --system --home /app huche && mkdir -p /app/media /keys && chown -R huche /app /keys
USER huche
EXPOSE 8000
CMD ["gunicorn", "config.wsgi:application", "--bind", "0.0.0.0:8000", "--workers", "3", "--timeout", "30"]
