"""« Mes amis » (the players I follow: online, at a table I may watch; the players I
blocked), and the forms of a player's page: follow, unfollow, block, unblock."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts.guests import account_required
from friends import interface, services
from play import queries
from play.presentation.games import game_name
from play.web.access import INVITATIONS

SIGN_UP_FOR_FRIENDS = services.SIGN_UP_FOR_FRIENDS


@account_required(message=SIGN_UP_FOR_FRIENDS)
def my_friends(request):
    """The players I follow, each online or not and at a table I may watch; then the
    players I blocked."""
    followed = interface.followed_by(request.user)
    ids = [player.pk for player in followed]
    online = queries.online_among(ids)
    tables = queries.tables_to_watch_with(ids, request.user,
                                          request.session.get(INVITATIONS, []))
    rows = []
    for player in followed:
        table = tables.get(player.pk)
        rows.append({
            "player": player,
            "online": player.pk in online,
            "table": table,
            "game_name": game_name(table.game_slug) if table else "",
        })
    return render(request, "friends/friends.html", {
        "rows": rows,
        "blocked": interface.blocked_by(request.user),
    })


def _back(request, username):
    """Where the form came from (the player's page, « Mes amis »), else the player's
    page."""
    target = request.POST.get("next", "")
    if url_has_allowed_host_and_scheme(target, {request.get_host()}, request.is_secure()):
        return redirect(target)
    return redirect(reverse("players:player", args=[username]))


def _change(request, username, service, said):
    try:
        service(request.user, username)
    except services.FriendsError as refusal:
        messages.error(request, refusal.message())
    else:
        player = get_user_model().objects.filter(username=username).first()
        messages.success(request, said % {"name": player.public_name})
    return _back(request, username)


@account_required(message=SIGN_UP_FOR_FRIENDS)
@require_POST
def follow(request, username):
    return _change(request, username, services.do_follow, _("Vous suivez %(name)s."))


@account_required(message=SIGN_UP_FOR_FRIENDS)
@require_POST
def unfollow(request, username):
    return _change(request, username, services.do_unfollow,
                   _("Vous ne suivez plus %(name)s."))


@account_required(message=SIGN_UP_FOR_FRIENDS)
@require_POST
def block(request, username):
    return _change(request, username, services.do_block,
                   _("Vous avez bloqué %(name)s : à table, vous ne lisez plus ses messages, "
                     "ni %(name)s les vôtres."))


@account_required(message=SIGN_UP_FOR_FRIENDS)
@require_POST
def unblock(request, username):
    return _change(request, username, services.do_unblock,
                   _("Vous avez débloqué %(name)s."))
