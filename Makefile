# `make run` starts Warbench, `make test` runs the test suite. Both set up
# everything first: Debian libraries Qt needs (packaging/debian-deps.sh) and a
# virtual environment in .venv with the project installed in editable mode.
PYTHON ?= python3
# one venv per Python, if you like: make PYTHON=python3.12 VENV=.venv-3.12 test
VENV ?= .venv
# pip constraints for the venv, e.g. the oldest supported versions (CI's minimum-versions run):
# make VENV=.venv-min CONSTRAINTS=packaging/constraints-min.txt test
CONSTRAINTS ?=
BIN := $(VENV)/bin

# A .venv made by another Python (say a first try with 3.10) is rebuilt, never reused.
PY_VERSION = import sys; print("%d.%d" % sys.version_info[:2])
WANT_PY := $(shell $(PYTHON) -c '$(PY_VERSION)' 2>/dev/null)
VENV_PY := $(shell $(BIN)/python -c '$(PY_VERSION)' 2>/dev/null)

.PHONY: fuzz run test check translations model-translations rules-coverage deps-desktop deps-offscreen bench clean rebuild-venv bundle bundle-test install-desktop uninstall-desktop validate-desktop

ifneq ($(VENV_PY),$(WANT_PY))
$(BIN)/.venv-made: rebuild-venv
endif

# another Python to suggest when $(PYTHON) is too old or missing (never the one just tried)
OTHER_PYTHON := $(firstword $(filter-out $(PYTHON),python3.13 python3.12 python3.11))

$(BIN)/.venv-made:
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' || \
		{ echo "Warbench needs Python 3.11 or newer; $(PYTHON) is $(or $(WANT_PY),not found). Try: make PYTHON=$(OTHER_PYTHON)"; exit 1; }
	@if [ -d $(VENV) ] && [ "$(VENV_PY)" != "$(WANT_PY)" ]; then \
		echo "$(VENV) was made by Python $(VENV_PY), not $(WANT_PY): rebuilding it"; rm -rf $(VENV); fi
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	touch $@

# `make run`: the project and what running needs; `make test` and `make check` add the test and dev extras.
# setuptools' 9-line "Editable installation" notice is printed for every project of this (flat) layout and
# cannot be turned off in pyproject.toml; what it warns of (a folder named like a package in the current
# folder taking precedence) here is that package's own source
PIP_INSTALL = PYTHONWARNINGS="ignore:Editable installation" $(BIN)/python -m pip install --quiet \
	$(if $(CONSTRAINTS),--constraint $(CONSTRAINTS))

$(BIN)/.installed-run: $(BIN)/.venv-made pyproject.toml
	$(PIP_INSTALL) -e .
	touch $@

$(BIN)/.installed: $(BIN)/.venv-made pyproject.toml
	$(PIP_INSTALL) -e '.[test,dev]'
	touch $@ $(BIN)/.installed-run

deps-desktop:
	@bash packaging/debian-deps.sh desktop

deps-offscreen:
	@bash packaging/debian-deps.sh offscreen

run: deps-desktop $(BIN)/.installed-run
	$(BIN)/warbench $(ARGS)

test: deps-offscreen $(BIN)/.installed
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest $(PYTEST_ARGS)

# lint, format and type checks (ruff, mypy; settings in pyproject.toml), and no function above radon's
# grade C (cyclomatic complexity over 20: radon lists it, and the check fails); CI runs it before the tests.
check: $(BIN)/.installed
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	! $(BIN)/radon cc -n D -s model gui warbench | grep .

# docs/rules-coverage.md from the systems' data and attack models (tests/model/test_rules_coverage.py checks it)
rules-coverage: $(BIN)/.installed
	$(BIN)/python -m warbench.model.rules_coverage > docs/rules-coverage.md

# 10,000 hostile army files through the loader and 500 SIGKILLs during saves; prints the counts
fuzz: $(BIN)/.installed
	$(BIN)/python -m tests.fuzz

bench: $(BIN)/.installed
	@$(BIN)/python -m pip install --quiet -e '.[bench]' || echo "bench extra not installed: the dice comparison is skipped"
	for b in benchmarks/*.py; do QT_QPA_PLATFORM=offscreen $(BIN)/python $$b || exit 1; done

clean:
	rm -rf $(VENV) .pytest_cache

# Desktop integration (freedesktop): menu entry, icons, AppStream metainfo and the *.army.json and *.game.json
# file types, per user under ~/.local/share: `warbench desktop install` does it from the installed package (a
# pipx install needs no clone). EXEC is what the menu entry runs (default: this checkout's .venv).
APP_ID := io.github.warbench.warbench
DESKTOP := resources/desktop
DATA_HOME ?= $(or $(XDG_DATA_HOME),$(HOME)/.local/share)
EXEC ?= $(abspath $(BIN)/warbench-gui)

install-desktop: $(BIN)/.installed-run
	$(BIN)/warbench desktop install --data-home "$(DATA_HOME)" --exec "$(EXEC)"

uninstall-desktop: $(BIN)/.installed-run
	$(BIN)/warbench desktop uninstall --data-home "$(DATA_HOME)"

# CI runs this (it installs desktop-file-utils, appstream and shared-mime-info first)
validate-desktop:
	desktop-file-validate $(DESKTOP)/$(APP_ID).desktop
	appstreamcli validate --no-net --pedantic $(DESKTOP)/$(APP_ID).metainfo.xml
	xmllint --noout $(DESKTOP)/$(APP_ID).mime.xml 2>/dev/null || python3 -c 'import sys, xml.dom.minidom as m; m.parse(sys.argv[1])' $(DESKTOP)/$(APP_ID).mime.xml

# Standalone one-folder bundle (PyInstaller) in dist/warbench/, and its smoke test (not in CI: time)
bundle: $(BIN)/.installed
	$(BIN)/python -m pip install --quiet "pyinstaller>=6"
	$(BIN)/pyinstaller --noconfirm --clean --log-level WARN --distpath dist --workpath build/pyinstaller \
		packaging/warbench.spec
	@du -sh dist/warbench

bundle-test: bundle
	bash packaging/bundle-test.sh dist/warbench/warbench

# resources/i18n/warbench_<lang>.ts from the tr()/translate() strings in gui/ and the print documents' titles
# (model/pdf/documents.py; kept translations stay), and
# the .qm files the wheel ships (both committed: building the wheel needs no Qt tools). docs/translating.md
LANGS := de
translations: $(BIN)/.installed
	for l in $(LANGS); do \
		$(BIN)/pyside6-lupdate -locations none -no-obsolete -target-language $$l gui/*.py model/pdf/documents.py -ts resources/i18n/warbench_$$l.ts && \
		$(BIN)/pyside6-lrelease resources/i18n/warbench_$$l.ts -qm resources/i18n/warbench_$$l.qm || exit 1; done
	# English: only the counts' plural forms ("%n page(s)" -> "3 pages"), filled in by hand
	$(BIN)/pyside6-lupdate -locations none -no-obsolete -pluralonly -target-language en gui/*.py -ts resources/i18n/warbench_en.ts
	$(BIN)/pyside6-lrelease resources/i18n/warbench_en.ts -qm resources/i18n/warbench_en.qm
	$(MAKE) model-translations

# The model's words (no Qt): GNU gettext (Debian's gettext package) extracts the code's _(), ngettext(),
# pgettext() and N_() strings, model/i18n_data.py the rule systems' labels; msgmerge updates each
# resources/i18n/model_<lang>.po (kept translations stay, gone ones are dropped) and msgfmt compiles the .mo
# the model loads (both committed). docs/translating.md
GETTEXT_KEYWORDS := --keyword=_ --keyword=N_ --keyword=NP_:1c,2 --keyword=ngettext:1,2 --keyword=pgettext:1c,2
model-translations: $(BIN)/.installed
	@command -v xgettext >/dev/null || { echo "make model-translations needs GNU gettext: sudo apt-get install gettext"; exit 1; }
	mkdir -p build
	xgettext --language=Python --from-code=UTF-8 --no-location --sort-output $(GETTEXT_KEYWORDS) \
		--package-name=Warbench -o build/model-code.pot $$(find model -name '*.py' | sort)
	$(BIN)/python -m warbench.model.i18n_data > build/model-data.pot
	msgcat --use-first --sort-output --no-location -o build/model.pot build/model-code.pot build/model-data.pot
	for l in $(LANGS); do \
		msgmerge --quiet --update --backup=none --no-fuzzy-matching --no-location --sort-output \
			resources/i18n/model_$$l.po build/model.pot && \
		msgattrib --no-obsolete --no-location --sort-output -o resources/i18n/model_$$l.po resources/i18n/model_$$l.po && \
		msgfmt --check -o resources/i18n/model_$$l.mo resources/i18n/model_$$l.po || exit 1; done
