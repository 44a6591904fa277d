from django.contrib.auth.models import AbstractUser
from django.db import models
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from accounts import levels


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
    # A visitor playing against bots without an account (accounts/guests.py): no password,
    # no e-mail, a number for a name; removed 7 days after their last move, or made into
    # the account they sign up for (their games move there).
    is_guest = models.BooleanField(_("invité"), default=False)

    # When the player last asked the site for a page (at most once a minute:
    # accounts.middleware.LastSeenMiddleware): the lobby's "en ligne" count.
    last_seen_at = models.DateTimeField(_("vu pour la dernière fois"), null=True, blank=True,
                                        db_index=True, editable=False)

    @property
    def public_name(self):
        if self.is_guest:
            return gettext("Invité %(number)s") % {"number": self.display_name}
        return self.display_name or self.username

    @property
    def level(self):
        return levels.level_of(self)
