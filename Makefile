# make demo: installs what is missing and runs the main job.
# make test: installs what is missing and runs the tests.
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed

.PHONY: demo test deps sysdeps lint bench clean

demo: deps
	$(VENV)/bin/puthi demo --out puthi-demo

test: deps
	$(VENV)/bin/ruff check .
	$(PY) -m pytest

deps: sysdeps $(STAMP)

sysdeps:
	@bash scripts/system-deps.sh

$(STAMP): pyproject.toml
	test -x $(PY) || python3 -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[dev]'
	touch $(STAMP)

lint: deps
	$(VENV)/bin/ruff check .

bench: deps
	$(PY) -m bench

clean:
	rm -rf $(VENV) puthi-demo .pytest_cache
