"""Every e-mail the site sends links with SITE_URL and greets with SITE_NAME, whatever host
the request that sent it named.

The mails: allauth's (signup confirmation, confirmation asked again at login, password
reset, reset for an unknown address, signup with an address already taken), play's ("À
vous de jouer", the correspondence reminder) and the economy's (the purchase receipt).
Each is sent for real here, from requests made to another host than the site's
(127.0.0.1:8105, as a second `runserver` would be), and each of its absolute URLs, in its
text and any HTML part, must start with SITE_URL and lead to a page of the site.
"""

import re
from urllib.parse import urlsplit

import pytest
from django.urls import Resolver404, resolve

from economy import purchases
from economy.models import SandboxSession, TokenBundle
from play.actions import do_create_table, do_join
from play.clock.notifications import send_reminder_now, send_turn_email_now
from tests.conftest import PASSWORD

SITE = "https://taverne.example:8443"
NAME = "Taverne d'essai"
OTHER_HOST = "127.0.0.1:8105"
URL = re.compile(r"""(?:https?:)?//[^\s"'<>]+""")

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _site(settings):
    settings.SITE_URL = SITE
    settings.SITE_NAME = NAME
    settings.PLAY_BOT_DELAY = 0
    settings.PLAY_INPROCESS_SCHEDULER = False
    settings.PAYMENTS = {**settings.PAYMENTS, "PROVIDER": "sandbox", "SANDBOX_ALLOWED": True}


def parts(mail) -> list[str]:
    """The mail's text and its HTML alternatives, if any."""
    return [mail.body] + [content for content, _ in getattr(mail, "alternatives", [])]


def links_of(mail) -> list[str]:
    return [url.rstrip(".,;)»") for part in parts(mail) for url in URL.findall(part)]


def assert_links_on_the_site(mail):
    links = links_of(mail)
    assert links, f"no link in « {mail.subject} »:\n{mail.body}"
    for link in links:
        assert link.startswith(SITE + "/"), f"« {mail.subject} » links to {link}"
        try:
            resolve(urlsplit(link).path)
        except Resolver404:
            pytest.fail(f"« {mail.subject} » links to {link}, no page of the site")
    for part in parts(mail):
        assert OTHER_HOST not in part and "testserver" not in part, part


def assert_greets_with_the_site_name(mail):
    first_line = mail.body.strip().splitlines()[0]
    assert first_line == f"Bonjour de la part de {NAME} !", mail.body
    assert mail.subject.startswith(f"[{NAME}] ")


def post(client, path, data):
    return client.post(path, data, headers={"host": OTHER_HOST})


def test_the_signup_confirmation_links_and_greets_from_the_settings(client, mailoutbox):
    post(client, "/compte/signup/", {"username": "dora", "email": "dora@example.com",
                                     "password1": "un-mot-de-passe-solide",
                                     "password2": "un-mot-de-passe-solide"})

    [mail] = mailoutbox
    assert_links_on_the_site(mail)
    assert_greets_with_the_site_name(mail)
    assert re.search(re.escape(SITE) + r"/compte/confirm-email/[^/\s]+/", mail.body)
    assert "taverne.example:8443" in mail.body  # "… un compte sur taverne.example:8443"


def test_the_confirmation_sent_again_at_login_links_to_the_site(client, charlie, mailoutbox):
    post(client, "/compte/login/", {"login": "charlie", "password": PASSWORD})

    [mail] = mailoutbox
    assert mail.to == [charlie.email]
    assert_links_on_the_site(mail)
    assert_greets_with_the_site_name(mail)


def test_the_password_reset_links_to_the_site(client, alice, mailoutbox):
    post(client, "/compte/password/reset/", {"email": alice.email})

    [mail] = mailoutbox
    assert_links_on_the_site(mail)
    assert_greets_with_the_site_name(mail)
    [reset] = [link for link in links_of(mail) if "/compte/password/reset/key/" in link]
    # The key in the link opens the form to choose a new password.
    page = client.get(urlsplit(reset).path, follow=True)
    assert page.status_code == 200
    assert 'name="password1"' in page.content.decode()


def test_the_reset_for_an_unknown_address_links_to_the_site(client, db, mailoutbox):
    post(client, "/compte/password/reset/", {"email": "personne@example.com"})

    [mail] = mailoutbox
    assert_links_on_the_site(mail)
    assert_greets_with_the_site_name(mail)
    assert f"{SITE}/compte/signup/" in links_of(mail)


def test_a_signup_with_an_address_taken_links_to_the_site(client, alice, mailoutbox):
    post(client, "/compte/signup/", {"username": "alice2", "email": alice.email,
                                     "password1": "un-mot-de-passe-solide",
                                     "password2": "un-mot-de-passe-solide"})

    [mail] = mailoutbox
    assert mail.to == [alice.email]
    assert_links_on_the_site(mail)
    assert_greets_with_the_site_name(mail)
    assert f"{SITE}/compte/password/reset/" in links_of(mail)


def test_the_account_mails_greet_with_the_site_name_in_english_too(client, alice, mailoutbox):
    client.post("/compte/password/reset/", {"email": alice.email},
                headers={"host": OTHER_HOST, "accept-language": "en"})

    [mail] = mailoutbox
    assert mail.body.strip().startswith(f"Hello from {NAME}!"), mail.body
    assert_links_on_the_site(mail)


@pytest.fixture
def away_players(alice, bob, charlie):
    """alice, bob, charlie, all asking for turn e-mails, dealt at a correspondence table
    none of them has open."""
    for user in (alice, bob, charlie):
        user.notify_your_turn = user.notify_by_email = True
        user.save()
    table = do_create_table(alice, "ascenseur", seat_count=3, pace="correspondence",
                            move_seconds=3 * 86400, name="Chez Alice")
    do_join(table, bob)
    do_join(table, charlie)
    return table


def test_the_your_turn_mail_links_to_the_table_on_the_site(away_players, mailoutbox):
    game = away_players.current_game()

    assert send_turn_email_now(game.pk, game.actor, game.version)

    [mail] = mailoutbox
    assert_links_on_the_site(mail)
    assert f"{SITE}{away_players.get_absolute_url()}" in links_of(mail)
    assert f"{SITE}/compte/profil/" in links_of(mail)  # where to stop these mails


def test_the_correspondence_reminder_links_to_the_table_on_the_site(away_players, mailoutbox):
    game = away_players.current_game()

    assert send_reminder_now(game.pk, game.actor, game.version)

    [mail] = mailoutbox
    assert_links_on_the_site(mail)
    assert f"{SITE}{away_players.get_absolute_url()}" in links_of(mail)


def test_the_purchase_receipt_links_to_the_purchases_and_names_the_site(alice, mailoutbox):
    bundle = TokenBundle.objects.create(name="Bourse", tokens=100, price_cents=199)
    purchase, _ = purchases.do_start_purchase(
        alice, bundle, success_url=f"{SITE}/{{purchase}}/", cancel_url=f"{SITE}/{{purchase}}/"
    )
    session = SandboxSession.objects.get(purchase=purchase)
    purchases.do_sandbox_checkout(session, "success")  # queues the receipt, sent at once

    [mail] = mailoutbox
    assert_links_on_the_site(mail)
    assert links_of(mail) == [f"{SITE}/compte/achats/"]
    assert f"Merci pour votre achat sur {NAME}." in mail.body
