"""The invitation link of a waiting table, in the browser: "Copier le lien" puts the full
link (on SITE_URL, here the address the test server serves) into the clipboard and says
"Lien copié", by click or by keyboard, on a phone and on a laptop; "Partager" appears
where the browser has a share sheet and hands it the same link; no console error and no
CSP violation on the way. Server and browser: tests/play/conftest.py.
"""

from __future__ import annotations

import re

import pytest

from tests.play.conftest import DESKTOP, PHONE, needs_chromium

pytestmark = [
    needs_chromium,
]

REPORT_VIOLATIONS = """
document.addEventListener('securitypolicyviolation', (e) => {
  window.reportViolation(`${e.effectiveDirective} blocked ${e.blockedURI || 'inline'}`
    + ` at ${e.sourceFile || location.pathname}:${e.lineNumber} « ${e.sample} »`);
});
"""

# A phone's share sheet, as Chromium on Android has one: headless Chromium on Linux has
# none. The test reads what the page handed it.
SHARE_SHEET = """
navigator.share = (data) => { window.sharedWith = data; return Promise.resolve(); };
"""


def watched(ui, browser, server, size, share_sheet=False):
    """Alice's page, clipboard allowed, every console error and CSP violation noted."""
    page = ui.log_in(browser, server, "alice", size=size)
    page.bring_to_front()  # the clipboard takes text from the focused page only
    context = page.context
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server)
    problems = []
    context.expose_function("reportViolation", lambda text: problems.append(text))
    context.add_init_script(REPORT_VIOLATIONS)
    if share_sheet:
        context.add_init_script(SHARE_SHEET)
    page.on("console", lambda m: problems.append(f"console: {m.text}")
            if m.type == "error" else None)
    page.on("pageerror", lambda error: problems.append(f"page error: {error}"))
    page.on("response", lambda r: problems.append(f"{r.status}: {r.url}")
            if r.status >= 400 else None)
    return page, problems


def open_unlisted_table(page, server) -> str:
    """Alice opens an Ascenseur table on invitation only; its page's URL."""
    page.goto(f"{server}/jouer/creer/ascenseur/")
    page.check("input[name=visibility][value=unlisted]")
    page.click("main form button[type=submit]")
    page.wait_for_url(re.compile(r"/jouer/tables/\d+/$"))
    page.wait_for_selector("#invite-link")
    return page.url


def clipboard(page) -> str:
    return page.evaluate("() => navigator.clipboard.readText()")


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_copy_puts_the_full_invitation_link_in_the_clipboard(ui, browser, server, size,
                                                             screenshots):
    page, problems = watched(ui, browser, server, size)
    open_unlisted_table(page, server)
    link = page.input_value("#invite-link")
    assert re.fullmatch(re.escape(server) + r"/jouer/invitation/[\w-]+/", link), link
    copy = page.get_by_role("button", name="Copier le lien")

    copy.click()

    status = page.locator("#invite-status")
    status.wait_for(state="visible")
    page.wait_for_function(
        "() => document.getElementById('invite-status').textContent === 'Lien copié'")
    assert clipboard(page) == link
    # caret="initial": Playwright hides the caret with a style attribute on each field
    # and leaves it empty; a socket swap copying that attribute would break the CSP.
    page.screenshot(path=str(screenshots / f"invite-copied-{size[0]}.png"), caret="initial")

    # By keyboard: Tab reaches the button from the link, Enter copies again.
    page.evaluate("() => navigator.clipboard.writeText('')")
    page.focus("#invite-link")
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.textContent") == "Copier le lien"
    page.keyboard.press("Enter")
    page.wait_for_function("() => navigator.clipboard.readText().then(t => t !== '')")
    assert clipboard(page) == link

    # Without a share sheet (Chromium on Linux), "Partager" stays hidden.
    has_share = page.evaluate("() => typeof navigator.share === 'function'")
    assert page.get_by_role("button", name="Partager").is_visible() == has_share
    assert problems == []
    page.context.close()


def test_share_hands_the_full_link_to_a_phones_share_sheet(ui, browser, server):
    page, problems = watched(ui, browser, server, PHONE, share_sheet=True)
    open_unlisted_table(page, server)
    link = page.input_value("#invite-link")
    share = page.get_by_role("button", name="Partager")
    assert share.is_visible()

    share.click()

    page.wait_for_function("() => window.sharedWith !== undefined")
    shared = page.evaluate("() => window.sharedWith")
    assert shared["url"] == link
    assert shared["text"] == "Une partie de l'Ascenseur vous attend à ma table."
    assert problems == []
    page.context.close()


def test_the_copied_link_brings_bob_to_the_invitation(ui, browser, server):
    page, problems = watched(ui, browser, server, DESKTOP)
    open_unlisted_table(page, server)
    page.get_by_role("button", name="Copier le lien").click()
    page.wait_for_function(
        "() => document.getElementById('invite-status').textContent === 'Lien copié'")
    link = clipboard(page)
    bob = ui.log_in(browser, server, "bob", size=PHONE)

    bob.goto(link)

    assert "Invitation à une table" in bob.locator("h1").inner_text()
    assert bob.get_by_role("button", name="Prendre place").is_visible()
    assert problems == []
    bob.context.close()
    page.context.close()


def test_lien_copie_stays_when_the_table_changes_under_it(ui, browser, server):
    """A frame swaps the board (Bob takes a seat) just after Alice copied: « Lien copié »
    and the link stay where they were."""
    page, problems = watched(ui, browser, server, DESKTOP)
    open_unlisted_table(page, server)
    page.wait_for_function("() => document.documentElement.classList.contains('live')")
    page.get_by_role("button", name="Copier le lien").click()
    page.wait_for_function(
        "() => document.getElementById('invite-status').textContent === 'Lien copié'")
    link = page.input_value("#invite-link")
    bob = ui.log_in(browser, server, "bob", size=PHONE)
    bob.goto(link)

    bob.get_by_role("button", name="Prendre place").click()

    page.locator("#table-board", has_text="Bob").wait_for()
    assert page.locator("#invite-status").text_content() == "Lien copié"
    assert page.input_value("#invite-link") == link
    assert problems == []
    bob.context.close()
    page.context.close()
