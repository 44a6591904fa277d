"""How a refusal reads over HTTP: the socket's error message (``type``, ``code``,
``message`` in the request's language) with the status that fits the code."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from taverne.refusals import Refusal
from taverne.unavailable import MESSAGE as UNAVAILABLE_MESSAGE
from taverne.unavailable import RETRY_AFTER

NOT_FOUND = {"not_found"}
NOT_AUTHENTICATED = {"not_authenticated"}
FORBIDDEN = {"forbidden", "not_seated", "not_invited", "scope_missing", "account_required",
             "level", "no_hands", "no_bots", "keeper_only"}
CONFLICT = {"already_seated", "table_full", "reserved", "stale", "not_your_turn", "game_over",
            "unknown_game",
            "game_not_over", "too_late", "not_absent", "too_many_games", "too_many_tokens",
            "insufficient_ecus", "busy", "id_reused", "too_many_tables"}
RATE_LIMITED = {"rate_limited"}
UNAVAILABLE = {"unavailable"}


class ApiRefusal(Refusal):
    """A refusal of the API itself (no token, no scope, too many requests)."""

    def __init__(self, code, message, retry_after: int | None = None, **params):
        super().__init__(code, message, **params)
        self.retry_after = retry_after


def status_of(refusal: Refusal) -> int:
    code = refusal.code
    if code in NOT_AUTHENTICATED:
        return 401
    if code in FORBIDDEN:
        return 403
    if code in NOT_FOUND:
        return 404
    if code in CONFLICT:
        return 409
    if code in RATE_LIMITED:
        return 429
    if code in UNAVAILABLE:
        return 503
    return 400


def body_of(refusal: Refusal) -> dict:
    body = refusal.as_dict()
    retry_after = getattr(refusal, "retry_after", None)
    if retry_after is not None:
        body["retry_after"] = retry_after
    return body


BAD_REQUEST = _("Requête invalide : voyez « detail » et docs/api.md.")
NO_ADDRESS = _("Cette adresse n'existe pas.")
UNKNOWN_GAME = _("Cette partie n'est pas une partie de cette table : lisez l'état de la "
                 "table et jouez sur son game_id.")
NO_REMATCH = _("Aucune revanche n'est proposée à cette table.")
NOT_OVER = _("Cette partie n'est pas terminée : son archive s'ouvre à la fin.")
BAD_STEP = _("Étape hors de la partie : de 0 à %(total)s.")
NO_TABLE = _("Cette table n'existe pas ou vous n'y êtes pas invité.")
SERVER_ERROR = _("Erreur du serveur : rien n'a changé. Réessayez ; si elle revient, "
                 "signalez-la.")
NO_GAME = _("Cette partie n'existe pas ou vous n'y avez pas accès.")


def no_table() -> ApiRefusal:
    return ApiRefusal("not_found", NO_TABLE)


def no_game() -> ApiRefusal:
    return ApiRefusal("not_found", NO_GAME)


def unavailable() -> ApiRefusal:
    """PostgreSQL or Redis does not answer: 503, try again in ``retry_after`` seconds."""
    return ApiRefusal("unavailable", UNAVAILABLE_MESSAGE, retry_after=RETRY_AFTER)
