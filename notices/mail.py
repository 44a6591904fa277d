"""The e-mail of a kept notice, sent by the delivery task in the worker (notices/delivery.py).

A notice leaves by e-mail when its player wants that kind (``EMAIL_CHOICES``, behind the
switch ``notify_by_email``) and has not read it yet. Each mail carries RFC 8058's
one-click unsubscribe: ``List-Unsubscribe`` (an https address holding a signed token, and
a mailto when NOTICES_UNSUBSCRIBE_MAILTO is set) and ``List-Unsubscribe-Post``; a mail
client's POST to that address turns that kind off (notices/web.py).

A room that knows better what its notice speaks of sends it itself (``register_sender``:
play's turn mail checks that the turn is still the player's and that they are still
away, play/clock/notifications.py); the others are worded here from the notice's data.
Every mail leaves exactly once (taverne.mail.send_once).
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.core import signing
from django.core.mail import EmailMessage
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _

from notices.models import EMAIL_CHOICES, Kind, Notice
from taverne.games import game_name
from taverne.mail import send_once
from taverne.site import absolute_url

UNSUBSCRIBE_SALT = "notices.unsubscribe"

_senders: dict[str, Callable[[Notice], bool]] = {}


def register_sender(kind: Kind | str, sender: Callable[[Notice], bool]) -> None:
    """``sender(notice)`` sends the mail of that kind of notice (returns whether it sent)."""
    _senders[Kind(kind)] = sender


def wants_mail(user, kind: str) -> bool:
    """Whether ``user`` wants the e-mail of that kind (or the digest)."""
    return bool(user is not None and user.is_active and user.email and not user.is_guest
                and user.notify_by_email and getattr(user, EMAIL_CHOICES[kind]))


def unsubscribe_token(user_id: int, kind: str) -> str:
    """The same token for a player and a kind every time (no date: an old mail's link
    still works), signed with the site's secret."""
    return signing.Signer(salt=UNSUBSCRIBE_SALT).sign_object([user_id, str(kind)])


def read_unsubscribe_token(token: str) -> tuple[int, str] | None:
    """(user id, kind) of a token this site signed; None for any other string."""
    try:
        user_id, kind = signing.Signer(salt=UNSUBSCRIBE_SALT).unsign_object(token)
    except (signing.BadSignature, ValueError, TypeError):
        return None
    if not isinstance(user_id, int) or kind not in EMAIL_CHOICES:
        return None
    return user_id, kind


def unsubscribe_url(user_id: int, kind: str) -> str:
    return absolute_url(reverse("notices:unsubscribe", args=[unsubscribe_token(user_id, kind)]))


def unsubscribe_headers(user, kind: str) -> dict[str, str]:
    """RFC 8058's headers for a mail of that kind to ``user``."""
    addresses = [f"<{unsubscribe_url(user.pk, kind)}>"]
    mailto = getattr(settings, "NOTICES_UNSUBSCRIBE_MAILTO", "")
    if mailto:
        addresses.append(f"<mailto:{mailto}?subject=unsubscribe-{user.pk}-{kind}>")
    return {"List-Unsubscribe": ", ".join(addresses),
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click"}


def footer(user, kind: str) -> str:
    """The last lines of every notice mail: how to stop that kind."""
    return "\n\n" + _(
        "Pour ne plus recevoir ces messages : %(url)s\n"
        "Vos choix d'e-mails sont dans votre profil : %(profile)s\n"
    ) % {"url": unsubscribe_url(user.pk, kind),
         "profile": absolute_url(reverse("accounts:profile"))}


def notice_mail(user, kind: str, key: str, subject: str, body: str) -> bool:
    """Sends one notice mail (its footer and headers added), once under ``key``."""
    message = EmailMessage(subject, body + footer(user, kind), None, [user.email],
                           headers=unsubscribe_headers(user, kind))
    return send_once(key, message)


def send_notice_mail(notice: Notice) -> bool:
    """The delivery task's e-mail way: returns whether a mail left."""
    user = notice.user
    if notice.read_at is not None or not wants_mail(user, notice.kind):
        return False
    sender = _senders.get(notice.kind)
    if sender is not None:
        return sender(notice)
    with translation.override(user.preferred_language):
        subject, body = _words(notice, user)
        return notice_mail(user, notice.kind, f"notice-{notice.pk}", subject, body)


def _words(notice: Notice, user) -> tuple[str, str]:
    data = notice.data or {}
    table = data.get("table_name") or (game_name(data["game_slug"]) if data.get("game_slug")
                                        else "")
    url = absolute_url(notice.url) if notice.url.startswith("/") else absolute_url("/avis/")
    hello = _("Bonjour %(name)s,") % {"name": user.public_name}
    if notice.kind == Kind.GAME_OVER:
        subject = _("Partie terminée : %(table)s") % {"table": table}
        said = (_("Vous avez gagné la partie à la table « %(table)s ».") if data.get("won")
                else _("La partie à la table « %(table)s » est terminée.")) % {"table": table}
    elif notice.kind == Kind.PAIRED:
        subject = _("Adversaire trouvé : %(table)s") % {"table": table}
        said = _("Des adversaires vous attendent à la table « %(table)s ».") % {"table": table}
    elif notice.kind == Kind.CHALLENGE:
        who = data.get("from_name") or data.get("from") or ""
        subject = _("%(name)s vous défie") % {"name": who} if who else _("Un défi pour vous")
        said = _("Vous avez reçu un défi.")
    else:
        subject = _("À vous de jouer : %(table)s") % {"table": table}
        said = _("C'est votre tour à la table « %(table)s ».") % {"table": table}
    body = f"{hello}\n\n{said}\n" + _("C'est ici : %(url)s") % {"url": url}
    return subject, body
