# Two commands do all set-up on a fresh machine: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := .make

.PHONY: run test bench lint clean chromium

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

test: lint chromium
	$(BIN)/python -m pytest

bench: $(STAMP)/dev
	$(BIN)/python -m bench.engine
	$(BIN)/python -m bench.store
	$(BIN)/python -m bench.ui
	$(BIN)/python -m bench.bots --part times --part rules

clean:
	rm -rf $(VENV) $(STAMP)
