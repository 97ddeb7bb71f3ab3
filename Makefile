# Two commands do all set-up on a fresh machine: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := .make

.PHONY: run test e2e bench lint clean chromium nginx demo

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
	$(BIN)/mypy core

# Browser tests drive Debian's Chromium (never a downloaded browser); install it if missing.
chromium:
	@command -v chromium >/dev/null || { apt-get update -q && apt-get install -y -q chromium; }

# The deployment test runs the shipped deploy/nginx.conf on loopback; install nginx if missing.
nginx:
	@command -v nginx >/dev/null || test -x /usr/sbin/nginx || { apt-get update -q && \
		apt-get install -y -q --no-install-recommends nginx-light || \
		apt-get install -y -q --no-install-recommends nginx; }

test: lint chromium nginx
	$(BIN)/python -m pytest

# Whole games to their end in Chromium (several minutes each), beside `make test`'s hands.
e2e: $(STAMP)/dev chromium
	$(BIN)/python -m pytest -m full_game -rP --durations=0

# A few hundred bot-played games across modes and games in the store `make run` uses (DATABASE_URL,
# else data/moon3.db), so the Stats page has something to show on a fresh install.
DEMO_NAMES := Asha,Bikram,Chandra,Dipa,Esha,Farhan,Gita,Hari,Indu,Jamal
DEMO := $(BIN)/python -m core simulate --store --bot rules --names $(DEMO_NAMES) --spread-days 60
demo: $(STAMP)/runtime
	$(DEMO) --games 150 --players 4 --seed 1
	$(DEMO) --games 40 --players 6 --seed 2
	$(DEMO) --games 50 --players 5 --mode random --seed 3
	$(DEMO) --games 40 --players 5 --mode partners --seed 4
	$(DEMO) --games 20 --players 7 --mode partners --seed 5
	$(DEMO) --games 30 --players 3 --mode partners --seed 6
	$(DEMO) --game spades --games 30 --players 4 --seed 7
	$(DEMO) --game spades --games 10 --players 5 --seed 8

bench: $(STAMP)/dev
	$(BIN)/python -m bench.engine
	$(BIN)/python -m bench.store
	$(BIN)/python -m bench.ui
	$(BIN)/python -m bench.bots --part times --part rules
	$(BIN)/python -m bench.stats
	$(BIN)/python -m bench.imports
	$(BIN)/python -m bench.spades
	$(BIN)/python -m bench.moon_dominoes
	$(BIN)/python -m bench.thirteen
	$(BIN)/python -m bench.load

clean:
	rm -rf $(VENV) $(STAMP)
