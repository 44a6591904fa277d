from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PushConfig(AppConfig):
    """Its own label, so that its migrations live beside its models (notices/push/)."""

    name = "notices.push"
    label = "push"
    verbose_name = _("Notifications sur les appareils")
