from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PairingConfig(AppConfig):
    name = "pairing"
    verbose_name = _("Appariement et défis")
