"""What a buyer reads: "Mes achats" lists every purchase (tokens, hand packs, decks of
cards) with its price, state and date; "Mes mouvements" tells each movement as a sentence
with links, never the ledger's references; both in English too, product names included."""

import re

import pytest
from django.urls import reverse
from django.utils import translation

from economy import hands, ledger, purchases
from economy.chips.caves import do_cave
from economy.chips.taverns import do_buy_card_deck
from economy.models import (
    Currency,
    HandAllowance,
    HandPack,
    LedgerEntry,
    SandboxSession,
    TokenBundle,
)
from economy.web import statements
from play.actions import do_create_table
from play.models import Game
from tests.support.pages import text_of

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _sandbox(settings):
    settings.PAYMENTS = {**settings.PAYMENTS, "PROVIDER": "sandbox", "SANDBOX_ALLOWED": True}


def buy_tokens(user, bundle, choice="success"):
    purchase, _url = purchases.do_start_purchase(
        user, bundle, success_url="http://x/{purchase}/", cancel_url="http://x/{purchase}/?c"
    )
    purchases.do_sandbox_checkout(SandboxSession.objects.get(purchase=purchase), choice)
    purchase.refresh_from_db()
    return purchase


@pytest.fixture
def history(alice):
    """alice's account: her welcome écus (her address is verified), tokens bought (and a
    checkout abandoned), a pack of hands, a deck of cards, a cave at Chez Gus and hand 12
    played there on a pack hand."""
    bundle = TokenBundle.objects.create(name="Coffret", name_en="Chest", tokens=300,
                                        price_cents=499)
    paid = buy_tokens(alice, bundle)
    abandoned = buy_tokens(alice, bundle, choice="cancel")
    pack = HandPack.objects.create(name="Paquet du dimanche", name_en="Sunday pack",
                                   hands=200, price_tokens=100)
    pack_entry = hands.do_buy_pack(alice, pack, request_key="pack-1")
    deck = do_buy_card_deck(alice, "deck-1")
    gus = do_create_table(None, "ramponneau", seat_count=6, name="Chez Gus",
                          options={"small_blind": 1, "big_blind": 2})
    do_cave(gus, alice, 150, request_key="cave-1")
    HandAllowance.objects.update_or_create(game_slug="ramponneau",
                                           defaults={"daily_hands": 0})
    hands.consume_hand(alice, "ramponneau", table_id=gus.pk, game_number=12)
    hand_12 = Game.objects.create(table=gus, number=12, state={},
                                  status=Game.Status.FINISHED)
    return {"paid": paid, "abandoned": abandoned, "pack_entry": pack_entry, "deck": deck,
            "gus": gus, "hand_12": hand_12}


# The ledger's references as the page used to print them: "hand_pack 1", "user 5", "hand
# 4:12", "card_deck 9f3c..."; and its keys ("pack:5:...").
INTERNAL = re.compile(r"\b(hand_pack|card_deck|starting_grant|cash_out|purchase|user|table|"
                      r"hand) [0-9a-f:]+\b(?! (jetons|écus|mains|gold|premium))|\bpack:\d")


def assert_no_internal_reference(text):
    assert not INTERNAL.search(text), INTERNAL.search(text).group(0)


# ----- Mes mouvements ---------------------------------------------------------------------


def test_the_movements_read_as_sentences_with_links(client, alice, history):
    client.force_login(alice)
    response = client.get(reverse("economy:movements"))
    page, text = response.content.decode(), text_of(response)
    gus, paid = history["gus"], history["paid"]
    for sentence in (
        "Écus de bienvenue, offerts à l'ouverture de votre compte",
        f"Lot « Coffret » acheté (achat n° {paid.pk})",
        "Paquet de 200 mains acheté",
        "Jeu de cartes acheté pour votre taverne",
        "Cave à la table Chez Gus",
        "Main n° 12 à la table Chez Gus",
    ):
        assert sentence in text, sentence
    # the amounts, signed, and the balances, in the currency's words
    assert "+1000 écus" in text and "−150 écus" in text and "850 écus" in text
    assert "+300 jetons d'or" in text and "−100 jetons d'or" in text
    assert "+200 mains premium" in text and "−1 main premium" in text
    assert "199 mains premium" in text
    # the links: the table, the hand's archive, the purchase, the pack's line, the tavern
    table_link = f'<a href="{gus.get_absolute_url()}">Chez Gus</a>'
    assert f"Cave à la table {table_link}" in page
    archive = reverse("play:archive", args=[history["hand_12"].pk])
    assert f'<a href="{archive}">Main n° 12</a> à la table {table_link}' in page
    assert f'<a href="{reverse("economy:purchase", args=[paid.pk])}">achat n° {paid.pk}</a>' \
        in page
    pack_row = f'{reverse("economy:purchases")}#paquet-'
    assert page.count(f'<a href="{pack_row}') == 2  # the tokens paid, the hands received
    assert f'<a href="{reverse("economy:tavern")}">Jeu de cartes acheté' in page
    assert_no_internal_reference(text)
    assert "hand_pack" not in page and "card_deck" not in page


def test_the_movements_filtered_by_currency(client, alice, history):
    client.force_login(alice)
    text = text_of(client.get(reverse("economy:movements") + "?monnaie=hands"))
    assert "Main n° 12 à la table Chez Gus" in text
    assert "Paquet de 200 mains acheté" in text
    assert "Cave à la table" not in text and "Lot « Coffret »" not in text


def test_a_movement_at_a_table_without_a_name_names_it_by_number(alice):
    table = do_create_table(None, "ramponneau", seat_count=6,
                            options={"small_blind": 1, "big_blind": 2})
    do_cave(table, alice, 100, request_key="c")
    [cave, _grant] = statements.movements(ledger.history(alice))
    assert text_of(cave.text) == f"Cave à la table n° {table.pk}"
    assert cave.amount == "−100 écus" and cave.balance == "900 écus"


def test_a_refund_and_a_paid_debt_are_told_too(alice, bob, settings):
    bundle = TokenBundle.objects.create(name="Bourse", tokens=100, price_cents=199)
    purchase = buy_tokens(alice, bundle)
    purchases.do_refund(purchase)
    table = do_create_table(None, "ramponneau", seat_count=6, name="Au Chat",
                            options={"small_blind": 1, "big_blind": 2})
    ledger.post(alice, Currency.ECUS, 50, reason="adjustment", key="a")
    ledger.post(alice, Currency.ECUS, -20, reason="debt", key="d", ref=("table", table.pk))
    texts = [text_of(m.text) for m in statements.movements(ledger.history(alice))]
    assert texts == [
        "Dette de jeu payée à la table Au Chat",
        "Correction par l'équipe de la Taverne",
        f"Remboursement de votre achat n° {purchase.pk}",
        f"Lot « Bourse » acheté (achat n° {purchase.pk})",
        "Écus de bienvenue, offerts à l'ouverture de votre compte",
    ]


def test_only_the_players_own_movements(client, alice, bob, charlie, history):
    client.force_login(bob)
    text = text_of(client.get(reverse("economy:movements")))
    assert "Écus de bienvenue" in text
    assert "Chez Gus" not in text and "Coffret" not in text
    client.force_login(charlie)  # not verified: no welcome écus yet
    assert "Aucun mouvement pour le moment." in text_of(
        client.get(reverse("economy:movements")))


# ----- Mes achats ---------------------------------------------------------------------------


def purchase_rows(page: str) -> list[str]:
    body = page.split("<tbody>", 1)[1].split("</tbody>", 1)[0]
    return [text_of(row) for row in re.findall(r"<tr\b.*?</tr>", body, flags=re.S)]


def test_the_purchases_list_every_purchase_with_price_state_and_date(client, alice, history):
    client.force_login(alice)
    page = client.get(reverse("economy:purchases")).content.decode()
    rows = purchase_rows(page)
    assert len(rows) == 4  # newest first: the deck, the pack, the abandoned, the paid
    deck, pack, abandoned, paid = rows
    assert "Jeu de cartes, pas encore posé sur une table" in deck
    assert "50 jetons d'or" in deck and "Payé" in deck
    assert "Paquet de 200 mains (« Paquet du dimanche »)" in pack
    assert "100 jetons d'or" in pack and "Payé" in pack
    assert "300 jetons d'or (lot « Coffret »)" in abandoned
    assert "4,99 EUR" in abandoned and "Abandonné" in abandoned
    assert "300 jetons d'or (lot « Coffret »)" in paid and "Payé" in paid
    # each with its date, and the state apart from the price (issue 16: "1,99 EUR abandonné")
    assert all(re.search(r"\d\d/\d\d/\d{4} \d\d:\d\d", row) for row in rows), rows
    assert page.count('<time datetime="') == 4
    assert '<span class="status status--canceled">Abandonné</span>' in page
    # the token purchases link to their page; the pack's row is the movements' anchor
    for purchase in (history["paid"], history["abandoned"]):
        assert f'href="{reverse("economy:purchase", args=[purchase.pk])}"' in page
    paid_in_tokens = LedgerEntry.objects.get(account=alice, reason="hand_pack",
                                             currency="tokens")
    assert f'<tr id="{statements.pack_anchor(paid_in_tokens.pk)}">' in page
    assert_no_internal_reference(" ".join(rows))


def test_the_pack_link_in_the_movements_leads_to_its_purchase_row(client, alice, history):
    client.force_login(alice)
    movements = client.get(reverse("economy:movements")).content.decode()
    anchors = set(re.findall(r'href="/compte/achats/#(paquet-\d+)"', movements))
    assert len(anchors) == 1
    purchases_page = client.get(reverse("economy:purchases")).content.decode()
    assert f'<tr id="{anchors.pop()}">' in purchases_page


def test_a_deck_on_a_table_names_the_table(client, alice):
    ledger.post(alice, Currency.TOKENS, 50, reason="adjustment", key="t")
    do_buy_card_deck(alice, "deck")
    from economy.chips.taverns import do_open_tavern_table

    do_open_tavern_table(alice, name="Chez Gus", options={"small_blind": 1, "big_blind": 2})
    [line] = statements.purchases(alice)
    assert line.text == "Jeu de cartes (table Chez Gus)"
    assert line.url == reverse("economy:tavern")


def test_no_purchase_yet(client, bob):
    client.force_login(bob)
    assert "Aucun achat pour le moment." in text_of(client.get(reverse("economy:purchases")))


# ----- in English ---------------------------------------------------------------------------


def test_the_movements_and_purchases_in_english(client, alice, history):
    client.force_login(alice)
    client.cookies["django_language"] = "en"
    gus, paid = history["gus"], history["paid"]
    text = text_of(client.get(reverse("economy:movements")))
    for sentence in (
        "Welcome écus, given when your account was opened",
        f"“Chest” bundle bought (purchase no. {paid.pk})",
        "Pack of 200 hands bought",
        "Deck of cards bought for your tavern",
        "Buy-in at table Chez Gus",
        "Hand no. 12 at table Chez Gus",
        "+300 gold tokens", "−1 premium hand", "199 premium hands",
    ):
        assert sentence in text, sentence
    assert "Cave" not in text and "jetons" not in text and "Coffret" not in text
    assert gus.get_absolute_url()

    text = text_of(client.get(reverse("economy:purchases")))
    for words in ("My purchases", "300 gold tokens (“Chest” bundle)", "4.99 EUR", "Canceled",
                  "Pack of 200 hands (“Sunday pack”)", "Deck of cards, not yet on a table",
                  "Paid"):
        assert words in text, words
    assert "Coffret" not in text and "dimanche" not in text and "Payé" not in text


def test_english_for_a_player_whose_profile_says_english(client, alice, history):
    alice.preferred_language = "en"
    alice.save(update_fields=["preferred_language"])
    client.force_login(alice)  # no language cookie: the profile's language
    text = text_of(client.get(reverse("economy:movements")))
    assert "Buy-in at table Chez Gus" in text and "Cave" not in text


def test_a_single_hand_and_a_single_token_in_english_are_singular(alice):
    ledger.post(alice, Currency.TOKENS, 1, reason="adjustment", key="one")
    with translation.override("en"):
        [movement] = statements.movements(ledger.history(alice, Currency.TOKENS))
        assert (movement.amount, movement.balance) == ("+1 gold token", "1 gold token")
        assert text_of(movement.text) == "Adjustment by the Taverne team"


def test_a_product_without_an_english_name_keeps_its_french_one(alice):
    bundle = TokenBundle.objects.create(name="Bourse", tokens=100, price_cents=199)
    with translation.override("en"):
        assert bundle.display_name == "Bourse"
        bundle.name_en = "Purse"
        assert bundle.display_name == "Purse"
    with translation.override("fr"):
        assert bundle.display_name == "Bourse"


def test_the_shop_names_its_offers_in_the_readers_language(client, alice):
    TokenBundle.objects.create(name="Coffret", name_en="Chest", tokens=300, price_cents=499)
    HandPack.objects.create(name="Paquet du dimanche", name_en="Sunday pack", hands=200,
                            price_tokens=100)
    client.force_login(alice)
    french = text_of(client.get(reverse("economy:shop")))
    assert "Coffret : 300" in french and "Paquet du dimanche : 200" in french
    client.cookies["django_language"] = "en"
    english = text_of(client.get(reverse("economy:shop")))
    assert "Chest: 300" in english and "Sunday pack: 200" in english
    assert "Coffret" not in english and "dimanche" not in english


def test_the_opening_offers_have_their_english_names():
    """Migration 0003 names the offers the shop opened with (accounts 0004) in English."""
    names = {b.name: b.name_en for b in TokenBundle.objects.all()}
    names |= {p.name: p.name_en for p in HandPack.objects.all()}
    assert names == {"Bourse": "Purse", "Coffret": "Chest", "Trésor": "Treasure",
                     "Paquet de 200 mains": "Pack of 200 hands"}
