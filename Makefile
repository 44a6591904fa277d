# Two commands matter: `make run` and `make test`. Everything else is a step
# of theirs. The virtualenv is rebuilt only when a requirements file changes
# (the stamp files record the last successful install).

VENV := .venv
PY := $(VENV)/bin/python
HOST ?= 127.0.0.1
PORT ?= 8000
# The address links (e-mails, invitations) are built from: the one `make run` serves,
# unless SITE_URL is given (`make run HOST=0.0.0.0 SITE_URL=http://my-machine.lan:8000`).
# A server listening on every interface is reached at 127.0.0.1 from this machine.
SITE_URL ?= http://$(if $(filter 0.0.0.0 ::,$(HOST)),127.0.0.1,$(HOST)):$(PORT)
PYTEST_ARGS ?=
# The tests run on every core the machine has (pytest-xdist; `worksteal` hands a long test's
# neighbours to an idle worker), in one process on a one-core machine: `make test JOBS=1`.
JOBS ?= $(shell nproc 2>/dev/null || echo 1)
PARALLEL := $(if $(filter-out 1,$(JOBS)),-n $(JOBS) --dist worksteal)

.PHONY: run test test-all test-backend lint clean-venv prod prod-deps prod-stop prod-restart

run: $(VENV)/.runtime-installed
	$(PY) manage.py setup_embedded
	SITE_URL='$(SITE_URL)' $(PY) manage.py runserver $(HOST):$(PORT)

# `make test`: everything but the long checks marked `slow` (many whole games, soaks);
# `make test-all`: the whole suite (CI's run on the embedded backends);
# `make test-backend`: the tests of the database, channel layer, sockets and concurrency
# (marked `backend`, tests/conftest.py), which CI runs again on PostgreSQL and Redis (with
# DATABASE_URL and REDIS_URL set).
# Compiled modules (pytest's rewritten test modules among them) are kept between runs and
# shared by the workers and the servers the tests start, in the virtualenv, even where the
# environment asks Python not to write them: compiling the suite takes each process seconds.
test test-all test-backend: export PYTHONDONTWRITEBYTECODE :=
test test-all test-backend: export PYTHONPYCACHEPREFIX := $(CURDIR)/$(VENV)/pycache

test: $(VENV)/.dev-installed
	$(PY) -m pytest -m "not slow" $(PARALLEL) $(PYTEST_ARGS)

test-all: $(VENV)/.dev-installed
	$(PY) -m pytest $(PARALLEL) $(PYTEST_ARGS)

test-backend: $(VENV)/.dev-installed
	$(PY) -m pytest -m backend $(PARALLEL) $(PYTEST_ARGS)

# The production site on this machine, behind its own nginx on https://127.0.0.1:8443/
# (deploy/prod.sh, docs/operations.md "Deploying"): `make prod-deps` once (Debian packages),
# then `make prod` brings it up, or deploys the checkout's code to it if it runs;
# `make prod-restart` restarts its processes one at a time; `make prod-stop` stops them.
prod: $(VENV)/.runtime-installed
	deploy/prod.sh up

prod-deps:
	deploy/prod.sh deps

prod-restart: $(VENV)/.runtime-installed
	deploy/prod.sh restart

prod-stop:
	deploy/prod.sh stop

lint: $(VENV)/.dev-installed
	$(VENV)/bin/ruff check .
	$(VENV)/bin/lint-imports

$(PY):
	python=$$(bin/find-python) && "$$python" -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

$(VENV)/.runtime-installed: requirements.txt | $(PY)
	$(PY) -m pip install --quiet -r requirements.txt
	touch $@

# The dev stamp implies the runtime one: requirements-dev.txt includes
# requirements.txt.
$(VENV)/.dev-installed: requirements.txt requirements-dev.txt | $(PY)
	$(PY) -m pip install --quiet -r requirements-dev.txt
	touch $@ $(VENV)/.runtime-installed

clean-venv:
	rm -rf $(VENV)
