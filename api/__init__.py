"""The HTTP API for outside programs, ``/api/v1/`` (docs/api.md).

Thin, like the pages: each endpoint authenticates a personal access token
(accounts/tokens.py), checks its scope, calls the same action function as the page or the
socket, and answers what the pages would show: a seat's view (the socket's ``state``
frame), the archive's reveal policy, or a refusal with its stable code.
"""
