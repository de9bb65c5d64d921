# Huche: the two commands of the quick start are `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-$(shell cksum pyproject.toml | cut -d' ' -f1)
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: install run hall demo test test-fast lint typecheck format bench bench-smoke worker messages e2e-deps clean

$(STAMP): pyproject.toml
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e ".[dev]"
	@rm -f $(VENV)/.installed-*
	@touch $(STAMP)

install: $(STAMP)

# The demo serves this computer only: its password is published and DEBUG is on, so runserver
# refuses any HOST beyond the loopback (config/exposure.py). A real event at a hall: `make hall`.
SERVE := HUCHE_LISTEN=$(HOST):$(PORT)

run: install ## Migrate, load the demo data and serve Huche at http://$(HOST):$(PORT)
	$(PY) manage.py migrate --noinput
	$(SERVE) $(PY) manage.py load_demo --if-own-database
	$(SERVE) $(PY) manage.py runserver $(HOST):$(PORT)

# A real event at a hall (docs/hall.md): no demo data, DEBUG off, gunicorn, the hall's own
# SQLite file (hall.sqlite3), every network of the laptop unless HOST= says which address.
HALL_HOST := $(if $(filter command line environment,$(origin HOST)),$(HOST),0.0.0.0)

hall: install ## Serve a real event on the hall's Wi-Fi (make hall [HOST=…] [PORT=…])
	HUCHE_HALL=1 HUCHE_LISTEN=$(HALL_HOST):$(PORT) $(PY) manage.py hall

demo: install
	$(PY) manage.py migrate --noinput
	$(PY) manage.py load_demo --reset

test: install ## The whole suite (engine, web, real browser when Chromium is present)
	HUCHE_TESTING=1 $(PY) -m pytest $(PYTEST_ARGS)

test-fast: install
	HUCHE_TESTING=1 $(PY) -m pytest -m "not slow and not e2e" $(PYTEST_ARGS)

lint: install ## ruff check (style, bugs, complexity <= 12), ruff format --check, then mypy
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(MAKE) --no-print-directory typecheck

typecheck: install ## mypy with the [tool.mypy] settings of pyproject.toml (strict on the engines)
	$(VENV)/bin/mypy

format: install
	$(VENV)/bin/ruff format .

bench: install ## Benchmarks: engines, computer players, seating, web, load (docs/performance.md)
	HUCHE_TESTING=1 $(PY) -m benchmarks

bench-smoke: install ## Every benchmark at small sizes (a minute or two): fails if one raises
	HUCHE_TESTING=1 $(PY) -m benchmarks --quick

worker: install ## A Celery worker against REDIS_URL
	$(VENV)/bin/celery -A config worker --loglevel=info --concurrency=2

messages: install ## Refresh and compile the French translations
	$(PY) manage.py makemessages -l fr_CA --ignore=.venv
	$(PY) manage.py compilemessages --ignore=.venv

clean:
	rm -rf $(VENV) huche.sqlite3 staticfiles .pytest_cache .mypy_cache
