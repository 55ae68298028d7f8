# The two commands of the README, plus helpers. Every target sets itself up: a fresh
# machine needs only Python 3.11 (and root or sudo for the browser package the tests use).

PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV   ?= .venv
BIN    := $(VENV)/bin
# Twice quiet: pip still prints errors, but not the warnings a machine's own pip configuration
# causes (an extra index without the package is "ignored" once per package, harmless but loud).
PIP_QUIET := --quiet --quiet
SUDO   := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: site test serve check golden lock bench bench-scale bench-wiki clean setup setup-test browser

## make site: set up and build the whole site into site/
site: setup
	$(BIN)/rulesite build

## make test: set up (including headless Chromium) and run every test
test: setup-test browser
	$(BIN)/python -m pytest

## make serve [SITE_LANG=nl]: preview one language with live reload (edit rules_data/ or examples/ and the page refreshes)
serve: setup
	$(BIN)/rulesite serve $(if $(SITE_LANG),--lang $(SITE_LANG))

check: setup
	$(BIN)/rulesite check

## make golden: regenerate the golden pages the tests compare against
golden: setup
	$(BIN)/python -m tests.golden

bench: setup
	$(BIN)/python -m benchmarks.build

## make bench-scale: rulesite against MkDocs + Material + mkdocs-static-i18n at 50, 150 and 300 pages (long)
bench-scale: setup
	$(BIN)/python -m pip install $(PIP_QUIET) --disable-pip-version-check -r benchmarks/requirements.lock
	$(BIN)/python -m benchmarks.scale

## make bench-wiki: wiki-lint and import wiki on 600 pages x 9 languages, as files and as one export (long)
bench-wiki: setup
	$(BIN)/python -m benchmarks.wiki --pages 600 --languages 9 --memory-pages 150

setup: $(VENV)/.runtime-installed
setup-test: $(VENV)/.test-installed

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# The project is installed with build isolation: the venv's own setuptools may lack
# bdist_wheel, and a failed first attempt would print an error before a fallback succeeded.
$(VENV)/.runtime-installed: $(BIN)/python pyproject.toml requirements.lock
	$(BIN)/python -m pip install $(PIP_QUIET) --disable-pip-version-check -r requirements.lock
	$(BIN)/python -m pip install $(PIP_QUIET) --disable-pip-version-check --no-deps -e .
	touch $@

$(VENV)/.test-installed: $(VENV)/.runtime-installed requirements-test.lock
	$(BIN)/python -m pip install $(PIP_QUIET) --disable-pip-version-check -r requirements-test.lock
	touch $@

# Debian's chromium drives the browser tests (nothing is downloaded by Playwright itself);
# GNU gettext's msgfmt checks the exported PO files. Both are installed when missing.
browser:
	@missing=""; command -v chromium >/dev/null 2>&1 || missing="chromium"; \
	command -v msgfmt >/dev/null 2>&1 || missing="$$missing gettext"; \
	if [ -n "$$missing" ]; then \
	  echo "installing Debian's$${missing:+ }$$missing for the tests"; \
	  $(SUDO) apt-get update -qq && \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive DEBCONF_NOWARNINGS=yes apt-get install -y -qq $$missing >/dev/null; \
	fi

lock:
	rm -rf .lock-venv && $(PYTHON) -m venv .lock-venv
	.lock-venv/bin/pip install --quiet -e . && .lock-venv/bin/pip freeze --exclude-editable > /tmp/rulesite-runtime.txt
	.lock-venv/bin/pip install --quiet -e '.[test]' && .lock-venv/bin/pip freeze --exclude-editable > /tmp/rulesite-all.txt
	{ echo "# Exact versions the site is built with. Regenerate: make lock"; cat /tmp/rulesite-runtime.txt; } > requirements.lock
	{ echo "# Test-only additions, on top of requirements.lock. Regenerate: make lock"; \
	  grep -vxFf /tmp/rulesite-runtime.txt /tmp/rulesite-all.txt; } > requirements-test.lock
	rm -rf .lock-venv

clean:
	rm -rf site build .site-* test-artifacts
