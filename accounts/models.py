import secrets
from decimal import Decimal

from django.contrib.auth.models import AbstractUser
from django.db import models
from django.utils.formats import number_format
from django.utils.translation import gettext_lazy as _

from accounts import levels


def money_display(cents: int, currency: str) -> str:
    """An amount in the reader's language: "14,99 EUR" in French, "14.99 EUR" in English."""
    amount = number_format(Decimal(cents) / 100, decimal_pos=2, use_l10n=True)
    return f"{amount} {currency.upper()}"


class User(AbstractUser):
    """A player (or an editor: staff members in the "Éditeurs" group)."""

    class Language(models.TextChoices):
        FRENCH = "fr", "Français"
        ENGLISH = "en", "English"

    display_name = models.CharField(
        _("nom affiché"),
        max_length=40,
        blank=True,
        help_text=_("Le nom que voient les autres joueurs. Votre identifiant sinon."),
    )
    preferred_language = models.CharField(
        _("langue préférée"),
        max_length=2,
        choices=Language.choices,
        default=Language.FRENCH,
    )
    notify_your_turn = models.BooleanField(
        _("me prévenir quand c'est mon tour"),
        default=True,
    )
    notify_by_email = models.BooleanField(
        _("me prévenir aussi par e-mail"),
        default=False,
    )

    @property
    def public_name(self):
        return self.display_name or self.username

    @property
    def level(self):
        return levels.level_of(self)


# ----- the economy: wallets and their ledgers (accounts/ledger.py moves them) -----------


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
        User, primary_key=True, on_delete=models.PROTECT, related_name="wallet"
    )
    tokens = models.BigIntegerField(_("jetons d'or"), default=0)
    ecus = models.BigIntegerField(_("écus"), default=0)
    hand_credits = models.BigIntegerField(_("mains premium"), default=0)
    # Set when a refund took back tokens the player had kept only in part (docs/economy.md).
    flagged = models.BooleanField(_("compte signalé"), default=False)
    flag_note = models.CharField(_("motif du signalement"), max_length=200, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
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
        User, on_delete=models.PROTECT, related_name="ledger_entries", verbose_name=_("compte")
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


class TokenBundle(models.Model):
    """A number of tokens sold for a price, defined by staff in the admin."""

    name = models.CharField(_("nom"), max_length=60)
    tokens = models.PositiveIntegerField(_("jetons d'or"))
    price_cents = models.PositiveIntegerField(_("prix (centimes)"))
    currency = models.CharField(_("devise"), max_length=3, default="eur")
    active = models.BooleanField(_("en vente"), default=True)
    position = models.PositiveSmallIntegerField(_("ordre"), default=0)

    class Meta:
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

    user = models.ForeignKey(User, on_delete=models.PROTECT, related_name="purchases")
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


# ----- hands: daily allowance and premium packs (accounts/hands.py) ---------------------


class HandAllowance(models.Model):
    """Free hands a day for one game; no row: settings.ECONOMY["HAND_ALLOWANCE_DEFAULTS"]."""

    game_slug = models.CharField(_("jeu"), max_length=32, unique=True)
    daily_hands = models.PositiveIntegerField(
        _("mains gratuites par jour"), null=True, blank=True, help_text=_("Vide : illimité.")
    )

    class Meta:
        verbose_name = _("mains quotidiennes")
        verbose_name_plural = _("mains quotidiennes")

    def __str__(self):
        return f"{self.game_slug}: {self.daily_hands if self.daily_hands is not None else '∞'}"


class HandPack(models.Model):
    """A premium pack of hands sold for tokens (price set by staff)."""

    name = models.CharField(_("nom"), max_length=60)
    hands = models.PositiveIntegerField(_("mains"), default=200)
    price_tokens = models.PositiveIntegerField(_("prix (jetons d'or)"))
    active = models.BooleanField(_("en vente"), default=True)

    class Meta:
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

    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="hand_deals")
    game_slug = models.CharField(max_length=32)
    day = models.DateField()  # Europe/Paris
    table_id = models.BigIntegerField()
    game_number = models.PositiveIntegerField()
    position = models.PositiveSmallIntegerField(null=True, blank=True)  # the seat dealt in
    source = models.CharField(max_length=10, choices=Source.choices)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["user", "table_id", "game_number"], name="hand_deal_once"
            ),
        ]
        indexes = [models.Index(fields=["user", "game_slug", "day", "source"], name="hand_day")]
