"""The error codes the API answers: one list (api/errors.py's sets, by status), the OpenAPI
document's enum of ``code``, docs/api.md's table; and no refusal an endpoint can meet
carries a code outside them."""

import ast
import json
import re
from pathlib import Path

import grimp
from django.conf import settings

from api import errors
from api.openapi import document_text
from taverne.refusals import Refusal

ROOT = Path(settings.BASE_DIR)
PACKAGES = ("accounts", "api", "cardgames", "config", "economy", "friends", "notices", "pairing",
            "play", "ratings", "rules", "taverne")

# Refusals raised in modules the API imports, by functions no endpoint calls: the code is
# answered elsewhere (the socket's chat, the pages' guests and tavern), never over HTTP.
ANSWERED_ELSEWHERE = {
    ("play.actions.chat", "bad_message"), ("play.actions.chat", "chat_rate"),
    ("play.actions.chat", "chat_too_long"),
    ("play.actions.guests", "busy"),
    ("economy.chips.taverns", "no_deck"), ("economy.chips.taverns", "insufficient_tokens"),
    ("economy.hands", "insufficient_tokens"),
    # Vacation is taken and ended on the profile page (play/web/vacation.py).
    ("play.actions.vacation", "too_many_vacation_days"),
    ("play.actions.vacation", "vacation_in_past"), ("play.actions.vacation", "vacation_overlap"),
    ("play.actions.vacation", "not_on_vacation"),
    # Staff hold a pair out of the leaderboards in the admin (ratings/admin.py).
    ("ratings.holds", "already_held"),
}


# What the table names beside the codes, outside the parentheses that explain a code.
NOT_CODES = {"retry_after"}


def refusal_classes(base=Refusal) -> set[str]:
    names = {base.__name__}
    for sub in base.__subclasses__():
        names |= refusal_classes(sub)
    return names


def modules_the_api_reaches() -> set[str]:
    graph = grimp.build_graph(*PACKAGES)
    doors = {"api.v1", "api.middleware"}
    return doors | set().union(*(graph.find_upstream_modules(door) for door in doors))


def refusals_raised(module: str, classes: set[str]) -> list[tuple[str, object]]:
    """(class, code) of each refusal made in ``module``; the code ``None`` when the scan
    cannot read it (not a string written there)."""
    path = ROOT / module.replace(".", "/")
    path = path / "__init__.py" if path.is_dir() else path.with_suffix(".py")
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call):
            continue
        name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
        if name in classes:
            code = node.args[0] if node.args else None
            found.append((name, code.value if isinstance(code, ast.Constant) else None))
    return found


def test_the_openapi_enum_of_codes_is_the_codes_of_every_status():
    document = json.loads(document_text())
    enum = document["components"]["schemas"]["Error"]["properties"]["code"]["enum"]

    assert enum == list(errors.CODES)
    for status, codes in errors.STATUSES.items():
        assert codes <= set(enum), status
        assert all(errors.status_of(Refusal(code, "")) == status for code in codes)
    assert {"malformed", "too_large", "method_not_allowed", "bad_step"} <= set(enum)


def test_every_refusal_an_endpoint_can_meet_has_its_code_in_the_enum():
    classes = refusal_classes()
    reached = modules_the_api_reaches()
    assert {"play.actions.tables", "economy.chips.caves", "accounts.tokens",
            "friends.services"} <= reached

    unread, missing = [], []
    for module in sorted(reached):
        for name, code in refusals_raised(module, classes):
            if code is None:
                unread.append(f"{module}: {name}(...)")
            elif code not in errors.CODES and (module, code) not in ANSWERED_ELSEWHERE:
                missing.append(f"{module}: {name}({code!r})")

    assert not unread, f"write the code as a string, where the scan can read it: {unread}"
    assert not missing, f"add these codes to api/errors.py and docs/api.md: {missing}"


def test_the_codes_answered_elsewhere_are_still_raised_where_the_list_says():
    classes = refusal_classes()
    for module, code in ANSWERED_ELSEWHERE:
        assert (code in [c for _, c in refusals_raised(module, classes)]), (module, code)
        assert code not in errors.CODES


def test_the_docs_error_table_gives_each_code_its_status():
    text = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    rows = dict(re.findall(r"^\| (\d{3}) \| (.*) \|$", text, re.M))

    assert sorted(int(status) for status in rows) == sorted(errors.STATUSES)
    for status, codes in errors.STATUSES.items():
        named = set(re.findall(r"`([a-z_]+)`", re.sub(r"\([^)]*\)", "", rows[str(status)])))
        assert codes <= named, (status, codes - named)
        assert named - codes <= NOT_CODES, (status, named - codes)
