"""The pairing pages: a seek from the lobby and its waiting page, an open seek joined in
one click, a challenge from a player's page or « Mes amis », the challenges received and
sent. Each view reads the request, calls one service, renders.

Live parts are fragments refreshed by htmx on ``taverne:account`` (the account socket's
event on ``document``) and every few seconds; the seek's and the challenge's poll is also
their heartbeat (a live seek lives while its page is open)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from cardgames import available_games
from pairing import interface
from pairing.models import Invitee, Seek
from pairing.services import (
    do_accept,
    do_cancel_challenge,
    do_cancel_seek,
    do_challenge,
    do_decline,
    do_keep_challenge,
    do_keep_seek,
    do_seek,
)
from pairing.web.forms import ChallengeForm, SeekForm
from play.reliability import reliabilities
from taverne.games import game_name
from taverne.refusals import Refusal


def _go(request, url: str) -> HttpResponse:
    """Where a form sends the player: an htmx request follows ``HX-Redirect``."""
    if request.headers.get("HX-Request"):
        response = HttpResponse(status=204)
        response["HX-Redirect"] = url
        return response
    return redirect(url)


def _engine(slug):
    engine = available_games().get(slug)
    if engine is None:
        raise Http404(_("Ce jeu n'est pas encore ouvert."))
    return engine


# ----- seeks ----------------------------------------------------------------------------


@login_required
@require_POST
def seek(request, slug):
    """« Chercher des adversaires »: the seek is made (paired at once, or its waiting
    page)."""
    form = SeekForm(_engine(slug), request.POST)
    lobby = reverse("play:lobby") + f"#jeu-{slug}"
    if not form.is_valid():
        for errors in form.errors.values():
            for error in errors:
                messages.error(request, error)
        return redirect(lobby)
    data = form.cleaned_data
    try:
        made = do_seek(request.user, slug, seat_count=data["seat_count"], pace=data["pace"],
                       move_seconds=data["move_seconds"], rated=data["rated"],
                       rating_min=data["rating_min"], rating_max=data["rating_max"],
                       bots_after=data["bots_after"], min_reliability=data["min_reliability"])
    except Refusal as error:
        messages.error(request, error.message())
        return redirect(lobby)
    return _after_seek(request, made)


def _after_seek(request, made: Seek) -> HttpResponse:
    if made.table is not None:
        return _go(request, made.table.get_absolute_url())
    return _go(request, reverse("pairing:seek", args=[made.pk]))


@login_required
@require_POST
def join_seek(request, pk):
    """One click on an open seek of the lobby: the same seek, made by the reader (they are
    paired with it, or with an older one of the same kind)."""
    other = interface.open_seeks().filter(pk=pk).first()
    if other is None:
        messages.error(request, _("Cette recherche n'est plus ouverte."))
        return _go(request, reverse("play:lobby"))
    try:
        made = do_seek(request.user, other.game_slug, seat_count=other.seat_count,
                       pace=other.pace, move_seconds=other.move_seconds, rated=other.rated)
    except Refusal as error:
        messages.error(request, error.message())
        return _go(request, reverse("play:lobby") + f"#jeu-{other.game_slug}")
    return _after_seek(request, made)


def _seek_context(request, pk):
    try:
        current = do_keep_seek(request.user, pk)
    except Refusal:
        raise Http404(_("Cette recherche n'existe pas.")) from None
    waiting = interface.open_seeks(current.game_slug).filter(
        seat_count=current.seat_count, pace=current.pace, move_seconds=current.move_seconds,
        rated=current.rated).count() if current.status == Seek.Status.OPEN else 0
    return {"seek": current, "game_name": game_name(current.game_slug), "waiting": waiting}


@login_required
def seek_page(request, pk):
    context = _seek_context(request, pk)
    if context["seek"].table is not None:
        return redirect(context["seek"].table.get_absolute_url())
    return render(request, "pairing/seek.html", context)


@login_required
def seek_state(request, pk):
    """The seek page's poll: its heartbeat; paired, the page goes to the table."""
    context = _seek_context(request, pk)
    if context["seek"].table is not None:
        return _go(request, context["seek"].table.get_absolute_url())
    return render(request, "pairing/_seek_state.html", context)


@login_required
@require_POST
def cancel_seek(request, pk):
    try:
        cancelled = do_cancel_seek(request.user, pk)
    except Refusal as error:
        messages.error(request, error.message())
        return redirect(reverse("pairing:seek", args=[pk]))
    return redirect(reverse("play:lobby") + f"#jeu-{cancelled.game_slug}")


def open_seeks(request, slug):
    """The lobby's live list of a game's open seeks (a fragment)."""
    _engine(slug)
    return render(request, "pairing/_open_seeks.html", seeks_context(request, slug))


def seeks_context(request, slug) -> dict:
    me = request.user.pk if request.user.is_authenticated else None
    rows = list(interface.open_seeks(slug)[:interface.OPEN_SEEKS_SHOWN])
    return {"slug": slug, "seeks": rows, "me": me,
            "may_join": request.user.is_authenticated and not request.user.is_guest}


# ----- challenges ---------------------------------------------------------------------


@login_required
def new_challenge(request, username):
    """« Défier » a player: the game, the pace, rated or casual; others too if wished."""
    player = get_object_or_404(get_user_model(), username=username, is_active=True)
    form = ChallengeForm(request.POST or None, initial={"game": request.GET.get("jeu")})
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            made = do_challenge(request.user, [player.username, *form.other_names()],
                                data["game"], pace=data["pace"],
                                move_seconds=data["move_seconds"], rated=data["rated"])
        except Refusal as error:
            form.add_error(None, error.message())
        else:
            return redirect(reverse("pairing:challenge", args=[made.pk]))
    return render(request, "pairing/challenge_new.html", {"form": form, "player": player})


def _challenge_context(request, pk) -> dict:
    try:
        current = do_keep_challenge(request.user, pk)
    except Refusal:
        raise Http404(_("Ce défi n'existe pas.")) from None
    mine = current.invitees.filter(user=request.user).first()
    return {
        "challenge": current, "game_name": game_name(current.game_slug),
        "invitees": list(current.invitees.select_related("user")),
        "is_challenger": current.challenger_id == request.user.pk,
        "my_answer": mine.answer if mine else None,
        "reasons": Invitee.Reason.choices,
    }


@login_required
def challenge_page(request, pk):
    context = _challenge_context(request, pk)
    if context["challenge"].table is not None:
        return redirect(context["challenge"].table.get_absolute_url())
    return render(request, "pairing/challenge.html", context)


@login_required
def challenge_state(request, pk):
    """The challenge page's poll (the challenger's heartbeat); accepted, it goes to the
    table."""
    context = _challenge_context(request, pk)
    if context["challenge"].table is not None:
        return _go(request, context["challenge"].table.get_absolute_url())
    return render(request, "pairing/_challenge_state.html", context)


def _answer(request, pk, call, *args):
    try:
        done = call(request.user, pk, *args)
    except Refusal as error:
        messages.error(request, error.message())
        return _go(request, reverse("pairing:challenges"))
    if done.table is not None:
        return _go(request, done.table.get_absolute_url())
    return _go(request, reverse("pairing:challenge", args=[pk]))


@login_required
@require_POST
def accept(request, pk):
    return _answer(request, pk, do_accept)


@login_required
@require_POST
def decline(request, pk):
    return _answer(request, pk, do_decline, request.POST.get("raison", "later"))


@login_required
@require_POST
def cancel_challenge(request, pk):
    return _answer(request, pk, do_cancel_challenge)


@login_required
def challenges(request):
    """« Mes défis »: received, waiting for an answer; sent, waiting for the others."""
    return render(request, "pairing/challenges.html", challenges_context(request))


def incoming(request):
    """The live list of the challenges received (the lobby's, « Mes défis »)."""
    return render(request, "pairing/_incoming.html", challenges_context(request))


def challenges_context(request) -> dict:
    if not request.user.is_authenticated or request.user.is_guest:
        return {"incoming": [], "outgoing": [], "reasons": Invitee.Reason.choices}
    rows = interface.incoming(request.user)
    trust = reliabilities(row.challenger_id for row in rows)
    for row in rows:
        row.game_name = game_name(row.game_slug)
        row.challenger_reliability = trust.get(row.challenger_id)
    sent = interface.outgoing(request.user)
    for row in sent:
        row.game_name = game_name(row.game_slug)
    return {"incoming": rows, "outgoing": sent, "reasons": Invitee.Reason.choices}

