"""The API's OpenAPI document: made by ninja from the endpoints and their schemas, and
committed as docs/openapi.json so that a change to the API shows in review (a test fails
when the committed copy is not the one the code makes: ``manage.py api_openapi`` writes
it again)."""

from __future__ import annotations

import json
from pathlib import Path

from django.conf import settings

from api.v1 import api

COMMITTED = Path(settings.BASE_DIR) / "docs" / "openapi.json"


def document_text() -> str:
    """The document as committed: sorted keys, two-space indents, a final newline."""
    schema = api.get_openapi_schema(path_prefix="/api/v1/")
    return json.dumps(schema, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
