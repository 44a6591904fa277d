"""The end of a game, as a panel at the top of the table: who finished where with what
score, what the game did to the reader's rating, and the ways on (« Revanche »,
« Nouvelle partie », « Retour au salon »). The last deal's breakdown follows it (each
game's ``previous_deal``).

At a practice table of a chip game the game is a session of hands that ended when the
chips ran out (play/actions/stacks.py): the places follow the chips, and a broke player
may take a new stack (« Reprendre un tapis ») or play again (« Rejouer »).
"""

from __future__ import annotations

from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from play.models import Game
from play.presentation.games import game_of_name
from play.presentation.history import resigned_seats
from play.presentation.words import join_and
from ratings import interface as ratings


def place_words(place: int) -> str:
    """A place as players say it: « 1re », « 2e » (1st, 2nd, 3rd, 4th)."""
    if place == 1:
        return pgettext("place d'un classement", "1re")
    if place == 2:
        return pgettext("place d'un classement", "2e")
    if place == 3:
        return pgettext("place d'un classement", "3e")
    return pgettext("place d'un classement", "%(n)se") % {"n": place}


def _places(seat_count: int, result: dict, resigned) -> list[int]:
    """Each seat's place (1 first, partners and ties sharing theirs), as the ratings rank
    a finished game; empty when the result ranks nobody."""
    places = [ratings.place_of(seat_count, result, seat, resigned)[0]
              for seat in range(seat_count)]
    return places if all(places) else []


def _by_chips(stacks: list[int]) -> list[int]:
    return [1 + sum(1 for other in stacks if other > mine) for mine in stacks]


def _rows(names, places, values, you, winners) -> list[dict]:
    rows = [
        {"place": place_words(places[seat]), "rank": places[seat], "name": names[seat],
         "value": values[seat] if seat < len(values) else "",
         "you": seat == you, "winner": seat in winners}
        for seat in range(len(names))
    ]
    return sorted(rows, key=lambda row: row["rank"])


def _title(game, result, you, places, session, names) -> tuple[str, list[str]]:
    """The panel's heading for the reader, and the lines under it."""
    resigned = resigned_seats(game)
    lines = []
    if resigned and you not in resigned:
        who = join_and(names[s] for s in resigned if 0 <= s < len(names))
        lines.append(ngettext("%(names)s a abandonné.", "%(names)s ont abandonné.",
                              len(resigned)) % {"names": who})
    if session is not None:
        hands = session.get("hands", 0)
        lines.append(ngettext("%(n)s coup joué.", "%(n)s coups joués.", hands) % {"n": hands})
        if you is None:
            return _("Partie terminée."), lines
        if you in session.get("broke", []):
            return _("Vous n'avez plus de jetons."), lines
        return _("Vous avez gagné tous les jetons de la table !"), lines
    if you is None:
        return _("Partie terminée."), lines
    if you in resigned:
        return _("Vous avez abandonné."), lines
    if you in (result.get("winners") or []):
        return _("Vous avez gagné !"), lines
    if places and max(places) == 1:
        return _("Partie nulle."), lines
    if places and max(places) > 2:
        return _("Partie perdue : vous finissez %(place)s sur %(count)s.") % {
            "place": place_words(places[you]), "count": max(places)}, lines
    return _("Partie perdue."), lines


def _signed(n: int) -> str:
    return str(n).replace("-", "−")  # a minus sign, not a hyphen


def _rating(table, game, user, you, session, players) -> str:
    """What the game did to the reader's rating, or why it did nothing."""
    if you is None or session is not None or user is None:
        return ""
    change = ratings.change_of(game, user) if getattr(user, "pk", None) else None
    if change is not None:
        before, after = change
        return _("Classement %(of_game)s : %(before)s → %(after)s (%(delta)s).") % {
            "of_game": game_of_name(table.game_slug), "before": _signed(before),
            "after": _signed(after), "delta": _signed(f"{after - before:+d}"),
        }
    if table.practice or any(p["bot"] for p in players):
        return _("Partie contre des automates : elle ne compte pas pour le classement.")
    unrated = ratings.unrated_reason(game)  # the fair-play rules (docs/ratings.md)
    if unrated:
        return unrated
    if not table.rated:
        return _("Partie amicale : elle ne compte pas pour le classement.")
    return ""


def result_panel(table, game, view: dict, players: list[dict], you, user) -> dict | None:
    """The panel of a finished game (None while it goes on). ``players``: the seats as
    the table shows them (their names, bots and levels)."""
    if game is None or game.status != Game.Status.FINISHED:
        return None
    names = [p["name"] for p in players]
    result = game.result or {}
    session = result.get("session")
    lobby = reverse("play:lobby") + f"#jeu-{table.game_slug}"
    panel = {
        "lobby_url": lobby,
        "play_now_url": reverse("play:play_now", args=[table.game_slug]),
        "level": next((p["level"] for p in players if p["bot"] and p["level"]), ""),
        "new_stack_url": "",
        "replay_label": _("Revanche"),
        "places": [],
        "value_label": _("Points"),
        "lines": [],
        "rating": "",
    }
    if game.ending == Game.Ending.ABORTED:
        return panel | {"title": _("Partie annulée."),
                        "lines": [_("Personne ne gagne ni ne perd : la partie ne compte pas.")]}
    winners = list(result.get("winners") or [])
    if session is not None:
        stacks = session.get("stacks") or []
        places = _by_chips(stacks)
        panel |= {"value_label": _("Jetons"), "replay_label": _("Rejouer"),
                  "places": _rows(names, places, stacks, you, winners=[])}
        if you is not None and you in session.get("broke", []):
            panel["new_stack_url"] = reverse("play:new_stack", args=[table.pk])
            # each game's own word: a poker stack (« tapis »), Ambigu's cave
            panel["new_stack_label"] = (_("Se recaver") if table.game_slug == "ambigu"
                                        else _("Reprendre un tapis"))
    else:
        places = _places(table.seat_count, result, resigned_seats(game))
        scores = result.get("scores") or view.get("scores") or []
        if places:
            panel["places"] = _rows(names, places, scores, you, winners)
    title, lines = _title(game, result, you, places, session, names)
    return panel | {"title": title, "lines": lines,
                    "rating": _rating(table, game, user, you, session, players)}
