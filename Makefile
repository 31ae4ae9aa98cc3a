# Rusc. `make site` and `make test` work on a fresh machine: they create .venv themselves.
# LANGS picks languages (default: pipeline/site.toml's); never call it LANG, that's the locale.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
LANGS  ?=
# The site's "today". Time enters the build only here (or through SOURCE_DATE_EPOCH).
DATE   ?= $(shell date +%F)
# Test runner options, e.g. make test PYTEST_ARGS="-k beehive"
PYTEST_ARGS ?=

# Debian packages the tests need: Hunspell as the oracle, its C++ tools for the benchmark,
# its headers for the tiny spell-checker the tests compile, Chromium for the page tests,
# Node.js (npm packs the dictionaries; the Wordle JS is checked against Python).
SYSTEM_PACKAGES := hunspell hunspell-tools libhunspell-dev g++ chromium nodejs sqlite3

export SITE_LANGS := $(LANGS)

.PHONY: help setup system-deps dictionaries all-languages site test check lint bench publish-check oracle messages docs lock clean

help:
	@echo "make site          set up .venv, build the dictionaries and dist/site (LANGS=\"ca en\" DATE=YYYY-MM-DD)"
	@echo "make test          install what the tests need and run the static checks and every test"
	@echo "make check         the fast lane (about a minute): the static checks and every test that needs"
	@echo "                   neither the real dictionaries nor Chromium"
	@echo "make lint          ruff (lint and format), mypy on pipeline/, ESLint on site/"
	@echo "make dictionaries  fetch, expand and list the languages (LANGS=\"es fr\")"
	@echo "make all-languages build every language file one after another and print the table of docs/languages.md"
	@echo "make bench         speed and memory benchmarks against reference tools"
	@echo "make oracle        every generated form checked by libhunspell (LANGS, default ca en es fr)"
	@echo "make publish-check build as the Pages workflow does and check the artifact"
	@echo "make messages      re-extract the interface text into pipeline/locale/messages.pot and merge it into every .po"
	@echo "make docs          rewrite docs/cli.md and docs/settings.md from the --help and the language schema"
	@echo "make lock          re-resolve requirements.lock (with hashes) from pyproject.toml"
	@echo "make clean         remove dist/ (the dictionary cache in .cache/ stays)"

# Every runtime and test dependency comes from the lock, each file checked against its hash;
# Rusc itself is installed without resolving anything further.
$(BIN)/rusc: pyproject.toml requirements.lock
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --require-hashes -r requirements.lock
	$(BIN)/pip install --quiet --no-deps -e .
	@touch $@

setup: $(BIN)/rusc

system-deps:
	@missing=""; for p in $(SYSTEM_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "installing Debian packages:$$missing"; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq --no-install-recommends $$missing >/dev/null; \
	fi

dictionaries: setup
	$(BIN)/rusc dictionaries $(LANGS)

# Every language of pipeline/languages/ (or LANGS), one after another, never two at once;
# a build over ALL_LANGUAGES_TIMEOUT seconds is stopped. Prints docs/languages.md's language table.
ALL_LANGUAGES_TIMEOUT ?= 300
all-languages: setup
	$(BIN)/python scripts/language_table.py --timeout $(ALL_LANGUAGES_TIMEOUT) $(LANGS)

site: dictionaries
	$(BIN)/rusc site --date $(DATE) $(if $(LANGS),--languages $(LANGS))

# Every test, in two lanes. The static checks (make lint), then the fast lane (the tests that
# need neither the dictionaries nor Chromium), run on one core while the dictionaries are
# built; their report follows the slow lane's (make check reports them at once). The slow
# lane starts as soon as the dictionaries are built, on both cores, the fast lane finishing
# beside it (the fast lane ends about 10 s after the build: no core waits). What several slow
# tests need is built once and shared on disk (tests/conftest.py); each test file runs on
# one worker (--dist loadscope), so a file's module fixtures (a Catalan lemma choice, Wordle
# page data, indexes with their schedules) are made once; the files go out in conftest's
# order, the longest first (--no-loadscope-reorder). pytest's status 5 is "no test
# selected", which PYTEST_ARGS may mean for one lane.
test: setup system-deps
	@fast_log=$$(mktemp); \
	{ $(MAKE) --no-print-directory lint && $(BIN)/python -m pytest -q -n 0 -m "not slow" $(PYTEST_ARGS); } >"$$fast_log" 2>&1 & fast=$$!; \
	echo "$(BIN)/rusc dictionaries $(LANGS)  (and meanwhile make lint, then the fast lane: pytest -m \"not slow\")"; \
	$(BIN)/rusc dictionaries $(LANGS); built=$$?; \
	status=0; \
	if [ $$built = 0 ]; then \
	  echo "$(BIN)/python -m pytest -n 2 --dist loadscope --no-loadscope-reorder -m slow $(PYTEST_ARGS)"; \
	  $(BIN)/python -m pytest -n 2 --dist loadscope --no-loadscope-reorder -m slow $(PYTEST_ARGS); status=$$?; \
	fi; \
	wait $$fast; fast_status=$$?; \
	echo "make lint and the fast lane (pytest -m \"not slow\"):"; cat "$$fast_log"; rm -f "$$fast_log"; \
	[ $$built = 0 ] || exit $$built; \
	[ $$fast_status = 0 ] || [ $$fast_status = 5 ] || exit $$fast_status; \
	[ $$status = 0 ] || [ $$status = 5 ] || exit $$status

# The fast lane: no dictionary fetched, no browser started. tests/support/schedule.py marks a test
# slow by the fixtures it uses (the real dictionaries, Chromium), never by hand.
check: setup system-deps lint
	$(BIN)/python -m pytest -n 2 -q -m "not slow" $(PYTEST_ARGS)

# ESLint and its rules come from package-lock.json, each package checked against its hash.
NODE_TOOLS := node_modules/.package-lock.json
$(NODE_TOOLS): package.json package-lock.json
	npm ci --ignore-scripts --no-audit --no-fund --silent
	@touch $@

lint: setup $(NODE_TOOLS)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	npx --no-install eslint site

bench: setup system-deps dictionaries
	$(BIN)/python bench/run_all.py

# Every form of each language asked of libhunspell (the tests ask at most a million per language).
ORACLE_LANGS := $(or $(LANGS),ca en es fr)
oracle: setup system-deps
	$(BIN)/rusc dictionaries $(ORACLE_LANGS)
	@for code in $(ORACLE_LANGS); do $(BIN)/python scripts/rejected_forms.py $$code || exit 1; done

publish-check: setup
	$(BIN)/python scripts/publish_check.py

# The interface text: templates/ and pipeline/render/ -> messages.pot -> every language's .po
# (new messages arrive untranslated, changed ones fuzzy; translate them, the build compiles).
messages: setup
	$(BIN)/pybabel extract -F babel.cfg -k plural_forms:1,2 --sort-output --no-location --no-wrap --omit-header -k plural_forms:1,2 -o pipeline/locale/messages.pot .
	$(BIN)/pybabel update -i pipeline/locale/messages.pot -d pipeline/locale --no-wrap --ignore-pot-creation-date --ignore-obsolete

# docs/cli.md and docs/settings.md, written from the commands' --help and the language schema (tests/test_docs.py checks them).
docs: setup
	$(BIN)/python scripts/reference_docs.py

# The one command that updates the lock: pip-tools in a throw-away venv, so the lock tool
# is not itself a dependency of the build.
LOCK_TOOLS := $(VENV)-lock
lock:
	$(PYTHON) -m venv $(LOCK_TOOLS)
	$(LOCK_TOOLS)/bin/pip install --quiet pip-tools
	$(LOCK_TOOLS)/bin/pip-compile --quiet --generate-hashes --allow-unsafe --strip-extras \
	  --no-emit-index-url --no-emit-find-links --extra test --output-file requirements.lock pyproject.toml

clean:
	rm -rf dist
