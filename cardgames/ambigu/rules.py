"""Ambigu's declared tables (actions and their keys, options, messages, refusals) and the
small helpers every part of the game's rules uses. ``game`` re-exports the names others
import.
"""

from __future__ import annotations

from ..core import IllegalAction, Option

UNANSWERED_VADE_FROM_DEALER = 2

DEALER_PAYS_WHEN_NOBODY_OPENS = 2


def _illegal(rule: str, **params) -> IllegalAction:
    return IllegalAction("ambigu." + rule, **params)


def _is_amount(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


# The keys of each action besides "type"; any other key is refused (core.Game.check_keys).
ACTION_KEYS = {
    "deal": ("deck",),
    "pass": (),
    "battez": (),
    "recave": ("amount",),
    "exchange": ("cards",),
    "keep": (),
    "mix": (),
    "vade": ("amount",),
    "follow": (),
    "tapis": (),
    "check": (),
    "fold": (),
    "call": (),
    "renvi": ("amount",),
}

OPTIONS = (
    # Each player's chips at the first deal; the ceiling of a recave.
    Option("cave", 50, choices=(20, 50, 100, 200)),
    Option("ante", 1, choices=(1, 2)),
    # The stake to the batterie for "battez".
    Option("battez_stake", 1, choices=(1, 2)),
    # When nobody opens a vade: "dealer-pays" (the dealer puts 2 chips in the poule, hands
    # are kept and the renvis follow) or "abandon" (poule and batterie wait for the next deal).
    Option("no_opening", "dealer-pays", choices=("dealer-pays", "abandon")),
    # The second phase's exchange: 0 (may stand) or 1 (compulsory) to 4 cards.
    Option("exchange_min", 0, choices=(0, 1)),
    # Exchange rounds allowed in the first phase; when everybody passes again after the
    # last one, the deal is abandoned.
    Option("exchange_rounds", 2, kind="int", minimum=1, maximum=4),
    # Who pays for the winning combination: "all" the others dealt in, "remaining" (those
    # still in at the end), "none".
    Option("combination_payers", "all", choices=("all", "remaining", "none")),
    # A fredon also counts its prime (paid 10 or 11 instead of 8).
    Option("fredon_prime", False, kind="bool"),
    # One may refuse to mix one's discard into a rebuilt stock.
    Option("refuse_discard", True, kind="bool"),
    # A broke player recaves to the starting cave (otherwise is dealt out until recaved).
    Option("auto_recave", True, kind="bool"),
)

# What the log says (``describe``): each code with its parameters. Seats: ``seat`` (who
# acts), ``dealer``; ``draws`` lists ``[seat, rank]`` (the draw's suits stay hidden);
# ``amount``, ``stake`` and ``count`` are chips or cards.
MESSAGES = {
    "ambigu.draw": ("draws", "dealer"),
    "ambigu.deal": ("dealer",),
    "ambigu.deal2": ("dealer",),
    "ambigu.shuffle-exchange": ("dealer",),
    "ambigu.refill": ("dealer",),
    "ambigu.pass": ("seat",),
    "ambigu.pass-out": ("seat",),
    "ambigu.battez": ("seat", "stake"),
    "ambigu.recave": ("seat", "amount"),
    "ambigu.exchange": ("seat", "count"),
    "ambigu.stand-pat": ("seat",),
    "ambigu.mix": ("seat",),
    "ambigu.keep": ("seat",),
    "ambigu.vade": ("seat", "amount"),
    "ambigu.follow": ("seat", "amount"),
    "ambigu.tapis": ("seat",),
    "ambigu.check": ("seat",),
    "ambigu.call": ("seat",),
    "ambigu.fold": ("seat",),
    "ambigu.renvi": ("seat", "amount"),
    "ambigu.renvi-tapis": ("seat", "amount"),
}

REFUSALS = (
    "ambigu.over",
    "ambigu.chance",
    "ambigu.phase",
    "ambigu.wrong-action",
    "ambigu.battez-stake",
    "ambigu.recave",
    "ambigu.recave-amount",
    "ambigu.exchange-cards",
    "ambigu.exchange-count",
    "ambigu.vade-once",
    "ambigu.vade-amount",
    "ambigu.no-vade",
    "ambigu.follow",
    "ambigu.tapis",
    "ambigu.check",
    "ambigu.fold",
    "ambigu.call",
    "ambigu.renvi-alone",
    "ambigu.renvi-amount",
    "ambigu.carry",
)
