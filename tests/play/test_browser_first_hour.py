"""A newcomer's first hour at the tables (issue #29), in a real browser, on a phone
(390×844) and a laptop (1280×800): the end of a game is a result panel; the ways out of a
game in progress sit behind one small menu, each confirmed; broke at a practice poker
table, the player is offered a new stack or the end of their part; the phone's header
holds the account's links in a menu; Remigio's last round and Ramponneau's showdown leave
the hand and its buttons in the first screen; All-fours' points and Ambigu's recaves say
what they are. Any console error or Content-Security-Policy violation fails a test.

One server for the module, its tables prepared by ``PREPARE`` (each at the position a
test needs, by stacked decks or by bots playing for both sides); tables/conftest.py has
the server and the browser. The end-of-game panel and the phone menu are photographed
for the README (TAVERNE_SCREENSHOTS: docs/screenshots/README.md).
"""

from __future__ import annotations

import json
import re

import pytest

from tests.play.conftest import (
    BROWSER_PASSWORD,
    DESKTOP,
    PHONE,
    SIGNED_IN_SCRIPT,
    needs_chromium,
    prepared_site,
)

pytestmark = [
    pytest.mark.slow,
    needs_chromium,
]

PREPARE = SIGNED_IN_SCRIPT + r"""
import random
from datetime import timedelta

from django.utils import timezone

from cardgames import CHANCE
from cardgames.registry import get_game
from play.actions import do_act, do_create_table, do_join, do_try_position, games
from play.models import Game

users, sessions = sign_in(("alice", "bob"))
alice = users["alice"]
rng = random.Random(29)
tables = {}


def hold(table):
    # No clock runs out while the tests look at the table.
    Game.objects.filter(table=table, status="playing").update(
        deadline=timezone.now() + timedelta(hours=2))


def stacked(slug, seats, options, carry, cards):
    # The first deal's deck: ``cards`` first, the rest of the pack after them.
    engine = get_game(slug)
    state = engine.new(seats, engine.resolve_options(options), carry)
    deck = list(engine.chance_cards(state))
    return {"type": "deal", "deck": cards + [c for c in deck if c not in cards]}


# Ramponneau for practice, three seats, 400 chips each: Firmin (seat 0, the button) goes
# all in with two aces, Gaston folds, Alice (the big blind) holds seven-deuce: calling
# loses her every chip. One table per screen size.
BROKE = ["Kc", "7c", "Ah", "Qd", "2d", "Ad", "9h", "5s", "3h", "Jd", "8s"]
for size in ("phone", "desktop"):
    carry = {"stacks": [400, 400, 400], "button": 0}
    table = do_try_position(
        alice, "ramponneau", seats=3, options={}, carry=carry, seat=2,
        opening=[stacked("ramponneau", 3, {}, carry, BROKE),
                 {"type": "raise", "amount": 400}, {"type": "fold"}])
    hold(table)
    tables[f"broke-{size}"] = table.pk

# Ramponneau at six, everybody checks to the river: Gaston (seat 1) turns over four
# kings, the others show theirs, and Alice (seat 5) chooses to show or muck her hand.
SHOWDOWN = ["Kh", "2c", "3d", "4h", "5s", "Qc",
            "Kd", "7d", "8h", "9d", "Tc", "Jh",
            "Ks", "Kc", "2h", "6s", "8c"]
carry = {"stacks": [2000] * 6, "button": 0}
engine = get_game("ramponneau")
opening = [stacked("ramponneau", 6, {}, carry, SHOWDOWN)]
state = engine.new(6, engine.resolve_options({}), carry)
state = engine.apply(state, opening[0])
while not (engine.actor(state) == 5 and state["phase"] == "showdown"):
    legal = engine.legal_actions(state)
    kinds = {a["type"]: a for a in legal}
    action = ({"type": "check"} if "check" in kinds else
              {"type": "call", "amount": kinds["call"]["amount"]} if "call" in kinds else
              {"type": "show"})
    opening.append(action)
    state = engine.apply(state, action)
table = do_try_position(alice, "ramponneau", seats=6, options={}, carry=carry, seat=5,
                        opening=opening)
hold(table)
tables["showdown"] = table.pk


def bots_until(slug, seats, seat, done):
    # A game's opening, played by bots offline until ``done(engine, state)`` at ``seat``'s
    # turn.
    engine = get_game(slug)
    state = engine.new(seats, engine.resolve_options({}), None)
    opening = []
    for _ in range(5000):
        actor = engine.actor(state)
        if actor == seat and done(engine, state):
            return opening
        if actor == CHANCE:
            action = engine.chance_action(state, rng)
        else:
            action = engine.bot_action(engine.view(state, actor), rng, "habitue")
        opening.append(action)
        state = engine.apply(state, action)
    raise AssertionError(f"{slug}: never reached the position")


# Remigio: the first round is over, Alice (seat 0) opens the second one.
opening = bots_until("remigio", 4, 0, lambda e, s: s["round"] == 2 and s["phase"] == "draw")
table = do_try_position(alice, "remigio", seats=4, options={}, carry=None, seat=0,
                        opening=opening)
hold(table)
tables["remigio"] = table.pk

# Ambigu, second deal: Alice speaks first with 47 jetons of a cave of 50 once she paid
# her ante, so she may recave 1 to 3.
carry = {"stacks": [48, 50], "dealer": 1, "poule": 0, "batterie": 0, "debts": []}
table = do_try_position(alice, "ambigu", seats=2, options={}, carry=carry, seat=0,
                        opening=[stacked("ambigu", 2, {}, carry, [])])
hold(table)
tables["ambigu"] = table.pk


def last_card_ends_the_game(engine, state, seat):
    # ``seat`` plays the last card of a deal and the game is then over.
    view = engine.view(state, seat)
    if engine.actor(state) != seat or sum(view.get("hand_counts") or [1]) != 1:
        return False
    after = engine.apply(state, engine.legal_actions(state)[0])
    return engine.actor(after) is None


# All-fours between Alice and Bob (rated), played by bots for both until Alice holds the
# last card of the game: the deals and the bots' choices seeded so that the first game
# gets there (the next ones, if the bots ever change).
engine = get_game("all-fours")
games.system_random = random.Random(2)
rng = random.Random(2)
for attempt in range(40):
    table = do_create_table(alice, "all-fours", seat_count=2)
    do_join(table, users["bob"])
    game = table.current_game()
    while game.status == "playing":
        actor = engine.actor(game.state)
        if last_card_ends_the_game(engine, game.state, 0):
            break
        player = alice if actor == 0 else users["bob"]
        action = engine.bot_action(engine.view(game.state, actor), rng, "habitue")
        do_act(game, player, action, None)
        game.refresh_from_db()
    if game.status == "playing":
        hold(table)
        tables["all-fours"] = table.pk
        break
print(json.dumps({"tables": tables, "sessions": sessions}))
"""


WATCH_CSP = """
window.__cspViolations = [];
document.addEventListener('securitypolicyviolation', e =>
    window.__cspViolations.push(e.violatedDirective + ' ' + (e.blockedURI || 'inline')));
"""


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """The module's server, its prepared tables (name → id) and the players' sessions."""
    folder = tmp_path_factory.mktemp("first-hour")
    with prepared_site(folder, PREPARE, args=(BROWSER_PASSWORD,)) as (address, printed):
        yield address, json.loads(printed.strip().splitlines()[-1])


class Player:
    """One player's page at one screen size, signed in by the session PREPARE made; it
    records console errors and CSP violations."""

    def __init__(self, browser, site, name, size):
        self.address, prepared = site
        self.tables = prepared["tables"]
        self.size = size
        self.context = browser.new_context(
            viewport={"width": size[0], "height": size[1]}, locale="fr-FR",
            device_scale_factor=1, reduced_motion="reduce")
        self.context.set_default_timeout(15_000)
        self.context.add_cookies([{"name": "sessionid", "value": prepared["sessions"][name],
                                   "url": self.address}])
        self.page = self.context.new_page()
        self.problems = []
        self.page.on("console", lambda m: self.problems.append(m.text)
                     if m.type == "error" else None)
        self.page.on("pageerror", lambda error: self.problems.append(str(error)))
        self.page.add_init_script(WATCH_CSP)

    def go(self, path):
        self.page.goto(self.address + path)

    def table(self, name):
        """The prepared table ``name``, live (its socket open)."""
        self.go(f"/jouer/tables/{self.tables[name]}/")
        self.live()

    def live(self):
        self.page.wait_for_function(
            "() => document.documentElement.classList.contains('live')")

    def box(self, selector) -> dict:
        # A frame of the socket may swap the element between the wait and the measure:
        # measured again once it is drawn.
        locator = self.page.locator(selector).first
        for _ in range(10):
            locator.wait_for(state="visible")
            box = locator.bounding_box()
            if box is not None:
                return box
            self.page.wait_for_timeout(100)
        raise AssertionError(f"{selector} has no box")

    def in_first_screen(self, selector) -> bool:
        """Wholly inside the first screen, the page scrolled to its top."""
        self.page.evaluate("window.scrollTo(0, 0)")
        box = self.box(selector)
        width, height = self.size
        return (box["x"] >= 0 and box["y"] >= 0 and box["x"] + box["width"] <= width
                and box["y"] + box["height"] <= height)

    def no_sideways_scroll(self):
        sideways = self.page.evaluate("document.documentElement.scrollWidth") - self.size[0]
        assert sideways <= 0, f"the page scrolls sideways by {sideways} px"

    def shoot(self, screenshots, name):
        self.page.evaluate("window.scrollTo(0, 0)")
        self.page.screenshot(path=str(screenshots / f"{name}.png"))

    def close(self):
        """Fails on any console error or CSP violation, then closes the window."""
        problems = self.problems + self.page.evaluate("window.__cspViolations || []")
        self.context.close()
        assert problems == [], problems


def size_name(size):
    return "phone" if size == PHONE else "desktop"


def test_broke_at_practice_poker_a_player_gets_a_new_stack_or_ends_with_a_summary(
    browser, site
):
    for size in (PHONE, DESKTOP):
        broke(Player(browser, site, "alice", size))


def broke(alice):
    """At her table of that size, Alice calls all in and loses every chip: a phone takes a
    new stack there, a laptop plays again."""
    size = alice.size
    page = alice.page
    alice.table(f"broke-{size_name(size)}")
    page.locator("#actions button", has_text="Suivre").click()  # all in, and beaten
    result = page.locator(".game-result")
    result.wait_for(timeout=10_000)
    assert "plus de jetons" in result.inner_text()
    assert "absent du coup" not in page.locator("#table-board").inner_text()
    for label in ("Reprendre un tapis", "Rejouer", "Retour au salon"):
        assert alice.in_first_screen(f".game-result :is(a, button):has-text('{label}')"), label
    alice.no_sideways_scroll()
    first = page.url
    if size == PHONE:  # a new stack, at the same table: the next hand is dealt to her
        page.locator(".game-result button", has_text="Reprendre un tapis").click()
        page.wait_for_function(
            "() => !document.querySelector('.game-result')"
            " && document.querySelectorAll('#my-hand .playing-card').length === 2")
        assert page.url == first
        assert int(page.locator(".seat--you").get_attribute("data-stack")) > 0
    else:  # or the game again, from fresh stacks
        page.locator(".game-result button", has_text="Rejouer").click()
        page.wait_for_url(lambda url: url != first and re.search(r"/jouer/tables/\d+/$", url))
        alice.live()
        page.locator("#my-hand .playing-card").first.wait_for()
    alice.close()


def test_the_end_of_a_game_is_a_panel_with_places_the_last_deal_the_rating_and_the_ways_on(
    browser, site, screenshots
):
    alice = Player(browser, site, "alice", PHONE)
    bob = Player(browser, site, "bob", DESKTOP)
    alice.table("all-fours")
    bob.table("all-fours")
    last = alice.page.locator("#my-hand .card-button:enabled")
    assert last.count() == 1
    last.click()  # the last card of the game
    for player in (alice, bob):
        page = player.page
        panel = page.locator(".game-result")
        panel.wait_for(timeout=10_000)
        text = page.locator("#actions").inner_text()  # the panel and the last deal
        places = panel.locator(".game-result__places tbody tr")
        assert places.count() == 2
        assert "Alice" in text and "Bob" in text
        # The last deal's points, named in French (High, Low, Jack and Game in English).
        for word in ("Haut", "Bas", "Valet", "Jeu"):
            assert word in text, word
        assert not re.search(r"\b(High|Low|Jack)\b", page.locator("main").inner_text())
        assert "Classement" in text and "→" in text  # the rating, before and after
        for label in ("Revanche", "Nouvelle partie", "Retour au salon"):
            assert player.in_first_screen(
                f".game-result :is(a, button):has-text('{label}')"), (player.size, label)
        player.no_sideways_scroll()
        player.shoot(screenshots, f"game-end-{size_name(player.size)}")
    first = alice.page.url
    alice.page.locator(".game-result button", has_text="Nouvelle partie").click()
    alice.page.wait_for_url(lambda url: url != first and re.search(r"/jouer/tables/\d+/$", url))
    bob.page.locator(".game-result a", has_text="Retour au salon").click()
    bob.page.wait_for_url(re.compile(r"/jouer/(#.*)?$"))
    alice.close()
    bob.close()


def test_the_ways_out_of_a_game_are_one_small_menu_and_each_is_confirmed(browser, site):
    for size in (PHONE, DESKTOP):
        ways_out(Player(browser, site, "alice", size))


def ways_out(alice):
    """A game against bots from the lobby: on a phone Alice opens « Abandonner », changes
    her mind, then resigns; on a laptop she calls the game off."""
    size = alice.size
    page = alice.page
    alice.go("/jouer/")
    page.click("#jeu-all-fours button:has-text('Jouer maintenant')")
    page.wait_for_url(re.compile(r"/jouer/tables/\d+/$"))
    alice.live()
    page.locator("#turn.turn--mine").wait_for()
    # Nothing of the ways out shows until the menu is opened.
    for words in ("Je confirme", "Abandonner", "Annuler la partie", "Quitter la partie"):
        assert not page.get_by_text(words).first.is_visible(), words
    menu = ".game-menu__button"
    assert alice.in_first_screen(menu)
    # the game's own actions: its buttons, or the cards to play
    action = alice.box("#actions button.big-button:enabled, #my-hand button.big-button,"
                       " #my-hand .card-button:enabled")
    button = alice.box(menu)
    assert button["height"] <= action["height"] and button["width"] <= 1.5 * action["width"]
    if size == PHONE:  # never between the hand and the buttons
        hand = alice.box("#my-hand")
        assert not hand["y"] + hand["height"] <= button["y"] < action["y"]

    page.click(menu)
    assert alice.in_first_screen(".game-menu [popover]:popover-open")
    choice = "Abandonner" if size == PHONE else "Annuler la partie"
    page.locator(".game-menu [popover]:popover-open button", has_text=choice).click()
    dialog = page.locator(".game-menu__confirm:popover-open")
    assert alice.in_first_screen(".game-menu__confirm:popover-open")
    if size == PHONE:  # changing one's mind changes nothing
        dialog.locator("button", has_text="Continuer la partie").click()
        dialog.wait_for(state="hidden")
        assert not page.locator("#turn.turn--over").count()
        page.click(menu)
        page.locator(".game-menu [popover]:popover-open button", has_text=choice).click()
    dialog.locator("button[type=submit]").click()
    page.locator(".game-result").wait_for()
    ending = "Vous avez abandonné" if size == PHONE else "Partie annulée"
    assert ending in page.locator(".game-result").inner_text()
    alice.close()


def test_on_a_phone_the_accounts_links_are_in_a_menu_and_the_header_is_whole(
    browser, site, screenshots
):
    for size in (PHONE, DESKTOP):
        alice = Player(browser, site, "alice", size)
        page = alice.page
        alice.go("/jouer/")
        account = page.locator(".site-header a", has_text="Mon compte")
        if size == DESKTOP:  # the links in sight, no menu to open
            assert account.is_visible() and not page.locator(".site-menu__button").is_visible()
            alice.close()
            continue
        # Whatever shows in the header shows whole: nothing cut at the screen's edge.
        cut = page.evaluate(
            "w => [...document.querySelectorAll('.site-header a, .site-header button')]"
            ".filter(e => e.checkVisibility() && e.getBoundingClientRect().right > w)"
            ".map(e => e.textContent.trim())", size[0])
        assert cut == [], cut
        nav = page.evaluate("() => { const n = document.querySelector('.site-nav');"
                            " return [n.scrollWidth, n.clientWidth]; }")
        assert nav[0] <= nav[1], f"the menu scrolls sideways: {nav}"
        assert not account.is_visible()
        header = alice.box(".site-header")
        assert header["height"] <= 60, header
        page.click(".site-menu__button")
        for label in ("Mon compte", "Déconnexion", "Règles"):
            assert alice.in_first_screen(
                f".site-menu__list :is(a, button):has-text('{label}')"), label
        alice.shoot(screenshots, "menu-phone")
        account.click()
        page.wait_for_url(re.compile(r"/compte/"))
        alice.close()


def test_a_new_remigio_round_leaves_the_hand_and_the_discard_in_the_first_screen(
    browser, site
):
    for size in (PHONE, DESKTOP):
        alice = Player(browser, site, "alice", size)
        page = alice.page
        alice.table("remigio")
        summary = page.locator(".round-result")
        assert summary.get_attribute("open") is None  # the last round, in one line
        assert alice.box(".round-result")["height"] <= 50
        assert alice.in_first_screen("#my-hand"), size
        assert alice.in_first_screen("#table-board .felt__pile")  # the discard
        assert alice.in_first_screen("#actions button[name=action_json]:enabled")
        page.locator(".round-result > summary").click()  # one tap shows the whole round
        assert page.locator(".round-result .round-hand").first.is_visible()
        alice.close()


def test_at_ramponneaus_showdown_montrer_sa_main_is_in_the_first_screen(browser, site):
    for size in (PHONE, DESKTOP):
        alice = Player(browser, site, "alice", size)
        alice.table("showdown")
        assert alice.page.locator(".seat__shown").count() >= 4  # four hands shown before hers
        # the socket's first frame may redraw the actions: read them once drawn
        alice.page.wait_for_selector("#actions button:has-text('Montrer sa main')")
        assert alice.in_first_screen("#actions button:has-text('Montrer sa main')"), size
        alice.no_sideways_scroll()
        alice.close()


def test_ambigus_recave_buttons_say_they_count_jetons(browser, site):
    alice = Player(browser, site, "alice", PHONE)
    alice.table("ambigu")
    recave = alice.page.locator("#actions .action-group", has_text="recaver")
    buttons = recave.locator("button[name=action_json]")
    assert buttons.count() == 3
    assert [b.strip() for b in buttons.all_inner_texts()] == ["1 jeton", "2 jetons", "3 jetons"]
    assert alice.in_first_screen("#actions .action-group:has-text('recaver')")
    alice.close()
