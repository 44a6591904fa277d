from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class AccountsConfig(AppConfig):
    name = "accounts"
    verbose_name = _("Comptes")

    def ready(self):
        from accounts import checks  # noqa: F401  (registers the deployment checks)
