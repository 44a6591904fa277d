"""The notices' pages: the bell's list (/avis/), the header's live counts, and the
one-click unsubscribe of the e-mails (RFC 8058)."""

from __future__ import annotations

from datetime import timedelta

from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.http import HttpResponseBadRequest
from django.shortcuts import render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_GET

from notices.mail import read_unsubscribe_token
from notices.models import EMAIL_CHOICES, Kind, Notice
from notices.services import do_mark_read, do_unsubscribe
from notices.words import describe
from play import queries

LIST_LENGTH = 50
# Younger than this, a notice is « à l'instant » (timesince would say « 0 minute »).
JUST_NOW = timedelta(minutes=1)


@login_required
def notice_list(request):
    """The player's latest notices, newest first; those shown unread are marked read (and
    shown as new this once)."""
    notices = list(Notice.objects.filter(user=request.user)[:LIST_LENGTH])
    unread = [notice.pk for notice in notices if notice.read_at is None]
    if unread:
        do_mark_read(request.user.pk, ids=unread)
    now = timezone.now()
    rows = [{"notice": notice, "text": describe(notice), "new": notice.pk in unread,
             "just_now": now - notice.created_at < JUST_NOW} for notice in notices]
    return render(request, "notices/list.html", {"rows": rows})


@require_GET
def counters(request):
    """The header's live counts (the bell's unread notices, the games waiting on me),
    fetched again by htmx on each event of the account stream (static/notices/account.js)."""
    user = request.user
    if not user.is_authenticated:
        return render(request, "notices/_counters.html", {"unread": 0, "turns": 0})
    return render(request, "notices/_counters.html", {
        "unread": Notice.objects.filter(user=user, read_at__isnull=True).count(),
        "turns": queries.my_turn_count(user), "oob": True,
    })


@csrf_exempt  # RFC 8058: the mail client's POST carries no cookie and no token
def unsubscribe(request, token: str):
    """GET: a page asking to confirm (a link scanner must not unsubscribe anybody); POST:
    the one-click unsubscribe, no sign-in needed (the signed token says who and what)."""
    found = read_unsubscribe_token(token)
    user = get_user_model().objects.filter(pk=found[0]).first() if found else None
    if user is None:
        response = render(request, "notices/unsubscribe.html", {"invalid": True})
        response.status_code = 400 if request.method == "POST" else 404
        return response
    kind = found[1]
    what = _kind_words(kind)
    if request.method == "POST":
        do_unsubscribe(user.pk, kind)
        return render(request, "notices/unsubscribe.html", {"done": True, "what": what})
    if request.method != "GET":
        return HttpResponseBadRequest()
    return render(request, "notices/unsubscribe.html", {
        "what": what, "email": user.email, "on": getattr(user, EMAIL_CHOICES[kind])})


def _kind_words(kind: str) -> str:
    return {
        Kind.YOUR_TURN: _("les e-mails « À vous de jouer »"),
        Kind.CHALLENGE: _("les e-mails de défi"),
        Kind.PAIRED: _("les e-mails « adversaire trouvé »"),
        Kind.GAME_OVER: _("les e-mails de fin de partie"),
        "digest": _("le résumé quotidien"),
    }[kind]


def context(request):
    """``unread_notices`` for the header's bell (queried only if a template reads it)."""
    user = getattr(request, "user", None)
    cached = []

    def unread_notices():
        if not cached:
            cached.append(Notice.objects.filter(user=user, read_at__isnull=True).count()
                          if user is not None and user.is_authenticated else 0)
        return cached[0]

    return {"unread_notices": unread_notices}
