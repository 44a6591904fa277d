"""The pairing's panels in play's lobby: « Jouer contre des joueurs » for a game, and the
challenges received (play's pages import nothing of pairing: they load these tags)."""

from __future__ import annotations

from django import template

from cardgames import available_games
from economy import interface as economy
from pairing.web.forms import SeekForm
from pairing.web.views import challenges_context, seeks_context

register = template.Library()


@register.inclusion_tag("pairing/_lobby_section.html", takes_context=True)
def pairing_lobby_section(context, slug):
    request = context["request"]
    engine = available_games().get(slug)
    shown = engine is not None and not economy.is_chip_game(slug)
    data = {"shown": shown, "request": request, "user": request.user,
            "csrf_token": context.get("csrf_token")}
    if shown:
        data.update(seeks_context(request, slug))
        data["form"] = SeekForm(engine, auto_id=f"seek-{slug}-%s")
    return data


@register.inclusion_tag("pairing/_incoming_panel.html", takes_context=True)
def pairing_incoming(context):
    request = context["request"]
    return {**challenges_context(request), "request": request, "user": request.user,
            "csrf_token": context.get("csrf_token")}
