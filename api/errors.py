"""How a refusal reads over HTTP: the socket's error message (``type``, ``code``,
``message`` in the request's language) with the status that fits the code."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

from taverne.refusals import Refusal
from taverne.unavailable import MESSAGE as UNAVAILABLE_MESSAGE
from taverne.unavailable import RETRY_AFTER

# Every code the API answers, by status (docs/api.md, "Errors", lists the same): the
# OpenAPI document's enum of ``code`` is their union, and tests/api/test_error_codes.py
# fails when a refusal an endpoint can meet carries a code that is in none.
INVALID = {"bad_request", "malformed", "bad_options", "illegal", "bad_amount", "cave_bounds",
            "bad_step", "yourself", "guest_player", "bad_subscription", "bad_range",
            "bad_reason"}
NOT_AUTHENTICATED = {"not_authenticated"}
FORBIDDEN = {"forbidden", "not_seated", "not_invited", "scope_missing", "account_required",
             "no_hands", "no_bots", "keeper_only", "blocked", "unreliable", "not_practice"}
NOT_FOUND = {"not_found", "unknown_device"}
METHOD_NOT_ALLOWED = {"method_not_allowed"}
CONFLICT = {"already_seated", "table_full", "reserved", "stale", "not_your_turn", "game_over",
            "unknown_game",
            "game_not_over", "too_late", "not_absent", "too_many_games", "too_many_tokens",
            "insufficient_ecus", "id_reused", "too_many_tables", "not_broke",
            "push_unavailable", "already_seeking", "already_challenged",
            "too_many_challenges", "too_many_correspondence_games", "too_many_aborts",
            "no_advice", "advice_busy"}
TOO_LARGE = {"too_large"}
RATE_LIMITED = {"rate_limited"}
SERVER_ERROR = {"server_error"}
UNAVAILABLE = {"unavailable"}

STATUSES = {400: INVALID, 401: NOT_AUTHENTICATED, 403: FORBIDDEN, 404: NOT_FOUND,
            405: METHOD_NOT_ALLOWED, 409: CONFLICT, 413: TOO_LARGE, 429: RATE_LIMITED,
            500: SERVER_ERROR, 503: UNAVAILABLE}
CODES = tuple(sorted(set().union(*STATUSES.values())))


class ApiRefusal(Refusal):
    """A refusal of the API itself (no token, no scope, too many requests)."""

    def __init__(self, code, message, retry_after: int | None = None, **params):
        super().__init__(code, message, **params)
        self.retry_after = retry_after


def status_of(refusal: Refusal) -> int:
    """The HTTP status of ``refusal``'s code (400 for a code of no list)."""
    return next((status for status, codes in STATUSES.items() if refusal.code in codes), 400)


def body_of(refusal: Refusal) -> dict:
    body = refusal.as_dict()
    retry_after = getattr(refusal, "retry_after", None)
    if retry_after is not None:
        body["retry_after"] = retry_after
    return body


BAD_REQUEST = _("Requête invalide : voyez « detail » et docs/api.md.")
UNKNOWN_FIELDS = ngettext_lazy("Champ inconnu : %(fields)s. Voyez docs/api.md.",
                               "Champs inconnus : %(fields)s. Voyez docs/api.md.", "count")
TOO_LARGE_BODY = _("Requête trop volumineuse : %(limit)s octets au plus.")
NOT_ALLOWED = _("Méthode %(method)s refusée à cette adresse, qui accepte : %(allowed)s.")
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
NO_REVIEW = _("Seul le joueur d'une place lit la revue de ses décisions.")


def no_table() -> ApiRefusal:
    return ApiRefusal("not_found", NO_TABLE)


def no_game() -> ApiRefusal:
    return ApiRefusal("not_found", NO_GAME)


def unavailable() -> ApiRefusal:
    """PostgreSQL or Redis does not answer: 503, try again in ``retry_after`` seconds."""
    return ApiRefusal("unavailable", UNAVAILABLE_MESSAGE, retry_after=RETRY_AFTER)
