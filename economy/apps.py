from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class EconomyConfig(AppConfig):
    name = "economy"
    verbose_name = _("Économie")

    def ready(self):
        from economy import checks, signals  # noqa: F401  (registers checks; the grant)
