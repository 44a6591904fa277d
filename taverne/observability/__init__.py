"""What the running site tells its operators: structured logs (one line per request, move
and task), errors sent to an error tracker when one is configured, Prometheus metrics
(docs/operations.md). Play calls it in a few one-line places; it imports nothing of the
apps."""
