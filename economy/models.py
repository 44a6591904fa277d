"""The economy's records: wallets and their ledger, purchases of tokens, hands (allowances,
packs, deals), chips at tables (bounds, reserves, movements, decks of cards), contests, and
honest chips (what each hand moved, the pairs and accounts held out).

Every change goes through the economy's action functions (economy/ledger.py and the
modules beside it); these models only hold data. They lived in the accounts and play apps
before the economy became an app of its own: each keeps its table's name (``db_table``),
so moving them changed no table and no row (migrations 0001 of the economy, 0007 of
accounts, 0004 of play).
"""

import secrets
from decimal import Decimal

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import number_format
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _


def money_display(cents: int, currency: str) -> str:
    """An amount in the reader's language: "14,99 EUR" in French, "14.99 EUR" in English."""
    amount = number_format(Decimal(cents) / 100, decimal_pos=2, use_l10n=True)
    return f"{amount} {currency.upper()}"


def in_reader_language(french: str, english: str) -> str:
    """A name staff wrote in both languages, in the reader's: the English one when the
    page is in English and staff gave one, else the French one (the site's own)."""
    return english if english and (get_language() or "fr").startswith("en") else french


class NamedInTwoLanguages(models.Model):
    """An offer's name, in French (the site's language) and, when staff give one, English.

    One field per language: the page shows ``display_name``, the reader's.
    """

    name = models.CharField(_("nom"), max_length=60)
    name_en = models.CharField(
        _("nom en anglais"), max_length=60, blank=True,
        help_text=_("Vide : les pages en anglais montrent le nom français."),
    )

    class Meta:
        abstract = True

    @property
    def display_name(self) -> str:
        return in_reader_language(self.name, self.name_en)


# ----- wallets and their ledgers (economy/ledger.py moves them) ------------------------


class Currency(models.TextChoices):
    """The three things a player owns that count like money."""

    TOKENS = "tokens", _("jetons d'or")  # bought with real money
    ECUS = "ecus", _("écus")  # free play money, never converted back into tokens or money
    HANDS = "hands", _("mains premium")  # hand credits from packs; they never expire


WALLET_COLUMNS = {Currency.TOKENS: "tokens", Currency.ECUS: "ecus", Currency.HANDS: "hand_credits"}


class Wallet(models.Model):
    """A player's three balances, kept in the same transaction as their ledger entries.

    The CHECK constraints are the last line of defence: a spend that would take a
    balance below zero fails in the database even if the code forgot to check.
    """

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, primary_key=True, on_delete=models.PROTECT, related_name="wallet"
    )
    tokens = models.BigIntegerField(_("jetons d'or"), default=0)
    ecus = models.BigIntegerField(_("écus"), default=0)
    hand_credits = models.BigIntegerField(_("mains premium"), default=0)
    # Set when a refund took back tokens the player had kept only in part (docs/economy.md).
    flagged = models.BooleanField(_("compte signalé"), default=False)
    flag_note = models.CharField(_("motif du signalement"), max_length=200, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        db_table = "accounts_wallet"
        verbose_name = _("porte-monnaie")
        constraints = [
            models.CheckConstraint(condition=models.Q(tokens__gte=0), name="wallet_tokens_gte_0"),
            models.CheckConstraint(condition=models.Q(ecus__gte=0), name="wallet_ecus_gte_0"),
            models.CheckConstraint(
                condition=models.Q(hand_credits__gte=0), name="wallet_hand_credits_gte_0"
            ),
        ]

    def __str__(self):
        return f"{self.user} : {self.tokens} jetons, {self.ecus} écus, {self.hand_credits} mains"

    def balance(self, currency):
        return getattr(self, WALLET_COLUMNS[Currency(currency)])


class AppendOnlyError(Exception):
    """Ledger entries are never changed or deleted: post a correcting entry instead."""


class LedgerEntryQuerySet(models.QuerySet):
    def update(self, **kwargs):
        raise AppendOnlyError("ledger entries are never updated")

    def delete(self):
        raise AppendOnlyError("ledger entries are never deleted")


class LedgerEntry(models.Model):
    """One movement of one currency on one account. Append-only."""

    class Reason(models.TextChoices):
        PURCHASE = "purchase", _("achat de jetons")
        REFUND = "refund", _("remboursement")
        HAND_PACK = "hand_pack", _("paquet de mains")
        HAND = "hand", _("main jouée")
        STARTING_GRANT = "starting_grant", _("écus de bienvenue")
        CAVE = "cave", _("cave")
        CASH_OUT = "cash_out", _("gains ramassés")
        RAKE = "rake", _("prélèvement du tavernier")
        CARD_DECK = "card_deck", _("jeu de cartes")
        CONTEST = "contest", _("concours")
        DEBT = "debt", _("dette de jeu (Ambigu)")
        ADJUSTMENT = "adjustment", _("correction")

    account = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="ledger_entries",
        verbose_name=_("compte"),
    )
    currency = models.CharField(_("monnaie"), max_length=8, choices=Currency.choices)
    amount = models.BigIntegerField(_("montant"))
    # The balance right after this entry: the history reads without a running sum, and
    # verify_ledgers checks it too.
    balance_after = models.BigIntegerField(_("solde après"))
    reason = models.CharField(_("motif"), max_length=20, choices=Reason.choices)
    # What the movement is about: ("purchase", "12"), ("table", "4"), ("hand", "4:17")...
    ref_type = models.CharField(_("référence (type)"), max_length=20, blank=True)
    ref_id = models.CharField(_("référence"), max_length=64, blank=True)
    idempotency_key = models.CharField(_("clé d'idempotence"), max_length=200, unique=True)
    created_at = models.DateTimeField(_("date"), auto_now_add=True, db_index=True)

    objects = LedgerEntryQuerySet.as_manager()

    class Meta:
        db_table = "accounts_ledgerentry"
        verbose_name = _("écriture")
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["account", "currency", "id"], name="ledger_account")]
        constraints = [
            models.CheckConstraint(condition=~models.Q(amount=0), name="ledger_amount_not_0"),
            models.CheckConstraint(
                condition=models.Q(balance_after__gte=0), name="ledger_balance_after_gte_0"
            ),
        ]

    def __str__(self):
        return f"{self.account_id} {self.amount:+} {self.currency} ({self.reason})"

    def save(self, *args, **kwargs):
        if not self._state.adding:
            raise AppendOnlyError("ledger entries are never updated")
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise AppendOnlyError("ledger entries are never deleted")


# ----- buying tokens --------------------------------------------------------------------


class TokenBundle(NamedInTwoLanguages):
    """A number of tokens sold for a price, defined by staff in the admin."""

    tokens = models.PositiveIntegerField(_("jetons d'or"))
    price_cents = models.PositiveIntegerField(_("prix (centimes)"))
    currency = models.CharField(_("devise"), max_length=3, default="eur")
    active = models.BooleanField(_("en vente"), default=True)
    position = models.PositiveSmallIntegerField(_("ordre"), default=0)

    class Meta:
        db_table = "accounts_tokenbundle"
        verbose_name = _("lot de jetons")
        verbose_name_plural = _("lots de jetons")
        ordering = ["position", "price_cents"]
        constraints = [
            models.CheckConstraint(condition=models.Q(tokens__gt=0), name="bundle_tokens_gt_0"),
            models.CheckConstraint(
                condition=models.Q(price_cents__gt=0), name="bundle_price_gt_0"
            ),
        ]

    def __str__(self):
        return f"{self.name} ({self.tokens} jetons, {self.price_display})"

    @property
    def price_display(self):
        return money_display(self.price_cents, self.currency)


def new_purchase_key():
    return secrets.token_hex(16)


class Purchase(models.Model):
    """A purchase of tokens; the row exists before the buyer leaves for the checkout.

    pending → paid → refunded, or pending → failed / canceled. The bundle's tokens and
    price are copied: a bundle edited later does not change what was bought.
    """

    class Status(models.TextChoices):
        PENDING = "pending", _("en attente")
        PAID = "paid", _("payé")
        FAILED = "failed", _("échoué")
        CANCELED = "canceled", _("abandonné")
        REFUNDED = "refunded", _("remboursé")

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="purchases"
    )
    bundle = models.ForeignKey(TokenBundle, on_delete=models.PROTECT, related_name="purchases")
    tokens = models.PositiveIntegerField(_("jetons d'or"))
    amount_cents = models.PositiveIntegerField(_("montant (centimes)"))
    currency = models.CharField(_("devise"), max_length=3)
    provider = models.CharField(_("prestataire"), max_length=20)
    provider_ref = models.CharField(_("référence du prestataire"), max_length=255, blank=True)
    payment_ref = models.CharField(_("référence du paiement"), max_length=255, blank=True)
    # Our idempotency key with the provider: a retried "create the checkout" is one session.
    idempotency_key = models.CharField(max_length=64, unique=True, default=new_purchase_key)
    status = models.CharField(
        _("état"), max_length=10, choices=Status.choices, default=Status.PENDING
    )
    created_at = models.DateTimeField(_("date"), auto_now_add=True)
    paid_at = models.DateTimeField(_("payé le"), null=True, blank=True)
    refunded_at = models.DateTimeField(_("remboursé le"), null=True, blank=True)
    refunded_tokens = models.PositiveIntegerField(_("jetons repris"), default=0)
    refund_note = models.CharField(_("note de remboursement"), max_length=200, blank=True)
    receipt_sent_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        db_table = "accounts_purchase"
        verbose_name = _("achat")
        ordering = ["-created_at", "-id"]

    def __str__(self):
        return f"#{self.pk} {self.user} {self.tokens} jetons ({self.get_status_display()})"

    @property
    def amount_display(self):
        return money_display(self.amount_cents, self.currency)


class PaymentEvent(models.Model):
    """A provider event processed: a replayed event id is refused (and credits nothing)."""

    provider = models.CharField(max_length=20)
    event_id = models.CharField(max_length=255)
    type = models.CharField(max_length=80)
    purchase = models.ForeignKey(
        Purchase, null=True, blank=True, on_delete=models.PROTECT, related_name="events"
    )
    received_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "accounts_paymentevent"
        constraints = [
            models.UniqueConstraint(fields=["provider", "event_id"], name="payment_event_once"),
        ]


class SandboxSession(models.Model):
    """The sandbox provider's own record of a checkout (what a real provider keeps)."""

    ref = models.CharField(max_length=64, unique=True)
    purchase = models.ForeignKey(Purchase, on_delete=models.CASCADE)
    amount_cents = models.PositiveIntegerField()
    currency = models.CharField(max_length=3)
    outcome = models.CharField(max_length=10, blank=True)  # "", success, failure, cancel
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "accounts_sandboxsession"


# ----- hands: daily allowance and premium packs (economy/hands.py) ----------------------


class HandAllowance(models.Model):
    """Free hands a day for one game, set by staff; no row: the economy's game table
    (economy/games.py)."""

    game_slug = models.CharField(_("jeu"), max_length=32, unique=True)
    daily_hands = models.PositiveIntegerField(
        _("mains gratuites par jour"), null=True, blank=True, help_text=_("Vide : illimité.")
    )

    class Meta:
        db_table = "accounts_handallowance"
        verbose_name = _("mains quotidiennes")
        verbose_name_plural = _("mains quotidiennes")

    def __str__(self):
        return f"{self.game_slug}: {self.daily_hands if self.daily_hands is not None else '∞'}"


class HandPack(NamedInTwoLanguages):
    """A premium pack of hands sold for tokens (price set by staff)."""

    hands = models.PositiveIntegerField(_("mains"), default=200)
    price_tokens = models.PositiveIntegerField(_("prix (jetons d'or)"))
    active = models.BooleanField(_("en vente"), default=True)

    class Meta:
        db_table = "accounts_handpack"
        verbose_name = _("paquet de mains")
        verbose_name_plural = _("paquets de mains")
        ordering = ["price_tokens"]
        constraints = [
            models.CheckConstraint(condition=models.Q(hands__gt=0), name="pack_hands_gt_0"),
        ]

    def __str__(self):
        return f"{self.name} ({self.hands} mains, {self.price_tokens} jetons)"


class HandDeal(models.Model):
    """A hand dealt to a player and how it was paid for: free, pack, or owner (free play).

    Unique per (user, table, game number): a retried deal counts once.
    """

    class Source(models.TextChoices):
        FREE = "free", _("gratuite")
        PACK = "pack", _("paquet")
        OWNER = "owner", _("tavernier")
        UNLIMITED = "unlimited", _("illimitée")

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="hand_deals"
    )
    game_slug = models.CharField(max_length=32)
    day = models.DateField()  # Europe/Paris
    table_id = models.BigIntegerField()
    game_number = models.PositiveIntegerField()
    position = models.PositiveSmallIntegerField(null=True, blank=True)  # the seat dealt in
    source = models.CharField(max_length=10, choices=Source.choices)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "accounts_handdeal"
        constraints = [
            models.UniqueConstraint(
                fields=["user", "table_id", "game_number"], name="hand_deal_once"
            ),
        ]
        indexes = [
            models.Index(fields=["user", "game_slug", "day", "source"], name="hand_day"),
            # Who was dealt in at one hand: a contest's scores when it ends, the reports.
            models.Index(fields=["table_id", "game_number"], name="hand_deal_table"),
        ]


# ----- chips at tables (economy/chips/): caves, reserves, movements, rake, decks ---------


class TableEconomy(models.Model):
    """The écus side of a chip table: its cave bounds (in the game's cave unit: big blinds,
    antes; the column names are older than the second chip game) and its settlement."""

    table = models.OneToOneField("play.Table", on_delete=models.CASCADE, related_name="economy")
    cave_min_bb = models.PositiveIntegerField(default=10)
    cave_max_bb = models.PositiveIntegerField(default=100)
    # The last hand whose chips went back to the reserves (and whose rake was paid).
    settled_number = models.PositiveIntegerField(default=0)
    rake_total = models.BigIntegerField(default=0)

    class Meta:
        db_table = "play_tableeconomy"
        constraints = [
            models.CheckConstraint(
                condition=Q(cave_min_bb__gte=1) & Q(cave_max_bb__gte=models.F("cave_min_bb")),
                name="table_economy_cave_bounds",
            ),
        ]


class TableBankroll(models.Model):
    """A player's chips at a chip table that are not in the hand being dealt."""

    class Status(models.TextChoices):
        PLAYING = "playing", _("joue")
        WAITING_BB = "waiting_bb", _("attend la grosse blinde")
        POST_BB = "post_bb", _("pose la grosse blinde")
        STANDING = "standing", _("levé")
        LEAVING = "leaving", _("ramasse ses gains à la fin de la main")
        LEFT = "left", _("parti")

    table = models.ForeignKey("play.Table", on_delete=models.CASCADE, related_name="bankrolls")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="bankrolls")
    reserve = models.BigIntegerField(default=0)
    status = models.CharField(max_length=12, choices=Status.choices,
                              default=Status.WAITING_BB)
    # Why the platform sat the player out by itself: "no_hands", "level", "broke" or "".
    sat_out_reason = models.CharField(max_length=12, blank=True, default="")
    caved = models.BigIntegerField(default=0)
    cashed_out = models.BigIntegerField(default=0)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        db_table = "play_tablebankroll"
        constraints = [
            models.UniqueConstraint(fields=["table", "user"], name="bankroll_once_per_table"),
            models.CheckConstraint(condition=Q(reserve__gte=0), name="bankroll_reserve_gte_0"),
        ]


class ChipMovement(models.Model):
    """Chips entering or leaving a table, or changing hands outside the engine. Append-only."""

    class Kind(models.TextChoices):
        CAVE = "cave", _("cave")
        CASH_OUT = "cash_out", _("gains ramassés")
        RAKE = "rake", _("prélèvement")
        DEAD_BLIND = "dead_blind", _("grosse blinde d'entrée")
        DEAD_BLIND_WON = "dead_won", _("blindes d'entrée gagnées")

    table = models.ForeignKey("play.Table", on_delete=models.CASCADE,
                              related_name="chip_movements")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                             on_delete=models.SET_NULL)
    kind = models.CharField(max_length=10, choices=Kind.choices)
    amount = models.BigIntegerField()
    game_number = models.PositiveIntegerField(null=True, blank=True)
    idempotency_key = models.CharField(max_length=200, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "play_chipmovement"
        constraints = [
            models.CheckConstraint(condition=Q(amount__gt=0), name="chip_movement_amount_gt_0"),
        ]
        indexes = [models.Index(fields=["table", "kind"], name="chip_movement_table")]


class CardDeck(models.Model):
    """A deck of cards bought with tokens: it opens one table its owner runs (a tavern)."""

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                              related_name="card_decks")
    price_tokens = models.PositiveIntegerField()
    table = models.OneToOneField("play.Table", null=True, blank=True, on_delete=models.SET_NULL,
                                 related_name="card_deck")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "play_carddeck"


class Contest(models.Model):
    """A concours: staff pick a game and a period; players are ranked on what they won."""

    game_slug = models.CharField(_("jeu"), max_length=32)
    name = models.CharField(_("nom"), max_length=80)
    starts_at = models.DateTimeField(_("début"))
    ends_at = models.DateTimeField(_("fin"))
    winners_count = models.PositiveSmallIntegerField(_("nombre de gagnants"), default=3)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                   on_delete=models.SET_NULL, related_name="+")

    class Meta:
        db_table = "play_contest"
        verbose_name = _("concours")
        verbose_name_plural = _("concours")
        ordering = ["-starts_at"]
        constraints = [
            models.CheckConstraint(condition=Q(ends_at__gt=models.F("starts_at")),
                                   name="contest_period"),
        ]

    def __str__(self):
        return self.name

    def get_absolute_url(self):
        return reverse("economy:contest", args=[self.pk])


class ContestScore(models.Model):
    """One player's running total in one contest, added to when a game of the period
    finishes (economy/contests.py): the standings read these rows, never the history."""

    contest = models.ForeignKey(Contest, on_delete=models.CASCADE, related_name="scores")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="+")
    score = models.BigIntegerField(default=0)
    games = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["contest", "user"], name="contest_score_once"),
        ]
        indexes = [models.Index(fields=["contest", "-score"], name="contest_score_rank")]


# ----- honest chips: accounts held out of the contests (economy/collusion.py) -------------


class AccountFlag(models.Model):
    """An account staff (or the collusion report) set aside: while not cleared, it is held
    out of every contest's standings and winners. Clearing keeps the row: who cleared it,
    when and why."""

    account = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                                related_name="flags", verbose_name=_("compte"))
    reason = models.CharField(_("motif"), max_length=300)
    flagged_at = models.DateTimeField(_("signalé le"), auto_now_add=True)
    flagged_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                   on_delete=models.SET_NULL, related_name="+",
                                   verbose_name=_("signalé par"))
    cleared_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                   on_delete=models.SET_NULL, related_name="+",
                                   verbose_name=_("levé par"))
    cleared_at = models.DateTimeField(_("levé le"), null=True, blank=True)
    note = models.CharField(_("note"), max_length=300, blank=True)

    class Meta:
        verbose_name = _("compte signalé")
        verbose_name_plural = _("comptes signalés")
        ordering = ["-flagged_at", "-id"]
        indexes = [models.Index(fields=["account", "cleared_at"], name="account_flag_open")]

    def __str__(self):
        return f"{self.account} : {self.reason}"

    @property
    def active(self) -> bool:
        return self.cleared_at is None


# ----- honest chips: what each hand moved, and the pairs held out (economy/collusion.py) ---


class AppendOnlyQuerySet(models.QuerySet):
    """A record's queryset: rows are added, never changed or deleted in bulk."""

    def update(self, **kwargs):
        raise AppendOnlyError("records are never updated")

    def delete(self):
        raise AppendOnlyError("records are never deleted")


class AppendOnlyRecord(models.Model):
    """A row written once: ``save()`` of an existing row and ``delete()`` are refused."""

    objects = AppendOnlyQuerySet.as_manager()

    class Meta:
        abstract = True

    def save(self, *args, **kwargs):
        if not self._state.adding:
            raise AppendOnlyError("records are never updated")
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise AppendOnlyError("records are never deleted")


class HandChips(AppendOnlyRecord):
    """One player's chips in one settled hand at a chip table, as the game's chip rules
    read them (``cardgames.chips``): what they brought in, what they had to put in
    (blinds, antes), what they took back, and whether they folded. Written when the hand
    is settled (economy/chips/settlement.py), once: the collusion report reads these
    rows, never the games' states or logs."""

    table = models.ForeignKey("play.Table", on_delete=models.CASCADE, related_name="+")
    game_number = models.PositiveIntegerField()
    position = models.PositiveSmallIntegerField()
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="+")
    brought = models.BigIntegerField()
    forced = models.BigIntegerField(default=0)
    taken = models.BigIntegerField()
    folded = models.BooleanField(default=False)
    # One time for every seat of a hand (settlement sets it): the report groups by hand.
    settled_at = models.DateTimeField(default=timezone.now, db_index=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["table", "game_number", "position"],
                                    name="hand_chips_once"),
            models.CheckConstraint(condition=Q(brought__gte=0) & Q(taken__gte=0)
                                   & Q(forced__gte=0), name="hand_chips_gte_0"),
        ]

    @property
    def net(self) -> int:
        return self.taken - self.brought

    @property
    def put_in_by_choice(self) -> int:
        """What the player lost beyond the blinds and antes (0 when they won)."""
        return max(0, self.brought - self.taken - self.forced)


class PairFlag(AppendOnlyRecord):
    """Two accounts the collusion report found passing écus from one (``sender``) to the
    other (``receiver``): both are held out of the contests and the écus leaderboards
    until staff clear the pair (``PairClearance``). The reason says which hands, how much
    moved and why, in words. A record: never changed, never deleted."""

    sender = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                               related_name="+", verbose_name=_("perdant"))
    receiver = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                                 related_name="+", verbose_name=_("gagnant"))
    ecus = models.BigIntegerField(_("écus passés"))
    signs = models.CharField(_("signes"), max_length=200)
    reason = models.TextField(_("motif"))
    since = models.DateTimeField(_("depuis"))
    until = models.DateTimeField(_("jusqu'à"))
    flagged_at = models.DateTimeField(_("signalée le"), auto_now_add=True)
    flagged_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                   on_delete=models.SET_NULL, related_name="+",
                                   verbose_name=_("signalée par"))
    # One open flag per pair: "pair:<smaller id>:<larger id>:<clearances before>".
    idempotency_key = models.CharField(max_length=80, unique=True)

    class Meta:
        verbose_name = _("paire signalée")
        verbose_name_plural = _("paires signalées")
        ordering = ["-flagged_at", "-id"]

    def __str__(self):
        return f"{self.sender} → {self.receiver} ({self.ecus} écus)"

    @property
    def active(self) -> bool:
        return not PairClearance.objects.filter(flag=self).exists()


class PairClearance(AppendOnlyRecord):
    """Staff looked at a flagged pair and cleared it: the two accounts are ranked again.
    Who, when and why are kept; the hands before it are not held against the pair
    again."""

    flag = models.OneToOneField(PairFlag, on_delete=models.CASCADE, related_name="clearance",
                                verbose_name=_("paire signalée"))
    cleared_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True,
                                   on_delete=models.SET_NULL, related_name="+",
                                   verbose_name=_("levé par"))
    cleared_at = models.DateTimeField(_("levé le"), auto_now_add=True)
    note = models.CharField(_("note"), max_length=300, blank=True)

    class Meta:
        verbose_name = _("signalement levé")
        verbose_name_plural = _("signalements levés")
        ordering = ["-cleared_at", "-id"]

    def __str__(self):
        return f"{self.flag} : {self.note}"


def held_out_ids() -> set[int]:
    """The accounts held out of the contests and the écus leaderboards: under an open
    flag of their own (``AccountFlag``) or of a pair (``PairFlag`` not cleared)."""
    held = set(AccountFlag.objects.filter(cleared_at__isnull=True)
               .values_list("account_id", flat=True))
    for sender, receiver in PairFlag.objects.filter(clearance__isnull=True).values_list(
            "sender_id", "receiver_id"):
        held |= {sender, receiver}
    return held
