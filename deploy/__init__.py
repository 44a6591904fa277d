"""How Taverne runs in production: one description of its processes (topology.py) and the
configurations generated from it (generate.py). docs/operations.md tells the rest."""
