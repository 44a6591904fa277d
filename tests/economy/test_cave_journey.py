"""The issue's "done when": a new player verifies their e-mail, buys tokens through the
sandbox, buys a 200-hand pack, plays past their 20 free Ramponneau hands, cashes out,
and sees every movement in their history."""

import pytest
from allauth.account.models import EmailAddress, EmailConfirmationHMAC
from django.urls import reverse

from economy import ledger
from economy.models import Currency, HandDeal, HandPack, TokenBundle
from play.actions import do_act, do_create_table
from play.models import Game
from tests.conftest import PASSWORD, create_player
from tests.support.pages import text_of

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _settings(settings):
    settings.PLAY_BOT_DELAY = 0
    settings.PLAY_INPROCESS_SCHEDULER = False
    settings.PAYMENTS = {**settings.PAYMENTS, "PROVIDER": "sandbox", "SANDBOX_ALLOWED": True}


def fold_or_check(table):
    number = table.current_game().number
    while True:
        game = Game.objects.get(table=table, number=number)
        if game.status != Game.Status.PLAYING:
            return
        seat = table.seats.get(position=game.state["actor"])
        do_act(game, seat.user, table.engine.default_action(game.state), None)


def test_a_new_player_buys_tokens_and_a_pack_plays_past_twenty_hands_and_cashes_out(
    client, alice, django_capture_on_commit_callbacks, mailoutbox
):
    bundle = TokenBundle.objects.create(name="Bourse", tokens=100, price_cents=199)
    pack = HandPack.objects.create(name="Paquet de 200 mains", hands=200, price_tokens=100)
    player = create_player("dora", verified=False)
    client.login(username="dora", password=PASSWORD)
    # verify the e-mail: level 1 and the starting écus
    key = EmailConfirmationHMAC(EmailAddress.objects.get(user=player)).key
    client.post(f"/compte/confirm-email/{key}/")
    assert ledger.balance(player, Currency.ECUS) == 1000
    # buy tokens through the sandbox
    with django_capture_on_commit_callbacks(execute=True):
        to_checkout = client.post(reverse("economy:buy_tokens"),
                                  {"bundle": bundle.pk})
        client.post(to_checkout.url, {"choice": "success"})
    assert ledger.balance(player, Currency.TOKENS) == 100
    assert len(mailoutbox) == 1
    # buy the pack
    client.post(reverse("economy:buy_pack"), {"pack": pack.pk, "request_key": "k"})
    assert ledger.balance(player, Currency.HANDS) == 200
    # cave at a Ramponneau table and play 21 hands
    table = do_create_table(None, "ramponneau", seat_count=2,
                            options={"small_blind": 1, "big_blind": 2})
    page = client.get(table.get_absolute_url()).content.decode()
    assert "Caver" in page
    client.post(reverse("economy:cave", args=[table.pk]), {"amount": "150", "request_key": "c1"})
    client.logout()
    client.login(username="alice", password=PASSWORD)
    ledger.post(alice, Currency.HANDS, 10, reason="hand_pack", key="alice-pack")
    client.post(reverse("economy:cave", args=[table.pk]), {"amount": "150", "request_key": "c2"})
    for _ in range(20):  # 20 hands played: the 21st is being dealt
        fold_or_check(table)
    deals = HandDeal.objects.filter(user=player).order_by("game_number")
    assert [d.source for d in deals[:20]] == ["free"] * 20
    assert deals.count() == 21 and deals[20].source == "pack"
    assert ledger.balance(player, Currency.HANDS) == 199
    # cash out: during the hand, paid when it ends
    client.logout()
    client.login(username="dora", password=PASSWORD)
    client.post(reverse("economy:cash_out", args=[table.pk]))
    fold_or_check(table)
    chips_back = ledger.history(player, Currency.ECUS).filter(reason="cash_out").get().amount
    assert ledger.balance(player, Currency.ECUS) == 1000 - 150 + chips_back
    # every movement in the history, in words
    history = text_of(client.get(reverse("economy:movements")))
    for sentence in ("Écus de bienvenue", "Lot « Bourse » acheté", "Paquet de 200 mains acheté",
                     f"Main n° 21 à la table n° {table.pk}", f"Cave à la table n° {table.pk}",
                     f"Gains ramassés à la table n° {table.pk}"):
        assert sentence in history, sentence
    assert ledger.verify() == []
