"""Structured logs: every line of the site (the apps' ``logging.getLogger(__name__)`` as
well as the request, move and task lines) as one JSON object in production, as readable
text in development; settings.LOGGING is ``logging_config()``'s.

The request, move and task lines are events: a short readable message and its fields
(JSON keys), on the loggers ``taverne.requests``, ``taverne.moves`` and ``taverne.tasks``.
"""

from __future__ import annotations

import contextvars
import logging

from pythonjsonlogger.core import RESERVED_ATTRS
from pythonjsonlogger.json import JsonFormatter as BaseJsonFormatter

EVENT_LOGGERS = ("taverne.requests", "taverne.moves", "taverne.tasks")

# The request being served in this context: every line logged meanwhile carries its id.
request_id: contextvars.ContextVar[str | None] = contextvars.ContextVar(
    "request_id", default=None
)


class RequestIdFilter(logging.Filter):
    """Adds the id of the request being served (if any) to every line; Django's line about
    a response, logged once the middleware is done, finds it on the request it carries."""

    def filter(self, record):
        if getattr(record, "request_id", None) is None:
            found = request_id.get() or getattr(getattr(record, "request", None),
                                                "request_id", None)
            if found is not None:
                record.request_id = found
        return True


class JsonFormatter(BaseJsonFormatter):
    """python-json-logger's formatter, minus Django's ``request`` object that
    ``django.request`` and ``django.security`` attach to their lines: its text is the
    full path with the query string, where a token may be."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("reserved_attrs", [*RESERVED_ATTRS, "request"])
        super().__init__(*args, **kwargs)


class TextFormatter(logging.Formatter):
    """The development console's lines; a request id only when there is one."""

    def format(self, record):
        line = super().format(record)
        rid = getattr(record, "request_id", None)
        return f"{line} [{rid}]" if rid else line


def logging_config(fmt: str, level: str, events: bool) -> dict:
    """settings.LOGGING: everything to the standard error stream, as JSON (``fmt`` "json")
    or text; the event lines at INFO when ``events`` is on, silent otherwise."""
    if fmt not in ("json", "text"):
        raise ValueError(f"LOG_FORMAT must be json or text, not {fmt!r}")
    formatters = {
        "json": {
            "()": JsonFormatter,
            "format": "%(levelname)s %(name)s %(message)s",
            # ISO 8601 in UTC, whatever the server's zone
            "timestamp": "time",
            "rename_fields": {"levelname": "level", "name": "logger"},
        },
        "text": {
            "()": TextFormatter,
            "format": "%(asctime)s %(levelname)s %(name)s: %(message)s",
        },
    }
    event_level = "INFO" if events else "WARNING"
    return {
        "version": 1,
        # The apps' module loggers exist before the settings are read: keep them.
        "disable_existing_loggers": False,
        "filters": {"request_id": {"()": RequestIdFilter}},
        "formatters": {fmt: formatters[fmt]},
        "handlers": {
            "console": {
                "class": "logging.StreamHandler",
                "formatter": fmt,
                "filters": ["request_id"],
            }
        },
        "root": {"handlers": ["console"], "level": level},
        "loggers": {
            # Django's defaults give these loggers handlers of their own (the console when
            # DEBUG, mails to ADMINS): here they only propagate to the root's one handler.
            "django": {"handlers": [], "level": level, "propagate": True},
            "django.server": {"handlers": [], "level": level, "propagate": True},
            # Django logs each task twice at INFO (started, finished); taverne.tasks logs
            # it once with its duration. Failures still come from Django at ERROR.
            "django.tasks": {"handlers": [], "level": "WARNING", "propagate": True},
            # At DEBUG it writes every query with its parameters (game states, hands):
            # never, whatever LOG_LEVEL says.
            "django.db.backends": {"handlers": [], "level": "INFO", "propagate": True},
            **{name: {"level": event_level} for name in EVENT_LOGGERS},
        },
    }


def event(logger: logging.Logger, message: str, **fields) -> None:
    """One event line: ``message`` for the eye, ``fields`` as JSON keys."""
    logger.info(message, extra=fields)
