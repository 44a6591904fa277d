from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PlayConfig(AppConfig):
    name = "play"
    verbose_name = _("Jeu")
