"""The fault run (faults/run.py, faults/README.md)."""
