"""The table page's HTML, for the first page load and for the live socket alike.

``table_context`` turns a table, its game and one seat's view into what the templates
need: the seats around the table, the hand with its playable cards, the legal actions as
buttons and forms, the clock, the scores and the log. It reads only the view (plus the
game's state for one thing: asking the engine *why* a card of the hand may not be
played), so it works for any game in the registry, including those that land later.

``render_table_fragments`` renders the same parts with ``hx-swap-oob="true"``: the
consumer pushes that string to an htmx page, which swaps each part in by its id.
"""

from __future__ import annotations

from datetime import datetime

from django.template import TemplateDoesNotExist
from django.template.loader import get_template, render_to_string
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext as _

from economy import interface as economy
from play.actions.leaving import abort_refusal, may_abort
from play.models import Game, Table
from play.presentation.board import board_context, board_template, public_fields
from play.presentation.controls import action_groups, hand_context
from play.presentation.games import game_name, game_of_name
from play.presentation.labels import (
    bot_level_choices,
    bot_level_label,
    lang_code,
    new_client_id,
    remaining_text,
)
from play.presentation.messages import log_mark
from play.presentation.result import result_panel
from play.presentation.seats import around_the_table, seat_facts
from play.presentation.waiting import waiting_lines
from play.presentation.words import of_name
from play.queries import previous_game
from play.review import has_a_choice
from taverne.site import absolute_url

# The ids the page and the socket agree on (docs/protocol.md).
FRAGMENT_IDS = (
    "table-board", "my-hand", "actions", "advice-slot", "scores", "turn", "game-log",
    "chat-messages",
)


def _deadline(game, view) -> datetime | None:
    if game is not None and getattr(game, "deadline", None):
        return game.deadline
    raw = (view or {}).get("deadline")
    return parse_datetime(raw) if raw else None


def _seat_names(table, view) -> list[str]:
    names = list((view or {}).get("seat_names") or [])
    if len(names) == table.seat_count:
        return [n or _("place libre") for n in names]
    by_position = {s.position: s.name for s in table.seats.select_related("user")}
    return [by_position.get(p, _("place libre")) for p in range(table.seat_count)]


def _players(table, view, names) -> list[dict]:
    given = {p["position"]: p for p in (view or {}).get("seating") or []}
    if not given:
        for seat in table.seats.with_presence():
            given[seat.position] = {
                "name": names[seat.position],
                "bot": seat.is_bot,
                "bot_level": seat.bot_level,
                "program": bool(seat.user_id and seat.user.is_bot_account),
                "staff": bool(seat.user_id and seat.user.is_staff),
                "connected": seat.connected,
                "sitting_out": seat.sitting_out,
            }
    return [
        {
            "position": position,
            "name": names[position],
            "taken": given.get(position, {}).get("name") is not None,
            "bot": given.get(position, {}).get("bot", False),
            "bot_level": bot_level_label(given.get(position, {}).get("bot_level", "")),
            "level": given.get(position, {}).get("bot_level", "") or "",
            "program": given.get(position, {}).get("program", False),
            "staff": given.get(position, {}).get("staff", False),
            "connected": given.get(position, {}).get("connected", False),
            "sitting_out": given.get(position, {}).get("sitting_out", False),
        }
        for position in range(table.seat_count)
    ]


def _per_seat(view, key, seats) -> list | None:
    value = (view or {}).get(key)
    if isinstance(value, list) and len(value) == seats:
        return value
    return None


# ``table_context(previous=LOOK_UP)``: read the last finished hand from the database
# (a page); the socket passes the one its snapshot holds.
LOOK_UP = object()


def _log_lines(view: dict, players: list[dict]) -> list[dict]:
    """The log, newest first, each line with its ``mark`` (``log_mark``: the clock's moves
    and a bot's at a player's seat are marked as such)."""
    bot_seats = {p["position"] for p in players if p["bot"]}
    return [{**line, "mark": log_mark(line, bot_seats)}
            for line in reversed(view.get("log") or []) if isinstance(line, dict)]


def previous_hand(table, game, you, names, previous=LOOK_UP) -> dict | None:
    """The last finished hand of a chained table (Ramponneau, Ambigu), as ``you`` saw it.

    The next hand is dealt as soon as one ends, so the showdown would otherwise vanish
    before anyone read it. Only ``view(state, you)`` is used: what that seat (or a
    spectator) may see of the finished hand.
    """
    engine = table.engine
    if game is None or not getattr(engine, "chained", False):
        return None
    if previous is LOOK_UP:
        previous = previous_game(table, game)
    if previous is None or not previous.state or game.status == Game.Status.FINISHED:
        return None
    view = engine.view(previous.state, you)
    board = board_context(table.game_slug, view, names)
    if not board or board.get("broken"):
        return None
    name = f"play/games/{table.game_slug}_result.html"
    if not template_exists(name):
        return None
    hands_url = ""
    if you is not None and hasattr(engine, "export_phh"):
        hands_url = reverse("play:session_hand_histories", args=[table.pk])
    return {"number": previous.number, "board": board, "template": name,
            "archive_url": reverse("play:archive", args=[previous.pk]),
            "hands_url": hands_url}


def _turn_text(game, over: bool, my_turn: bool, actor, names: list[str]) -> str:
    if over:
        ending = game.ending if game is not None else ""
        if ending == Game.Ending.ABORTED:
            return _("Partie annulée : pas de résultat.")
        if ending == Game.Ending.RESIGNED:
            return _("Partie terminée par abandon.")
        return _("Partie terminée.")
    if game is None:
        return _("En attente de joueurs.")
    if my_turn:
        return _("À vous de jouer !")
    if isinstance(actor, int) and 0 <= actor < len(names):
        name = names[actor]
        return _("Au tour %(of_name)s.") % {"name": name, "of_name": of_name(name)}
    return _("Distribution des cartes…")


def _score_rows(view: dict, names: list[str], you, winners: list[str]) -> list[dict]:
    """One row per seat, or per side when the game scores partnerships."""
    seats = len(names)
    scores = _per_seat(view, "scores", seats)
    if scores is not None:
        return [
            {"name": names[i], "score": s, "you": i == you, "winner": names[i] in winners}
            for i, s in enumerate(scores)
        ]
    if not isinstance(view.get("scores"), list):
        return []
    # Scores per side (partnerships): the game's template names the sides; the generic
    # list numbers them.
    sides = view.get("sides")
    if not (isinstance(sides, list) and len(sides) == len(view["scores"])):
        sides = None
    return [
        {
            "name": (
                " & ".join(names[m] for m in sides[i] if 0 <= m < seats)
                if sides
                else _("Camp %(n)s") % {"n": i + 1}
            ),
            "score": s,
            "you": bool(sides) and you in sides[i],
            "winner": False,
        }
        for i, s in enumerate(view["scores"])
    ]


def _seating_rights(table, user, players: list[dict], you, invited: bool,
                    links: dict) -> dict:
    """Who may sit, add a bot or see the invitation, while the table waits."""
    authenticated = bool(user is not None and getattr(user, "is_authenticated", False))
    taken = sum(1 for p in players if p["taken"])
    open_seat = table.status == "waiting" and taken < table.seat_count
    owner = authenticated and table.owner_id == user.pk
    invite_path = links["invite_path"]
    reserved = table.reserved_positions() if table.status == "waiting" else {}
    held = {p for p in reserved if not players[p]["taken"]} if reserved else set()
    kept_for_you = authenticated and any(reserved[p] == user.pk for p in held)
    free_for_anyone = table.seat_count - taken - len(held) > 0
    return {
        "taken": taken,
        "can_join": (
            authenticated and you is None and open_seat
            and (kept_for_you or free_for_anyone and (
                table.visibility == "public" or invited or owner))
        ),
        "kept_for_you": kept_for_you,
        "rematch_waiting_for": [table.rematch_invites[str(p)]["name"] for p in sorted(held)],
        # Bots never play for écus (docs/economy.md, "Bots and écus"); only the host seats
        # them, and frees a bot's place or a player's who holds no chips here.
        "can_add_bot": (owner and open_seat and free_for_anyone
                        and not economy.is_chip_table(table)),
        "freeable_seats": [
            {"position": p["position"],
             "label": (_("Retirer %(name)s") % {"name": p["name"]} if p["bot"] else
                       _("Libérer la place %(of_name)s") % {"name": p["name"],
                                                           "of_name": of_name(p["name"])})}
            for p in players
            if owner and table.status == "waiting" and p["taken"] and p["position"] != you
            and (p["bot"] or not economy.is_chip_table(table))
        ],
        "show_invite": ((you is not None or owner) and table.status == "waiting"
                        and table.visibility == "unlisted"),
        # From SITE_URL: the fragments the sockets send have no request to take a host from.
        "invite_link": absolute_url(invite_path),
    }


def _exits(table, game, user, players: list[dict], you, over: bool) -> dict:
    """The ways out of the game in progress open to the seated player (and back in).
    Tables played for écus have their own (stand up and cash out). A player who called
    off too many games lately reads, in the menu, when they may again (play/aborts.py)."""
    if you is None or game is None or over or economy.is_chip_table(table):
        return {}
    me = players[you]
    alone = not any(p["taken"] and not p["bot"] for p in players if p["position"] != you)
    abort = may_abort(game, you)
    refused = abort_refusal(game, user) if abort and not alone else None
    return {
        "come_back": me["sitting_out"],
        "abort": abort and refused is None,
        "abort_refused": refused.message() if refused is not None else "",
        "resign": True,
        "leave": alone,
        # resigning concedes for a whole side (All-fours at four)
        "partners": len(table.engine.partners(game.state, you)) > 1,
    }


def _rematch(table, game, view: dict, you, over: bool, names: list[str]) -> dict:
    """What the finished table offers about a rematch to this reader: propose one, answer
    one (accept, decline), or follow the one they are in."""
    offer = view.get("rematch")
    if you is None or not over or game is None or economy.is_chip_table(table):
        return {}
    if offer is None:
        return {"can_propose": True}
    mine = next((i for i in offer["invited"] if i["position"] == you), None)
    proposer = offer.get("proposed_by")
    return {
        "table_id": offer["table_id"],
        "url": reverse("play:table", args=[offer["table_id"]]),
        "decline_url": reverse("play:decline_rematch", args=[offer["table_id"]]),
        "proposer": (names[proposer] if isinstance(proposer, int) and proposer < len(names)
                     else ""),
        "in_it": mine is None or mine["answer"] == "accepted",
        "asked": mine is not None and mine["answer"] == "waiting",
        "declined": mine is not None and mine["answer"] == "declined",
        "playing": offer.get("status") == Table.Status.PLAYING,
        "waiting_for": [i["name"] for i in offer["invited"] if i["answer"] == "waiting"],
        "declined_by": [i["name"] for i in offer["invited"] if i["answer"] == "declined"],
    }


def _winners(game, view, names) -> list[str]:
    if game is not None and "session" in (game.result or {}):
        return []  # a practice chip table's session: its last hand's winner is not the game's
    result = view.get("result") or (game.result if game is not None else None) or {}
    return [names[w] for w in result.get("winners", []) if 0 <= w < len(names)]


def _links(table, shared: dict | None = None, lang: str = "") -> dict:
    """The table's addresses and choices, the same for every reader of a snapshot (so
    worked out once per snapshot and language when ``shared`` is the snapshot's)."""
    if shared is not None:
        found = shared.get(("links", lang))
        if found is None:
            found = shared[("links", lang)] = _links(table)
        return found
    return {
        "invite_path": reverse("play:invitation", args=[table.invite_token]),
        "act_url": reverse("play:act", args=[table.pk]),
        "resign_url": reverse("play:resign", args=[table.pk]),
        "abort_url": reverse("play:abort", args=[table.pk]),
        "come_back_url": reverse("play:come_back", args=[table.pk]),
        "leave_url": reverse("play:leave", args=[table.pk]),
        "rematch_url": reverse("play:rematch", args=[table.pk]),
        "chat_url": reverse("play:chat", args=[table.pk]),
        "advice_url": reverse("play:advice", args=[table.pk]),
        "rules_url": reverse("rules:page", args=[table.game_slug]),
        "board_template": board_template(table.game_slug),
        "move_days": table.move_seconds // 86400,
        "chat_max": 300,
        "bot_levels": bot_level_choices(),
    }


def table_context(
    table, game, user, view=None, lang: str | None = None, request=None, invited: bool = True,
    previous=LOOK_UP, shared: dict | None = None,
) -> dict:
    """Everything the table templates need, for one user's view of one table.

    ``invited``: whether this user may take a seat at an unlisted table (the page knows
    from the session; a socket was only opened by someone allowed to watch). ``shared``:
    the snapshot's memo of what every reader shares (``Snapshot.rendered``).
    """
    lang, view, engine = lang_code(lang), view or {}, table.engine
    names = _seat_names(table, view)
    you = view.get("you")
    actor = view.get("actor")
    status = view.get("status") or (game.status if game is not None else "waiting")
    over = status == "finished" or (game is not None and actor is None)
    legal = list(view.get("legal_actions") or []) if not over else []
    my_turn = you is not None and actor == you and bool(legal)

    deadline = _deadline(game, view) if not over else None
    winners = _winners(game, view, names) if over else []
    groups, amount_forms = action_groups(engine, game, view, legal if my_turn else [])
    hand = hand_context(engine, game, view, legal, my_turn)
    players = _players(table, view, names)
    for p in players:  # the seat to watch: yours, and whose turn it is
        p.update(you=p["position"] == you, actor=not over and p["position"] == actor,
                 facts=seat_facts(table.game_slug, view, p["position"]) if game else {})
    if table.status == "waiting" and table.rematch_invites:
        for p in players:  # a rematch's place kept for its player shows whose it is
            invite = table.rematch_invites.get(str(p["position"]))
            if not p["taken"] and invite and not invite.get("declined"):
                p["name"] = _("place gardée pour %(name)s") % {"name": invite["name"]}
    # Once a hand is dealt, empty places (a chip table's) are counted, not drawn.
    ring = around_the_table(players, you, free_apart=game is not None)
    links = _links(table, shared, lang)
    rights = _seating_rights(table, user, players, you, invited, links)
    waiting = waiting_lines(view, names, rights["taken"], you)
    turn_text = _turn_text(game, over, my_turn, actor, names)
    if waiting and game is not None:  # a chip table waiting after its last hand
        turn_text, winners = _("En attente de joueurs."), []
    return rights | links | {
        "table": table,
        "game": game,
        "engine": engine,
        "game_name": game_name(table.game_slug),
        "game_of_name": game_of_name(table.game_slug),
        "view": view,
        "lang": lang,
        "names": names,
        "players": players,
        "ring": ring,
        "you": you,
        "seated": you is not None,
        "actor": actor,
        "my_turn": my_turn,
        # « Conseil »: at a practice table, to the seated player on their turn
        "advice_offered": (my_turn and table.practice and engine.appraiser is not None
                           and has_a_choice(view)),
        "over": over,
        "winners": winners,
        "exits": _exits(table, game, user, players, you, over),
        "rematch": _rematch(table, game, view, you, over, names),
        # not at a table played for écus, which goes on hand after hand
        "result_panel": (result_panel(table, game, view, players, you, user)
                         if over and not waiting and not economy.is_chip_table(table)
                         else None),
        "ending": game.ending if game is not None else "",
        "turn_text": turn_text,
        "waiting_lines": waiting,
        "deadline": deadline,
        "remaining": (
            remaining_text((deadline - timezone.now()).total_seconds()) if deadline else ""
        ),
        "score_rows": _score_rows(view, names, you, winners),
        "hand": hand,
        "action_groups": groups,
        "amount_forms": amount_forms,
        "version": view.get("version", game.version if game is not None else 0),
        "client_id": new_client_id(),
        "log": _log_lines(view, players),
        "chat": view.get("chat") or [],
        "chat_muted": bool(view.get("chat_muted")),
        # no game dealt yet: the view has the engine's common keys only, no board
        "board": board_context(table.game_slug, view, names) if game is not None else {},
        "previous": previous_hand(table, game, you, names, previous),
        "public_fields": public_fields(view),
    }


def render_table_fragments(
    table, game, user, view, request=None, lang: str | None = None, previous=LOOK_UP,
    shared: dict | None = None,
) -> str:
    """The table's live parts as out-of-band fragments, for the htmx socket.

    Each element keeps its id and carries ``hx-swap-oob="true"``, so the ws extension
    replaces the page's element of the same id. Only ``view`` (one seat's view) is read,
    so nothing hidden from that seat can end up in the HTML.

    ``shared`` (the snapshot's ``rendered`` memo): the parts that are the same for every
    reader of this version (the log, the chat) are rendered once per language and reused
    by the table's other connections; only the seat's own parts are rendered per seat.
    """
    lang = lang_code(lang or getattr(user, "preferred_language", None))
    with translation.override(lang):
        context = table_context(table, game, user, view, lang=lang, previous=previous,
                                shared=shared)
        context["oob"] = True
        context["user"] = user
        if shared is None:
            return render_to_string("play/_table.html#fragments", context, request=request)
        own = render_to_string("play/_table.html#seat-fragments", context, request=request)
        return own + _shared_fragments(shared, lang, context)


def _shared_fragments(shared: dict, lang: str, context: dict) -> str:
    """The log and the chat as the snapshot's readers in ``lang`` all receive them (the
    chat differs only for those who muted it, and for those a block hides lines from)."""
    key = ("log+chat", lang, context["chat_muted"],
           tuple(line["id"] for line in context["chat"]))
    found = shared.get(key)
    if found is None:
        found = shared[key] = render_to_string("play/_table.html#shared-fragments", {
            "oob": True, "log": context["log"], "chat": context["chat"],
            "chat_muted": context["chat_muted"],
        })
    return found


def render_error_fragment(message: str, request=None) -> str:
    """A refusal ("Ce n'est pas votre tour.") shown in the page's alert area."""
    return render_to_string(
        "play/_table.html#table-error", {"error": message, "oob": True}, request=request
    )


def template_exists(name: str) -> bool:
    try:
        get_template(name)
    except TemplateDoesNotExist:
        return False
    return True
