"""A player's history in words: each ledger entry as a sentence ("Cave à la table Chez
Gus"), each purchase (tokens for money; hand packs and decks of cards for tokens) as a line.

The ledger keeps what a movement is about as a reference (``ref_type``, ``ref_id``:
``("table", "4")``, ``("hand", "4:12")``, ``("purchase", "7")``...). These are for the
books, never for the reader: here they become the table's name, the hand's number, the
purchase, with a link where a page shows it. Every sentence goes through gettext.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from datetime import datetime

from django.urls import reverse
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from economy.models import CardDeck, Currency, HandPack, LedgerEntry, Purchase
from play.models import Game, Table

Reason = LedgerEntry.Reason

# The two entries of a pack bought (tokens paid, hands credited) share their key but for
# these endings (economy/hands.py do_buy_pack).
PACK_TOKENS, PACK_HANDS = ":tokens", ":hands"


def quantity(currency: str, amount: int) -> str:
    """ "500 jetons d'or", "1 écu", "200 mains premium" (the amount's sign dropped)."""
    n = abs(amount)
    if currency == Currency.TOKENS:
        text = ngettext("%(n)s jeton d'or", "%(n)s jetons d'or", n)
    elif currency == Currency.ECUS:
        text = ngettext("%(n)s écu", "%(n)s écus", n)
    else:
        text = ngettext("%(n)s main premium", "%(n)s mains premium", n)
    return text % {"n": n}


def signed_quantity(currency: str, amount: int) -> str:
    """ "+500 jetons d'or", "−1 main premium" (a true minus sign)."""
    return ("+" if amount > 0 else "\u2212") + quantity(currency, amount)


def sentence(template: str, **parts) -> SafeString:
    """A translated sentence with its parts put in: plain text is escaped, links (safe
    strings) are kept."""
    return mark_safe(
        conditional_escape(template) % {key: conditional_escape(v) for key, v in parts.items()}
    )


def link(url: str, text: str) -> SafeString:
    return format_html('<a href="{}">{}</a>', url, text)


def table_label(table: Table | None, table_id) -> str:
    """What follows "la table" in a sentence: its name, or its number when it has none."""
    if table is not None and table.name:
        return table.name
    return _("n° %(number)s") % {"number": table_id}


def _table_part(tables: dict, table_id) -> str:
    table = tables.get(str(table_id))
    label = table_label(table, table_id)
    return link(table.get_absolute_url(), label) if table is not None else label


def pack_anchor(tokens_entry_id) -> str:
    return f"paquet-{tokens_entry_id}"


# ----- movements ------------------------------------------------------------------------


@dataclass
class Movement:
    entry: LedgerEntry
    text: SafeString  # the sentence, with its links
    amount: str  # "+500 jetons d'or"
    balance: str  # "500 jetons d'or", the balance after the movement

    @property
    def incoming(self) -> bool:
        return self.entry.amount > 0


class _Context:
    """What the sentences of a page of entries refer to, each kind read in one query."""

    def __init__(self, entries: list[LedgerEntry]):
        refs = defaultdict(set)
        for entry in entries:
            refs[entry.ref_type].add(entry.ref_id)
        hands = [ref.split(":") for ref in refs["hand"] if ref.count(":") == 1]
        table_ids = {t for t in refs["table"] if t.isdigit()}
        table_ids |= {t for t, _number in hands if t.isdigit()}
        self.tables = {str(t.pk): t for t in Table.objects.filter(pk__in=table_ids)}
        purchase_ids = [p for p in refs["purchase"] if p.isdigit()]
        self.purchases = {
            str(p.pk): p
            for p in Purchase.objects.filter(pk__in=purchase_ids).select_related("bundle")
        }
        self.finished_games = {}
        numbers = defaultdict(set)
        for table, number in hands:
            if table.isdigit() and number.isdigit():
                numbers[int(table)].add(int(number))
        for table, wanted in numbers.items():
            for game_id, number in Game.objects.filter(
                table_id=table, number__in=wanted, status=Game.Status.FINISHED
            ).values_list("pk", "number"):
                self.finished_games[(table, number)] = game_id
        # A pack's two entries: the tokens paid and the hands credited, found by their key.
        pack_keys = {
            e.idempotency_key.rsplit(":", 1)[0]
            for e in entries
            if e.reason == Reason.HAND_PACK
        }
        self.packs = {}
        if pack_keys:
            wanted = [k + PACK_TOKENS for k in pack_keys] + [k + PACK_HANDS for k in pack_keys]
            for pair in LedgerEntry.objects.filter(idempotency_key__in=wanted):
                base, _sep, end = pair.idempotency_key.rpartition(":")
                self.packs.setdefault(base, {})[end] = pair


def _purchase_sentence(entry, context) -> SafeString:
    purchase = context.purchases.get(entry.ref_id)
    if purchase is None:
        return sentence(capfirst(entry.get_reason_display()))
    number = link(
        reverse("economy:purchase", args=[purchase.pk]),
        _("achat n° %(number)s") % {"number": purchase.pk},
    )
    if entry.reason == Reason.REFUND:
        return sentence(_("Remboursement de votre %(purchase)s"), purchase=number)
    return sentence(
        _("Lot « %(bundle)s » acheté (%(purchase)s)"),
        bundle=purchase.bundle.display_name,
        purchase=number,
    )


def _pack_sentence(entry, context) -> SafeString:
    pair = context.packs.get(entry.idempotency_key.rsplit(":", 1)[0], {})
    hands = pair.get(PACK_HANDS[1:])
    tokens = pair.get(PACK_TOKENS[1:])
    if hands is None:
        return sentence(_("Paquet de mains acheté"))
    text = ngettext("Paquet de %(hands)s main acheté", "Paquet de %(hands)s mains acheté",
                    hands.amount) % {"hands": hands.amount}
    if tokens is None:
        return sentence(text)
    return link(reverse("economy:purchases") + "#" + pack_anchor(tokens.pk), text)


def _hand_sentence(entry, context) -> SafeString:
    table_id, _sep, number = entry.ref_id.partition(":")
    if not (table_id.isdigit() and number.isdigit()):
        return sentence(capfirst(entry.get_reason_display()))
    hand = _("Main n° %(number)s") % {"number": number}
    game_id = context.finished_games.get((int(table_id), int(number)))
    if game_id is not None:
        hand = link(reverse("play:archive", args=[game_id]), hand)
    return sentence(
        _("%(hand)s à la table %(table)s"), hand=hand,
        table=_table_part(context.tables, table_id),
    )


# The sentences of the movements at a table, by reason (and for a debt, by direction).
AT_A_TABLE = {
    Reason.CAVE: lambda: _("Cave à la table %(table)s"),
    Reason.CASH_OUT: lambda: _("Gains ramassés à la table %(table)s"),
    Reason.RAKE: lambda: _("Prélèvement du tavernier à votre table %(table)s"),
}


def describe(entry: LedgerEntry, context: _Context) -> SafeString:
    """The entry as a sentence in the reader's language."""
    reason = entry.reason
    if entry.ref_type == "purchase" and reason in (Reason.PURCHASE, Reason.REFUND):
        return _purchase_sentence(entry, context)
    if reason == Reason.HAND_PACK:
        return _pack_sentence(entry, context)
    if reason == Reason.HAND and entry.ref_type == "hand":
        return _hand_sentence(entry, context)
    if entry.ref_type == "table" and (reason in AT_A_TABLE or reason == Reason.DEBT):
        if reason == Reason.DEBT:
            template = (_("Dette de jeu reçue à la table %(table)s") if entry.amount > 0
                        else _("Dette de jeu payée à la table %(table)s"))
        else:
            template = AT_A_TABLE[reason]()
        return sentence(template, table=_table_part(context.tables, entry.ref_id))
    if reason == Reason.CARD_DECK:
        return link(reverse("economy:tavern"), _("Jeu de cartes acheté pour votre taverne"))
    if reason == Reason.STARTING_GRANT:
        return sentence(_("Écus de bienvenue, offerts à l'ouverture de votre compte"))
    if reason == Reason.ADJUSTMENT:
        return sentence(_("Correction par l'équipe de la Taverne"))
    return sentence(capfirst(entry.get_reason_display()))


def movements(entries) -> list[Movement]:
    """A page of ledger entries as sentences, amounts and balances."""
    entries = list(entries)
    context = _Context(entries)
    return [
        Movement(
            entry=entry,
            text=describe(entry, context),
            amount=signed_quantity(entry.currency, entry.amount),
            balance=quantity(entry.currency, entry.balance_after),
        )
        for entry in entries
    ]


# ----- purchases --------------------------------------------------------------------------


@dataclass
class PurchaseLine:
    date: datetime
    text: str  # what was bought
    price: str  # "1,99 EUR", "100 jetons d'or"
    status: str  # a Purchase.Status value
    url: str = ""  # where to read more about it
    anchor: str = ""  # the row's id, for links from the movements

    @property
    def status_label(self) -> str:
        return capfirst(Purchase.Status(self.status).label)


def _token_purchases(user) -> list[PurchaseLine]:
    return [
        PurchaseLine(
            date=purchase.created_at,
            text=_("%(tokens)s (lot « %(bundle)s »)") % {
                "tokens": quantity(Currency.TOKENS, purchase.tokens),
                "bundle": purchase.bundle.display_name,
            },
            price=purchase.amount_display,
            status=purchase.status,
            url=reverse("economy:purchase", args=[purchase.pk]),
            anchor=f"achat-{purchase.pk}",
        )
        for purchase in Purchase.objects.filter(user=user).select_related("bundle")
    ]


def _pack_purchases(user) -> list[PurchaseLine]:
    pairs: dict[str, dict[str, LedgerEntry]] = defaultdict(dict)
    for entry in LedgerEntry.objects.filter(account=user, reason=Reason.HAND_PACK):
        base, _sep, end = entry.idempotency_key.rpartition(":")
        pairs[base][end] = entry
    names = {str(p.pk): p for p in HandPack.objects.all()}
    lines = []
    for pair in pairs.values():
        tokens, hands = pair.get(PACK_TOKENS[1:]), pair.get(PACK_HANDS[1:])
        if tokens is None or hands is None:
            continue  # both are posted in one transaction: never one without the other
        text = ngettext("Paquet de %(hands)s main", "Paquet de %(hands)s mains",
                        hands.amount) % {"hands": hands.amount}
        pack = names.get(tokens.ref_id)
        if pack is not None and pack.display_name.casefold() != text.casefold():
            text = _("%(pack)s (« %(name)s »)") % {"pack": text, "name": pack.display_name}
        lines.append(PurchaseLine(
            date=tokens.created_at,
            text=text,
            price=quantity(Currency.TOKENS, tokens.amount),
            status=Purchase.Status.PAID,
            anchor=pack_anchor(tokens.pk),
        ))
    return lines


def _deck_purchases(user) -> list[PurchaseLine]:
    lines = []
    for deck in CardDeck.objects.filter(owner=user).select_related("table"):
        if deck.table is not None:
            text = _("Jeu de cartes (table %(table)s)") % {
                "table": table_label(deck.table, deck.table_id)
            }
        else:
            text = _("Jeu de cartes, pas encore posé sur une table")
        lines.append(PurchaseLine(
            date=deck.created_at,
            text=text,
            price=quantity(Currency.TOKENS, deck.price_tokens),
            status=Purchase.Status.PAID,
            url=reverse("economy:tavern"),
            anchor=f"jeu-{deck.pk}",
        ))
    return lines


def purchases(user) -> list[PurchaseLine]:
    """Everything the player bought, newest first: tokens for money, hand packs and decks
    of cards for tokens."""
    lines = _token_purchases(user) + _pack_purchases(user) + _deck_purchases(user)
    return sorted(lines, key=lambda line: line.date, reverse=True)
