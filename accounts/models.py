from django.contrib.auth.models import AbstractUser
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from accounts import levels
from taverne.names import name_key, name_skeleton


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
    # E-mail (notices/mail.py): ``notify_by_email`` lets any leave, then one choice per
    # kind of notice. On for new accounts; an account made before kept its choice (the
    # migration changed the default only).
    notify_by_email = models.BooleanField(
        _("me prévenir aussi par e-mail"),
        default=True,
    )
    notify_your_turn = models.BooleanField(
        _("e-mail quand c'est mon tour"),
        default=True,
    )
    email_challenge = models.BooleanField(_("e-mail quand on me défie"), default=True)
    email_paired = models.BooleanField(_("e-mail quand un adversaire est trouvé"),
                                       default=True)
    email_game_over = models.BooleanField(_("e-mail quand une partie se termine"),
                                          default=True)
    # The daily digest (notices/digest.py) is independent of the choices above: a player
    # who wants only the digest turns those off.
    email_digest = models.BooleanField(
        _("un résumé par jour"), default=False,
        help_text=_("Un e-mail chaque matin : les parties qui vous attendent et les avis "
                    "non lus de la veille. Il s'ajoute aux e-mails cochés ci-dessus : "
                    "décochez-les pour ne recevoir que le résumé."))
    # Web Push (notices/push/sender.py): one choice per kind, for every device the player
    # subscribed; on by default (subscribing a device is the opt-in).
    push_your_turn = models.BooleanField(_("notification quand c'est mon tour"), default=True)
    push_challenge = models.BooleanField(_("notification quand on me défie"), default=True)
    push_paired = models.BooleanField(_("notification quand un adversaire est trouvé"),
                                      default=True)
    push_game_over = models.BooleanField(_("notification quand une partie se termine"),
                                         default=True)
    # A visitor playing against bots without an account (accounts/guests.py): no password,
    # no e-mail, a number for a name; removed 7 days after their last move, or made into
    # the account they sign up for (their games move there).
    is_guest = models.BooleanField(_("invité"), default=False)

    # When the player last asked the site for a page (at most once a minute:
    # accounts.middleware.LastSeenMiddleware): the lobby's "en ligne" count.
    last_seen_at = models.DateTimeField(_("vu pour la dernière fois"), null=True, blank=True,
                                        db_index=True, editable=False)

    # Set by the player on their profile: the account is played by a program (through the
    # API, docs/api.md). Shown at the table beside the seat, so other players know.
    is_bot_account = models.BooleanField(
        _("ce compte est un programme"),
        default=False,
        help_text=_("Cochez si un programme joue pour ce compte (par l'API) : les autres "
                    "joueurs le verront à la table."),
    )

    # The key of the name others see (taverne/names.py): unique, so that no player passes
    # for another ("alice", "Аlice" in Cyrillic, "a.lice", "alice" with a zero-width
    # space all have one key). Null for guests, whose numbered names the site gives.
    name_key = models.CharField(max_length=160, null=True, blank=True, unique=True,
                                editable=False)
    # Its UTS #39 confusable skeleton (taverne/names.py), wider than the key ("rn" reads
    # as "m"): a new name whose skeleton is another player's is refused
    # (accounts/names.py). Not unique: names chosen before the rule keep working.
    name_skeleton = models.CharField(max_length=255, null=True, blank=True, db_index=True,
                                     editable=False)

    def save(self, *args, **kwargs):
        if self.is_guest:
            self.name_key = self.name_skeleton = None
        else:
            self.name_key = name_key(self.public_name) or None
            self.name_skeleton = name_skeleton(self.public_name)[:255] or None
        update_fields = kwargs.get("update_fields")
        if update_fields is not None and {"display_name", "username", "is_guest"} & set(
            update_fields
        ):
            kwargs["update_fields"] = {*update_fields, "name_key", "name_skeleton"}
        super().save(*args, **kwargs)

    @property
    def public_name(self):
        if self.is_guest:
            return gettext("Invité %(number)s") % {"number": self.display_name}
        return self.display_name or self.username

    @property
    def level(self):
        return levels.level_of(self)


class ApiToken(models.Model):
    """A personal access token for the API and the table socket (accounts/tokens.py).

    Only the SHA-256 of the secret is kept: the secret is shown once, when created.
    ``prefix`` (the secret's first characters) lets its owner recognise it in a list.
    """

    class Scope(models.TextChoices):
        PLAY = "play", _("jouer : agir à ses tables (coups, abandon, retour)")
        TABLES = "tables", _("tables : créer, rejoindre, quitter, automates, caves")

    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="api_tokens")
    name = models.CharField(_("nom"), max_length=60)
    prefix = models.CharField(max_length=16, editable=False)
    digest = models.CharField(max_length=64, unique=True, editable=False)
    scopes = models.JSONField(_("droits"), default=list)
    created_at = models.DateTimeField(auto_now_add=True)
    last_used_at = models.DateTimeField(_("dernier usage"), null=True, blank=True)
    revoked_at = models.DateTimeField(null=True, blank=True)
    # Chosen at creation (optional): from then on the token is refused as a revoked one.
    expires_at = models.DateTimeField(_("expire le"), null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]

    def __str__(self):
        return f"{self.name} ({self.prefix}…)"

    @property
    def active(self) -> bool:
        """Neither revoked nor expired."""
        return self.revoked_at is None and not self.expired()

    def expired(self, now=None) -> bool:
        return self.expires_at is not None and self.expires_at <= (now or timezone.now())

    def allows(self, scope: str) -> bool:
        return scope in (self.scopes or [])


class SignupOrigin(models.Model):
    """Where an account was created from: the visitor's address (allauth's
    ``get_client_ip``, behind TRUSTED_PROXY_COUNT proxies). It limits the accounts made
    from one address a day (accounts/origins.py) and shows staff accounts made together
    (the collusion report, economy/collusion.py)."""

    user = models.OneToOneField(User, on_delete=models.CASCADE, related_name="signup_origin")
    address = models.GenericIPAddressField(_("adresse"), null=True, blank=True)
    created_at = models.DateTimeField(_("date"), auto_now_add=True)

    class Meta:
        verbose_name = _("origine d'inscription")
        verbose_name_plural = _("origines d'inscription")
        indexes = [models.Index(fields=["address", "created_at"], name="signup_address_day")]


class DeviceSeen(models.Model):
    """A browser an account signed up or signed in from: the hash of its long-lived
    device cookie (accounts/origins.py), never the cookie itself. Two accounts seen on
    one browser is a sign staff read in the collusion report."""

    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="devices")
    device = models.CharField(_("appareil (empreinte)"), max_length=64, db_index=True)
    first_seen = models.DateTimeField(_("vu la première fois"), auto_now_add=True)
    last_seen = models.DateTimeField(_("vu la dernière fois"), auto_now=True)

    class Meta:
        verbose_name = _("appareil")
        verbose_name_plural = _("appareils")
        constraints = [
            models.UniqueConstraint(fields=["user", "device"], name="device_seen_once"),
        ]
