"""The lobby (games to watch, players online, open tables per game), creating a table,
"play now", invitations, and the player's running games ("Mes parties")."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from cardgames import available_games, slugs
from economy import interface as economy
from play import actions, queries
from play.actions import ServiceError
from play.models import Table
from play.presentation.games import game_name, game_of_name
from play.presentation.labels import bot_level_choices
from play.presentation.options import option_summary
from play.presentation.words import of_name
from play.web.access import INVITATIONS, refuse, remember_invitation
from play.web.forms import TableForm
from play.web.tables import go_to
from rules import players


def _options_summary(table: Table) -> list[str]:
    """The table's options that differ from the game's defaults, as "label : value"."""
    try:
        engine = table.engine
    except Exception:
        return []
    lines = []
    for option in engine.options:
        value = table.options.get(option.key, option.default)
        if value != option.default:
            lines.append(option_summary(table.game_slug, option, value))
    return lines


# Games in progress the lobby shows (the most recently changed): a lobby, not an index.
WATCHABLE_SHOWN = 10


def _watchable(request) -> dict:
    """The games in progress the reader may watch: the first WATCHABLE_SHOWN, and how many
    there are in all."""
    tables = queries.watchable_tables(request.user, request.session.get(INVITATIONS, []))
    shown = list(tables[:WATCHABLE_SHOWN])
    total = len(shown) if len(shown) < WATCHABLE_SHOWN else tables.count()
    rows = [
        {
            "table": table,
            "game_name": game_name(table.game_slug),
            "players": [seat.name for seat in table.seats.all()],
        }
        for table in shown
    ]
    return {"rows": rows, "total": total}


def _online(request) -> int:
    # The reader is online even if the count was taken just before they came.
    count = queries.online_count()
    return max(count, 1) if request.user.is_authenticated else count


def lobby(request):
    """Games to watch, players online, open tables per game with "create" and "play now
    against bots"."""
    games = available_games()
    sections = []
    for slug in slugs():
        engine = games.get(slug)
        section = {"slug": slug, "available": engine is not None, "tables": []}
        if engine is None:
            section["name"] = slug.replace("-", " ").capitalize()
        else:
            section["name"] = game_name(slug)
            section["players"] = players.phrase(slug)
            # The house's tables are in the game's écus section ({% economy_lobby_section %}).
            tables = queries.open_tables(slug).exclude(pk__in=economy.house_table_ids())
            for table in tables[:20]:
                table.options_summary = _options_summary(table)
                section["tables"].append(table)
        sections.append(section)
    return render(request, "play/lobby.html", {
        "sections": sections, "bot_levels": bot_level_choices(),
        "watchable": _watchable(request), "online": _online(request),
    })


@login_required
def create_table(request, slug):
    games = available_games()
    engine = games.get(slug)
    if engine is None:
        raise Http404(_("Ce jeu n'est pas encore ouvert."))
    form = TableForm(engine, request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            table = actions.do_create_table(
                request.user,
                slug,
                seat_count=data["seat_count"],
                options=data["options"],
                visibility=data["visibility"],
                pace=data["pace"],
                move_seconds=data["move_seconds"],
                name=data["name"],
                min_reliability=data.get("min_reliability"),
            )
        except ServiceError as error:
            form.add_error(None, error.message())
        else:
            return redirect(table.get_absolute_url())
    return render(request, "play/create.html",
                  {"form": form, "slug": slug, "game_name": game_name(slug),
                   "game_of_name": game_of_name(slug)})


@login_required
@require_POST
def play_now(request, slug):
    """One click: a practice table with bots in the other seats, dealt at once."""
    if slug not in available_games():
        raise Http404(_("Ce jeu n'est pas encore ouvert."))
    try:
        table = actions.do_play_now(request.user, slug, level=request.POST.get("niveau", ""))
    except ServiceError as error:
        refuse(request, error)
        return go_to(request, reverse("play:lobby"))
    # (« Nouvelle partie » at the end of a game is a boosted form: the table loads whole.)
    return go_to(request, table.get_absolute_url())


@login_required
def invitation(request, token):
    """The link sent to friends for an unlisted table: look, then take a seat."""
    table = get_object_or_404(Table, invite_token=token)
    remember_invitation(request, table)
    if queries.seat_of(table, request.user) is not None:
        return redirect(table.get_absolute_url())
    taken = table.seats.count()
    context = {
        "table": table,
        "game_name": game_name(table.game_slug),
        "game_of_name": game_of_name(table.game_slug),
        "taken": taken,
        "can_join": table.status == Table.Status.WAITING and taken < table.seat_count,
        "seat_names": [s.name for s in table.seats.select_related("user")],
    }
    return render(request, "play/invitation.html", context)


def _game_rows(request, games) -> list[dict]:
    rows = []
    for game in games:
        seats = list(game.table.seats.all())
        mine = next((s for s in seats if s.user_id == request.user.pk), None)
        actor = next((s for s in seats if s.position == game.actor), None)
        rows.append(
            {
                "game": game,
                "table": game.table,
                "game_name": game_name(game.table.game_slug),
                "opponents": [s.name for s in seats if s is not mine],
                "my_turn": game.my_turn,
                "actor_name": actor.name if actor else "",
                "turn_text": _("Au tour %(of_name)s") % {
                    "name": actor.name, "of_name": of_name(actor.name)} if actor else "",
                "deadline": game.deadline,
            }
        )
    return rows


@login_required
def my_games(request):
    """Games where it is my turn first, then by time left."""
    games = list(
        queries.my_games(request.user).prefetch_related("table__seats__user")[:100]
    )
    rows = _game_rows(request, games)
    rematches = [
        {"table": t, "game_name": game_name(t.game_slug),
         "proposer": t.owner.public_name if t.owner else ""}
        for t in queries.rematches_offered_to(request.user)
    ]
    return render(request, "play/my_games.html", {"rows": rows, "rematches": rematches})


@login_required
def waiting_on_me(request):
    """« À vous de jouer »: every game waiting on my move, the least time left first."""
    games = list(queries.games_waiting_on(request.user)
                 .prefetch_related("table__seats__user")[:100])
    return render(request, "play/waiting_on_me.html",
                  {"rows": _game_rows(request, games)})


@login_required
def next_game(request):
    """« Partie suivante »: the table of the game waiting on me with the least time left,
    other than the one I come from (``?depuis=<table>``); none left: « À vous de jouer »."""
    try:
        coming_from = int(request.GET.get("depuis", "0"))
    except ValueError:
        coming_from = 0
    game = queries.games_waiting_on(request.user).exclude(table_id=coming_from).first()
    if game is not None:
        return redirect(game.table.get_absolute_url())
    messages.info(request, _("Aucune autre partie ne vous attend."))
    return redirect("play:waiting_on_me")
