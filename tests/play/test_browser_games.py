"""One player and bots, one browser: a whole hand, deal or round of each chip and rummy game.

Alice starts each game with "Jouer maintenant contre des robots" from the lobby and plays
it by clicking the live page on a phone-sized screen (Ramponneau: a hand, with a raise
sized on the slider; Ambigu: three deals; Remigio: a round, arranging her hand into
melds of her own on the way; All-fours: a deal). Server and browser:
tests/play/conftest.py. Screenshots go to TAVERNE_SCREENSHOTS when it is set.
"""

from __future__ import annotations

import json
import re
import time

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.play.conftest import needs_chromium

pytestmark = [
    needs_chromium,
]


@pytest.fixture
def page(ui, browser, server):
    page = ui.log_in(browser, server, "alice")
    yield page
    page.context.close()


def start(page, server, slug):
    page.goto(f"{server}/jouer/")
    page.click(f"#jeu-{slug} button:has-text('Jouer maintenant')")
    page.wait_for_url(re.compile(r"/jouer/tables/\d+/$"))
    page.wait_for_selector("#table-board .felt")
    page.wait_for_function("() => document.documentElement.classList.contains('live')")


def my_turn(page) -> bool:
    return page.locator("#turn.turn--mine").count() > 0


def act(page, ui, prefer=()) -> bool:
    """Take one turn if it is ours: a picker, a closing, a preferred button, else the first."""
    if not my_turn(page):
        return False
    picker = page.locator("#my-hand .card-picker")
    if picker.count():
        low = int(picker.get_attribute("data-low") or 0)
        boxes = page.locator("#my-hand .card-choice__box")
        for i in range(low):
            boxes.nth(i).check()
        return ui.click_and_wait(page, page.locator("#my-hand form button[type=submit]").last)
    closing = page.locator("#my-hand .close-button:enabled")
    if closing.count():
        return ui.click_and_wait(page, closing.first)
    for text in prefer:
        button = page.locator("#actions button[name=action_json]:enabled", has_text=text)
        if button.count():
            return ui.click_and_wait(page, button.first)
    button = page.locator("#actions button[name=action_json]:enabled")
    if button.count():
        return ui.click_and_wait(page, button.first)
    drawn = page.locator("#my-hand .meld__card--drawn button.card-button[type=submit]")
    if drawn.count():
        return ui.click_and_wait(page, drawn.first)
    card = page.locator("#my-hand button.card-button[type=submit]")
    if card.count():
        return ui.click_and_wait(page, card.first)
    return False


def play_until(page, ui, done, timeout=120, prefer=(), each=None):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if done(page):
            return
        if each:
            each(page)
        if not act(page, ui, prefer):
            page.wait_for_timeout(50)
    raise AssertionError("the game did not get there in time")


def game_over(page) -> bool:
    return page.locator(".game-result").count() > 0


def board_text(page) -> str:
    return page.locator("#table-board").inner_text()


def previous_text(page) -> str:
    """The last finished hand, kept under the buttons while the next one is played."""
    previous = page.locator("#actions .previous-hand")
    return previous.inner_text() if previous.count() else ""


def keep_the_logs(page):
    """From now on, keep every game log the page shows: a hand everyone folds to ends at
    once, and the next hand's log replaces it before a check could read it. (Its text
    content: on a phone the log is in a folded drawer, where innerText is empty.)"""
    page.evaluate(
        """() => { window.seenLogs = [];
                   const keep = () => { const log = document.querySelector('#game-log');
                                        if (log) { window.seenLogs.push(log.textContent); } };
                   new MutationObserver(keep).observe(document.body,
                                                      {childList: true, subtree: true}); }"""
    )


def wait_for_a_logged(page, words):
    """Until one of the logs kept since ``keep_the_logs`` says one of ``words``."""
    page.wait_for_function(
        "words => window.seenLogs.some(log => words.some(w => log.includes(w)))", arg=words
    )


def test_a_hand_of_ramponneau_with_a_raise_on_the_slider(page, ui, server, screenshots):
    start(page, server, "ramponneau")
    board = board_text(page)
    assert "bouton" in board and "grosse blinde" in board and "Pot" in board

    # First decision: raise, sizing it with the slider (the number box follows it).
    play_until(page, ui, lambda p: my_turn(p) and p.locator(".amount-form").count() > 0,
               prefer=("Parole", "Suivre"))
    page.screenshot(path=str(screenshots / "ramponneau-table-phone.png"), full_page=True)
    form = page.locator(".amount-form").first
    low = int(form.locator(".amount-form__number").get_attribute("min"))
    high = int(form.locator(".amount-form__number").get_attribute("max"))
    # The slider steps by the big blind; the number box takes any amount.
    big_blind = int(re.search(r"blindes \d+ / (\d+)", board_text(page)).group(1))
    slider = form.locator(".amount-form__slider")
    assert slider.get_attribute("step") == str(big_blind)
    assert form.locator(".amount-form__number").get_attribute("step") == "1"
    # Quick bets sit beside the form, the minimum first, the amount to call on the board.
    quick = page.locator("#actions .quick-bets button[name=action_json]")
    assert quick.count() >= 1 and quick.first.inner_text() == f"Minimum ({low})"
    assert "à suivre" in page.locator("#to-call").inner_text()
    slider.evaluate("(el, v) => { el.value = v; el.dispatchEvent(new Event('input', "
                    "{bubbles: true})); }", str(low + big_blind))
    assert form.locator(".amount-form__number").input_value() == str(low + big_blind)
    assert low < low + big_blind <= high
    keep_the_logs(page)
    assert ui.click_and_wait(page, form.locator(".amount-form__submit"))
    wait_for_a_logged(page, [f"relance à {low + big_blind}", f"mise {low + big_blind}"])

    # Then check or call down to the end of the hand; the next one is dealt at once and
    # the finished hand stays readable under the table. Unless the bots' cards and bets
    # end the game in that hand (Alice, or every bot, broke: a bot may go all in, and she
    # calls): then the end-of-game panel says who is left.
    play_until(page, ui, lambda p: "Le coup précédent" in previous_text(p) or game_over(p),
               prefer=("Parole", "Suivre", "Montrer"))
    if game_over(page):
        result = page.locator(".game-result").inner_text()
        assert "plus de jetons" in result or "gagnant" in result, result
        return
    previous = page.locator("#actions .previous-hand").inner_text()
    assert "gagne" in previous
    page.screenshot(path=str(screenshots / "ramponneau-after-a-hand-phone.png"), full_page=True)


def test_a_quick_bet_at_ramponneau(page, ui, server):
    start(page, server, "ramponneau")
    quick = "#actions .quick-bets button[name=action_json]"
    play_until(page, ui, lambda p: my_turn(p) and p.locator(quick).count() > 0,
               prefer=("Parole", "Suivre"))
    button = page.locator(quick).last  # the largest: the pot, or half of it
    amount = json.loads(button.get_attribute("value"))["amount"]
    assert f"({amount})" in button.inner_text()

    keep_the_logs(page)
    assert ui.click_and_wait(page, button)
    wait_for_a_logged(page, [f"relance à {amount}", f"mise {amount}"])


def shows_after(do, tip, tries=3) -> bool:
    """Whether ``tip`` shows after ``do()`` (a hover, a focus). A bot's move may swap the
    board in between: the locator then finds the new, untouched term, and ``do`` is
    done again."""
    for _ in range(tries):
        do()
        try:
            tip.wait_for(state="visible", timeout=1_000)
            return True
        except PlaywrightTimeout:
            continue
    return False


def test_three_deals_of_ambigu(page, ui, server, screenshots):
    start(page, server, "ambigu")
    board = board_text(page)
    assert "Poule" in board and "Batterie" in board and "Renvis" in board

    # Its terms carry their glossary definitions: on hover, on keyboard focus (Escape
    # closes it), and they link to the glossary.
    poule = page.locator("#table-board .table-term", has_text="Poule").first
    assert poule.locator("a").get_attribute("href") == "/regles/glossaire/poule/"
    tip = poule.locator(".table-term__tip")
    assert not tip.is_visible()
    assert shows_after(poule.hover, tip) and "pot commun" in tip.inner_text()
    page.mouse.move(0, 0)
    batterie = page.locator("#table-board .table-term", has_text="Batterie").first
    described = batterie.locator("a").get_attribute("aria-describedby")
    assert shows_after(batterie.locator("a").focus, batterie.locator(f"#{described}"))
    assert "Batterie" in page.locator(f"#{described}").inner_text()
    page.keyboard.press("Escape")
    assert not batterie.locator(f"#{described}").is_visible()
    page.keyboard.press("Shift+Tab")  # focus elsewhere: the definitions work again
    shot = {}

    def look(p):
        if "exchange" not in shot and p.locator("#my-hand .card-picker").count():
            p.screenshot(path=str(screenshots / "ambigu-exchange-phone.png"), full_page=True)
            shot["exchange"] = True

    play_until(page, ui, lambda p: "Le coup précédent (n° 3)" in previous_text(p), timeout=180,
               prefer=("Battez", "Ouvrir", "Tenir", "Suivre"), each=look)
    assert "Poule" in board_text(page)
    page.screenshot(path=str(screenshots / "ambigu-table-phone.png"), full_page=True)


def test_a_round_of_remigio_arranging_the_hand(page, ui, server, screenshots):
    start(page, server, "remigio")
    assert "Défausse" in board_text(page) and "Talon" in board_text(page)
    page.wait_for_selector("#my-hand [data-melds]")

    # Arrange: pick two loose cards and make them a group of one's own.
    page.locator("[data-arrange-mode]").check()
    cards = page.locator("#my-hand [data-melds] [data-card]")
    first, second = cards.nth(0).get_attribute("data-card"), cards.nth(1).get_attribute(
        "data-card")
    cards.nth(0).locator(".card-button").click()
    cards.nth(1).locator(".card-button").click()
    page.click("[data-arrange-group]")
    mine = page.locator("#my-hand .meld--mine [data-card]")
    assert mine.evaluate_all("els => els.map(e => e.dataset.card)") == [first, second]
    page.locator("[data-arrange-mode]").uncheck()
    page.screenshot(path=str(screenshots / "remigio-table-phone.png"), full_page=True)

    # Play (draw, discard the card drawn, close when a closing is offered) until a
    # round ends; the arrangement survives every redraw of the hand while the cards last.
    def still_arranged(p):
        # One evaluation reads both lists, so a socket update swapping the hand between
        # two reads cannot make them disagree (the page lays the arrangement again in the
        # same task as the swap).
        codes, hand = p.evaluate(
            """() => [
                [...document.querySelectorAll('#my-hand .meld--mine [data-card]')]
                    .map(e => e.dataset.card),
                [...document.querySelectorAll('#my-hand [data-card]')]
                    .map(e => e.dataset.card),
            ]"""
        )
        assert codes == [c for c in (first, second) if c in hand]

    play_until(page, ui, lambda p: p.locator(".round-result").count() > 0,
               timeout=180, prefer=("Piocher au talon",), each=still_arranged)
    # Folded to its line once the next round is dealt (a tap opens it).
    if page.locator(".round-result[open]").count() == 0:
        page.locator(".round-result > summary").click()
    result = page.locator(".round-result").inner_text()
    assert "ferme" in result or "coup nul" in result
    assert "marque" in result or "coup nul" in result
    page.screenshot(path=str(screenshots / "remigio-round-end-phone.png"), full_page=True)


def test_a_deal_of_all_fours(page, ui, server, screenshots):
    start(page, server, "all-fours")
    assert "Retourne" in board_text(page)
    page.screenshot(path=str(screenshots / "all-fours-table-phone.png"), full_page=True)
    # The last trick, beside the trick in play: Alice opens it once, and it stays open as
    # the socket draws the board again, move after move.
    last = {"opened_at": None, "kept": 0}

    def last_trick(p):
        seen = p.evaluate(
            """() => { const d = document.querySelector('#table-board details.last-trick');
                       return d ? [d.open, document.querySelector('#turn').dataset.version]
                                : null; }"""
        )
        if seen is None:
            return
        is_open, version = seen
        if last["opened_at"] is None:
            try:
                p.locator("#table-board details.last-trick > summary").click(timeout=2_000)
            except Exception:  # swapped under the click: next time
                return
            if p.evaluate("() => !!document.querySelector('#table-board details.last-trick')"
                          "?.open"):
                last["opened_at"] = version
        elif version != last["opened_at"]:
            assert is_open, "the last trick closed itself when the board was drawn again"
            last["kept"] += 1

    play_until(page, ui, lambda p: (last["kept"] > 0 and p.locator(
               "#table-board .deal-sheet__table tbody tr").count() > 0)
               or p.locator("#turn.turn--over").count() > 0,
               prefer=("Je mendie", "Refaire", "Je garde"), each=last_trick)
    assert last["kept"] > 0
    # The sheet is one line (the deal in course or the last one) until it is opened.
    summary = page.locator("#table-board .deal-sheet > summary").inner_text()
    assert "Points par donne" in summary and "Donne " in summary
    page.locator("#table-board .deal-sheet > summary").click()
    sheet = page.locator("#table-board .deal-sheet").inner_text()
    assert "Haut" in sheet and "Bas" in sheet and "Valet" in sheet and "Jeu" in sheet
    assert page.locator("#table-board .deal-sheet__table").is_visible()
    page.screenshot(path=str(screenshots / "all-fours-after-a-deal-phone.png"), full_page=True)
