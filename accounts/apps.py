from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class AccountsConfig(AppConfig):
    name = "accounts"
    verbose_name = _("Comptes")

    def ready(self):
        # Registered on import: the deployment checks; the sign-up address and device.
        from accounts import checks, signals  # noqa: F401
