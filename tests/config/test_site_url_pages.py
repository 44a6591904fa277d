"""The pages' absolute URLs are built from SITE_URL, whatever Host the request named: the
invitation link of a waiting table (on the page, and in the fragment the socket sends,
which has no request at all), the payment provider's return page, and no page anywhere
echoes the request's host."""

import html
import re

import pytest

from economy import purchases
from economy.models import TokenBundle
from play.actions import do_create_table, do_join
from play.presentation.table import table_context

SITE = "https://taverne.example:8443"
OTHER_HOST = "127.0.0.1:8105"
URL = re.compile(r"""(?:https?:)?//[^\s"'<>)]+""")
# Not links: the namespace of the cards' SVG.
NOT_LINKS = ("http://www.w3.org/2000/svg",)

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _site(settings):
    settings.SITE_URL = SITE
    settings.PLAY_BOT_DELAY = 0
    settings.PLAY_INPROCESS_SCHEDULER = False
    settings.PAYMENTS = {**settings.PAYMENTS, "PROVIDER": "sandbox", "SANDBOX_ALLOWED": True}


def get(client, path):
    response = client.get(path, headers={"host": OTHER_HOST})
    assert response.status_code == 200, (path, response.status_code)
    return response.content.decode()


def invite_field(page: str) -> str:
    field = re.search(r'<input id="invite-link"[^>]*\bvalue="([^"]*)"', page)
    assert field, "no invitation field"
    return html.unescape(field.group(1))


@pytest.fixture
def unlisted(alice):
    return do_create_table(alice, "ascenseur", seat_count=3, visibility="unlisted",
                           name="Entre amis")


def test_the_invitation_field_holds_the_full_link_on_the_site(client, alice, unlisted):
    client.force_login(alice)

    page = get(client, unlisted.get_absolute_url())

    assert invite_field(page) == f"{SITE}/jouer/invitation/{unlisted.invite_token}/"
    assert 'readonly' in re.search(r'<input id="invite-link"[^>]*>', page).group(0)
    assert re.search(r'<button type="button"[^>]*data-copy-from="invite-link"[^>]*>'
                     r"Copier le lien</button>", page)
    assert 'data-copied="Lien copié"' in page
    assert re.search(r'<button type="button"[^>]*data-share-from="invite-link"[^>]*>'
                     r"Partager</button>", page)


def test_the_invitation_buttons_are_in_english_for_english_readers(client, alice, unlisted):
    alice.preferred_language = "en"
    alice.save()
    client.force_login(alice)

    page = client.get(unlisted.get_absolute_url(),
                      headers={"host": OTHER_HOST, "accept-language": "en"}).content.decode()

    assert ">Copy link</button>" in page and 'data-copied="Link copied"' in page
    assert ">Share</button>" in page
    assert invite_field(page).startswith(SITE + "/")


def test_the_socket_fragment_has_the_same_full_link_without_any_request(alice, unlisted):
    context = table_context(unlisted, None, alice)  # what the socket renders: no request

    assert context["show_invite"]
    assert context["invite_link"] == f"{SITE}/jouer/invitation/{unlisted.invite_token}/"


def test_the_invitation_link_opens_the_invitation(client, bob, unlisted):
    client.force_login(bob)
    link = f"{SITE}/jouer/invitation/{unlisted.invite_token}/"

    page = get(client, link.removeprefix(SITE))

    assert "Invitation à une table" in page and "Prendre place" in page


def test_the_payment_provider_sends_the_buyer_back_to_the_site(client, alice, monkeypatch):
    bundle = TokenBundle.objects.create(name="Bourse", tokens=100, price_cents=199)
    asked = {}
    start = purchases.do_start_purchase

    def spy(user, bundle, *, success_url, cancel_url, **kwargs):
        asked.update(success_url=success_url, cancel_url=cancel_url)
        return start(user, bundle, success_url=success_url, cancel_url=cancel_url, **kwargs)

    monkeypatch.setattr(purchases, "do_start_purchase", spy)
    client.force_login(alice)

    client.post("/compte/jetons/acheter/", {"bundle": bundle.pk}, headers={"host": OTHER_HOST})

    assert asked["success_url"] == f"{SITE}/compte/achats/{{purchase}}/"
    assert asked["cancel_url"] == f"{SITE}/compte/achats/{{purchase}}/?abandon=1"


def test_no_page_names_the_host_the_request_came_by(client, alice, bob, unlisted):
    playing = do_create_table(alice, "ascenseur", seat_count=3)
    do_join(playing, bob)
    client.force_login(alice)
    pages = [
        "/", "/jouer/", unlisted.get_absolute_url(), playing.get_absolute_url(),
        "/jouer/mes-parties/", "/jouer/historique/", "/joueurs/alice/", "/compte/profil/",
        "/compte/jetons/", "/regles/",
    ]

    for path in pages:
        page = get(client, path)
        assert OTHER_HOST not in page, path
        for link in URL.findall(page):
            if link not in NOT_LINKS:
                assert link.startswith(SITE + "/"), f"{path} links to {link}"
