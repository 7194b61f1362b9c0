# `make run` starts Warbench, `make test` runs the test suite. Both set up
# everything first: Debian libraries Qt needs (packaging/debian-deps.sh) and a
# virtual environment in .venv with the project installed in editable mode.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

# A .venv made by another Python (say a first try with 3.10) is rebuilt, never reused.
PY_VERSION = import sys; print("%d.%d" % sys.version_info[:2])
WANT_PY := $(shell $(PYTHON) -c '$(PY_VERSION)' 2>/dev/null)
VENV_PY := $(shell $(BIN)/python -c '$(PY_VERSION)' 2>/dev/null)

.PHONY: run test check deps-desktop deps-offscreen bench clean rebuild-venv

ifneq ($(VENV_PY),$(WANT_PY))
$(BIN)/.installed: rebuild-venv
endif

$(BIN)/.installed: pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' || \
		{ echo "Warbench needs Python 3.11 or newer; $(PYTHON) is $(or $(WANT_PY),not found). Try: make PYTHON=python3.12"; exit 1; }
	@if [ -d $(VENV) ] && [ "$(VENV_PY)" != "$(WANT_PY)" ]; then \
		echo "$(VENV) was made by Python $(VENV_PY), not $(WANT_PY): rebuilding it"; rm -rf $(VENV); fi
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test,dev]'
	touch $@

deps-desktop:
	@bash packaging/debian-deps.sh desktop

deps-offscreen:
	@bash packaging/debian-deps.sh offscreen

run: deps-desktop $(BIN)/.installed
	$(BIN)/warbench $(ARGS)

test: deps-offscreen $(BIN)/.installed
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest $(PYTEST_ARGS)

# lint and format check (ruff); CI runs it before the tests
check: $(BIN)/.installed
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

bench: $(BIN)/.installed
	@$(BIN)/python -m pip install --quiet -e '.[bench]' || echo "bench extra not installed: the dice comparison is skipped"
	for b in benchmarks/*.py; do QT_QPA_PLATFORM=offscreen $(BIN)/python $$b || exit 1; done

clean:
	rm -rf $(VENV) .pytest_cache
