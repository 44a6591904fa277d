"""« Ramasser ses gains » says what it did (issue 29, point 10): during a hand the panel
answers that the gains wait for the hand's end, asks for itself again until they are paid,
then says how many écus were paid; at once when no hand holds the player's chips. Without
JavaScript, the same words come as the page's message."""

from html import unescape

import pytest
from django.urls import reverse

from economy import ledger
from economy.chips import caves
from economy.models import Currency
from tests.economy.test_caves import play_hand, system_table

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
PENDING = "Vos gains seront ramassés à la fin de la main : jouez-la jusqu'au bout."


@pytest.fixture(autouse=True)
def _play_settings(settings):
    settings.PLAY_BOT_DELAY = 0
    settings.PLAY_INPROCESS_SCHEDULER = False


def a_hand_in_play(alice, bob):
    table = system_table(seats=2)
    caves.do_cave(table, alice, 100, request_key="a")
    caves.do_cave(table, bob, 100, request_key="b")
    assert table.current_game() is not None
    return table


def test_cashing_out_during_a_hand_answers_in_place_then_says_what_was_paid(
    client, alice, bob
):
    table = a_hand_in_play(alice, bob)
    client.force_login(alice)

    answer = client.post(reverse("economy:cash_out", args=[table.pk]), **HTMX)

    html = unescape(answer.content.decode())
    assert answer.status_code == 200 and html.lstrip().startswith('<section class="panel"')
    assert PENDING in html and 'role="status"' in html
    poll = reverse("economy:cave_panel", args=[table.pk]) + "?ramasse=1"
    assert f'hx-get="{poll}"' in html and 'hx-trigger="every 2s"' in html
    # asked again while the hand goes on: still waiting
    assert PENDING in unescape(client.get(poll).content.decode())

    play_hand(table)

    html = client.get(poll).content.decode()
    paid = ledger.history(alice, Currency.ECUS).filter(reason="cash_out").get().amount
    assert f"Gains ramassés : {paid} écus, rendus à votre bourse." in html
    assert "hx-trigger" not in html  # no more asking


def test_cashing_out_between_hands_pays_at_once_and_says_so(client, alice):
    table = system_table()
    caves.do_cave(table, alice, 100, request_key="a")
    client.force_login(alice)

    html = client.post(reverse("economy:cash_out", args=[table.pk]), **HTMX).content.decode()

    assert "Gains ramassés : 100 écus, rendus à votre bourse." in html
    assert ledger.balance(alice, Currency.ECUS) == 1000
    # the panel of a page read later does not repeat it
    assert "Gains ramassés" not in client.get(table.get_absolute_url()).content.decode()


def test_without_javascript_the_page_says_it_in_its_message(client, alice, bob):
    table = a_hand_in_play(alice, bob)
    client.force_login(alice)

    page = client.post(reverse("economy:cash_out", args=[table.pk]), follow=True)

    assert PENDING in unescape(page.content.decode())


def test_a_refused_cash_out_says_why_in_the_panel(client, alice, bob):
    table = system_table()
    client.force_login(alice)
    caves.do_cave(table, bob, 100, request_key="b")  # alice holds no chips there

    html = client.post(reverse("economy:cash_out", args=[table.pk]), **HTMX).content.decode()

    assert "Vous n'avez pas de jetons à cette table." in unescape(html)
    assert 'role="alert"' in html

