from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PlayConfig(AppConfig):
    name = "play"
    verbose_name = _("Jeu")

    def ready(self):
        # The economy asks play to deal, to tell viewers, to open tables through this host
        # (economy/host.py): it never imports play's action functions.
        from economy import host
        from play.actions.economy_host import PlayTableHost

        host.register(PlayTableHost())
        # The action functions refuse moves with the engine's data; the presentation,
        # above them, words it when the refusal is shown.
        from play.actions.errors import word_engine_refusals_with
        from play.presentation.messages import refusal

        word_engine_refusals_with(refusal)
        # A snapshot of a waiting chip table carries why it deals nothing: the economy
        # knows, and play's queries sit under its interface.
        from economy.interface import chip_table_waiting_reasons
        from play.queries import read_waiting_with

        read_waiting_with(chip_table_waiting_reasons)
        # A turn's notice is mailed by play, which knows whether the turn is still theirs.
        from notices.mail import register_sender
        from play.clock.notifications import send_turn_notice

        register_sender("your_turn", send_turn_notice)
