# Two commands do all set-up on a fresh machine: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := .make

.PHONY: run test test-poll e2e bench lint clean chromium nginx pgbouncer demo

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# Reinstall only when the project's metadata changed.
$(STAMP)/runtime: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	@mkdir -p $(STAMP) && touch $@

$(STAMP)/dev: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	@mkdir -p $(STAMP) && touch $@ $(STAMP)/runtime

run: $(STAMP)/runtime
	$(BIN)/streamlit run app.py

lint: $(STAMP)/dev
	$(BIN)/ruff check .
	$(BIN)/mypy

# Browser tests drive Debian's Chromium (never a downloaded browser); install it if missing.
chromium:
	@command -v chromium >/dev/null || { apt-get update -q && apt-get install -y -q chromium; }

# The deployment test runs the shipped deploy/nginx.conf on loopback; install nginx if missing.
nginx:
	@command -v nginx >/dev/null || test -x /usr/sbin/nginx || { apt-get update -q && \
		apt-get install -y -q --no-install-recommends nginx-light || \
		apt-get install -y -q --no-install-recommends nginx; }

# The store's tests run once through a transaction-mode PgBouncer in front of the test
# PostgreSQL, as hosted poolers (Supabase, Neon) put one; install Debian's if missing.
pgbouncer:
	@command -v pgbouncer >/dev/null || test -x /usr/sbin/pgbouncer || { apt-get update -q && \
		apt-get install -y -q --no-install-recommends pgbouncer; }

# The project's own modules compiled once, so that the many servers and processes the tests
# start load them ready (the environment may forbid Python to write them as it imports).
test: lint chromium nginx pgbouncer
	$(BIN)/python -m compileall -q app.py core ui screens bench tests >/dev/null
	$(BIN)/python -m pytest

# Every browser test again with push forced off: the pages poll every second, the fallback.
test-poll: lint chromium nginx pgbouncer
	$(BIN)/python -m compileall -q app.py core ui screens bench tests >/dev/null
	PUSH=off $(BIN)/python -m pytest $$(grep -l playwright tests/test_*.py tests/*/test_*.py)


# Whole games to their end in Chromium (several minutes each), beside `make test`'s hands.
e2e: $(STAMP)/dev chromium
	$(BIN)/python -m pytest -m full_game -rP --durations=0

# Every registered game's name, from the registry.
GAMES = $$($(BIN)/python -c 'from core import games; print(*games.names())')

# Bot-played games of every registered game, at the tables each declares, in the store
# `make run` uses (DATABASE_URL, else data/moon3.db), so the Stats page has something to show
# on a fresh install.
demo: $(STAMP)/runtime
	$(BIN)/python -m core demo

# The platform's benchmarks, then each registered game's own (bench/<game>.py; Moon 3 of
# Spades' engine is bench/engine.py).
bench: $(STAMP)/dev
	$(BIN)/python -m bench.engine
	$(BIN)/python -m bench.simulate
	$(BIN)/python -m bench.versus
	$(BIN)/python -m bench.store
	$(BIN)/python -m bench.ui
	$(BIN)/python -m bench.bots --part times --part rules
	$(BIN)/python -m bench.stats
	$(BIN)/python -m bench.imports
	for game in $(GAMES); do \
		test ! -f bench/$$game.py || $(BIN)/python -m bench.$$game || exit 1; \
	done
	$(BIN)/python -m bench.load
	$(BIN)/python -m bench.host

clean:
	rm -rf $(VENV) $(STAMP)
