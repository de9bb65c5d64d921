# Huche: the two commands of the quick start are `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-$(shell cksum pyproject.toml | cut -d' ' -f1)
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: install run hall wheel test test-fast fuzz test-js lint lint-js js-deps typecheck format bench bench-smoke worker messages e2e-deps clean

$(STAMP): pyproject.toml
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e ".[dev]"
	@rm -f $(VENV)/.installed-*
	@touch $(STAMP)

install: $(STAMP)

# `huche`: Django's management commands with Huche's settings, the hall's unless HUCHE_HALL=0
# (huche/cli.py); the same command a wheel installs without a checkout (docs/hall.md).
HUCHE := $(VENV)/bin/huche
# The demo serves this computer only: its password is published and DEBUG is on, so runserver
# refuses any HOST beyond the loopback (operations/exposure.py). A real event at a hall: `make hall`.
DEMO := HUCHE_HALL=0 HUCHE_LISTEN=$(HOST):$(PORT) $(HUCHE)

run: install ## Migrate, load the demo data and serve Huche at http://$(HOST):$(PORT)
	$(DEMO) migrate --noinput
	$(DEMO) load_demo --if-own-database
	$(DEMO) runserver $(HOST):$(PORT)

# A real event at a hall (docs/hall.md): no demo data, DEBUG off, gunicorn, the hall's own
# SQLite file (hall.sqlite3), every network of the laptop unless HOST= says which address.
HALL_HOST := $(if $(filter command line environment,$(origin HOST)),$(HOST),0.0.0.0)

hall: install ## Serve a real event on the hall's Wi-Fi (make hall [HOST=…] [PORT=…])
	HUCHE_LISTEN=$(HALL_HOST):$(PORT) $(HUCHE) hall

wheel: install ## Build dist/huche-VERSION-py3-none-any.whl: Huche without a checkout (docs/hall.md)
	$(PY) -m pip wheel --quiet --no-deps --wheel-dir dist .

# In as many processes as the computer has cores, four at most (pytest-xdist; tests/parallel.py
# keeps each file in one process, by its own scheduler for --dist loadscope, and gives each
# process its own databases and data folder). TEST_PROCESSES=0: one process, in order.
TEST_PROCESSES ?= auto
test: install test-js ## The whole suite (engine, web, real browser when Chromium is present)
	HUCHE_TESTING=1 $(PY) -m pytest $(if $(filter 0,$(TEST_PROCESSES)),,-n $(TEST_PROCESSES) --maxprocesses=4 --dist loadscope) $(PYTEST_ARGS)

# The phone's own code (static/huche): node's test runner on the captain queue's logic
# (tests/js). Without node a laptop skips it and says so; CI (CI=true) must have it.
test-js: ## Unit tests of the browser scripts' logic with node's own test runner
	@if command -v node >/dev/null 2>&1; then \
	  tap=$$(mktemp); status=0; \
	  node --test --test-reporter=spec --test-reporter-destination=stdout \
	    --test-reporter=tap --test-reporter-destination=$$tap tests/js/ || status=$$?; \
	  passed=$$(sed -n 's/^# pass //p' $$tap); failed=$$(sed -n 's/^# fail //p' $$tap); rm -f $$tap; \
	  echo "node --test tests/js: $${passed:-0} passed, $${failed:-0} failed"; exit $$status; \
	elif [ "$$CI" = true ]; then echo "node is required in CI (Debian: nodejs)" >&2; exit 1; \
	else echo "node --test skipped: node is not installed (Debian: apt-get install nodejs)"; fi

test-fast: install
	HUCHE_TESTING=1 $(PY) -m pytest -m "not slow and not e2e" $(PYTEST_ARGS)

# The state machine of an event's whole life (issue 49) with FUZZ_EXAMPLES randomized stories
# instead of CI's few derandomized ones; a failure prints its shrunk story.
FUZZ_EXAMPLES ?= 200
fuzz: install ## A long run of the event-life state machine (make fuzz [FUZZ_EXAMPLES=…])
	HUCHE_TESTING=1 HUCHE_FUZZ_EXAMPLES=$(FUZZ_EXAMPLES) $(PY) -m pytest \
		tests/tournaments/event_life/test_event_life_machine.py -x -q -p no:cacheprovider

lint: install ## ruff check (style, bugs, complexity <= 12), ruff format --check, mypy, then eslint
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(MAKE) --no-print-directory typecheck
	$(MAKE) --no-print-directory lint-js

# eslint (eslint.config.js) comes from the npm registry as a dev-only package (package.json,
# package-lock.json), installed into node_modules/ by `npm ci` when the lock file changes.
NPM_STAMP := node_modules/.installed-$(shell cksum package-lock.json | cut -d' ' -f1)

$(NPM_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund
	@touch $(NPM_STAMP)

js-deps: $(NPM_STAMP) ## npm ci: eslint into node_modules/ (dev-only)

lint-js: ## eslint on static/huche and tests/js (skipped without npm, except in CI)
	@if command -v npm >/dev/null 2>&1; then \
	  $(MAKE) --no-print-directory $(NPM_STAMP) && \
	  node_modules/.bin/eslint static/huche tests/js eslint.config.js && \
	  echo "eslint: static/huche and tests/js are clean"; \
	elif [ "$$CI" = true ]; then echo "npm is required in CI (Debian: npm)" >&2; exit 1; \
	else echo "eslint skipped: npm is not installed (Debian: apt-get install npm)"; fi

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
	rm -rf $(VENV) dist node_modules huche.sqlite3 staticfiles .pytest_cache .mypy_cache
