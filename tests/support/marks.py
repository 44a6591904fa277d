"""Marks shared by several test modules."""

import pytest

# The engines' long checks (many whole games, soaks): pure computation, no database, no
# server. They are `slow` (out of `make test`), and CI runs them beside the fault run, on
# the processor time it leaves idle, instead of in the SQLite stage (.ci/run, README
# "Continuous integration").
ENGINE_SOAK = [pytest.mark.slow, pytest.mark.engine_soak]
