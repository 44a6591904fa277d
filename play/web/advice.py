"""« Conseil » at a practice table: the maître's answer to the seated player's question."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from play.actions import ServiceError
from play.actions.advice import ask_the_maitre
from play.presentation.advice import advice_sentence
from play.web.access import get_visible_table


def _int(value) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


@login_required
@require_POST
def advice(request, table_id):
    """« Conseil »: the maître's move for the position the player's page shows (its
    version), in one sentence. htmx swaps the answer in under the button; without
    JavaScript it comes back as the table page's message."""
    table = get_visible_table(request, table_id)
    version = _int(request.POST.get("version"))
    try:
        answer = ask_the_maitre(table, request.user, version,
                                game_id=_int(request.POST.get("game_id")))
    except ServiceError as error:
        text, refused = error.message(), True
    else:
        text, refused = advice_sentence(table.engine, answer.appraisal), False
    if not getattr(request, "htmx", False):
        (messages.error if refused else messages.info)(request, text)
        return redirect(f"{table.get_absolute_url()}#actions")
    return render(request, "play/_advice.html",
                  {"text": text, "refused": refused, "version": version if version else ""})

