"""allauth's e-mails (confirmation, password reset...) with the site's own name and links.

allauth builds its links from the request's Host and names the site after it when the
sites framework is off ("Bonjour, c'est 127.0.0.1:8105 !"). Here every link is made from
SITE_URL and the e-mails greet with SITE_NAME (taverne/site.py). They leave through the
task queue like every mail of the site (taverne/mail.py).
"""

from __future__ import annotations

from typing import NamedTuple
from urllib.parse import quote

from allauth.account.adapter import DefaultAccountAdapter
from allauth.core import context as allauth_context
from django.urls import reverse

from accounts.language import reading_language
from accounts.names import check_name
from taverne.mail import queue_email
from taverne.site import absolute_url, site_domain, site_name, site_url, subject_prefix


class SiteNamed(NamedTuple):
    """What allauth's templates read of ``current_site``."""

    name: str
    domain: str


# The links allauth puts in a mail's context itself, from the request's host (not through
# an adapter method): the mail, then its context key and the page it leads to.
LINKS_BUILT_FROM_THE_REQUEST = {
    "account/email/unknown_account": {"signup_url": "account_signup"},
    "account/email/account_already_exists": {
        "signup_url": "account_signup",
        "password_reset_url": "account_reset_password",
    },
}


# What allauth says when an account is made and signed in, which a guest who signs up is
# told in one line of the sign-up's own, at their table (play/web/guests.py sets
# ``request.guest_signed_up``).
SAID_BY_A_GUESTS_SIGN_UP = {
    "account/messages/email_confirmation_sent.txt",
    "account/messages/logged_in.txt",
}


class AccountAdapter(DefaultAccountAdapter):
    def add_message(self, request, level, message_template=None, message_context=None,
                    extra_tags="", message=None):
        if getattr(request, "guest_signed_up", False) and (
            message_template in SAID_BY_A_GUESTS_SIGN_UP
        ):
            return
        super().add_message(request, level, message_template, message_context, extra_tags,
                            message)

    def format_email_subject(self, subject: str) -> str:
        return subject_prefix() + subject

    def send_mail(self, template_prefix: str, email: str, context: dict) -> None:
        context = {
            **context,
            "current_site": SiteNamed(name=site_name(), domain=site_domain()),
            "site_url": site_url(),
        }
        for key, url_name in LINKS_BUILT_FROM_THE_REQUEST.get(template_prefix, {}).items():
            if key in context:
                context[key] = absolute_url(reverse(url_name))
        # allauth's own send_mail renders then sends in the request; the mail is rendered
        # here (in the reader's language) and leaves through the task queue
        # (taverne/mail.py), so a mail server down never fails a sign-up or a reset.
        context = {"request": allauth_context.request, "email": email, **context}
        queue_email(self.render_mail(template_prefix, email, context))

    def new_user(self, request):
        """An account keeps the language its sign-up form was read in (the guest's, when a
        guest signs up): its e-mails and its pages on another browser speak it."""
        user = super().new_user(request)
        user.preferred_language = reading_language()
        return user

    def clean_username(self, username, shallow=False):
        """allauth's checks, then ours: a username is the name others see until the
        player chooses another, so it may not read as another player's, a bot's or the
        house's (accounts/names.py)."""
        username = super().clean_username(username, shallow=shallow)
        if not shallow:
            check_name(username)
        return username

    def get_email_confirmation_url(self, request, emailconfirmation) -> str:
        return absolute_url(reverse("account_confirm_email", args=[emailconfirmation.key]))

    def get_reset_password_from_key_url(self, key: str) -> str:
        # allauth's own way: the opaque key stands for "<uidb36>-<key>" in the URL.
        path = reverse("account_reset_password_from_key", kwargs={"uidb36": "UID", "key": "KEY"})
        return absolute_url(path.replace("UID-KEY", quote(key)))
