from django.apps import AppConfig
from django.db.models.signals import post_delete, post_save
from django.utils.translation import gettext_lazy as _


class RulesConfig(AppConfig):
    name = "rules"
    verbose_name = _("Règles")

    def ready(self):
        # However a term changes (the staff editor, the admin, load_content), the copy of
        # the glossary each process keeps for the tables is read again (rules.glossary).
        from rules import glossary
        from rules.models import GlossaryTerm

        post_save.connect(glossary.term_changed, sender=GlossaryTerm,
                          dispatch_uid="rules.glossary.saved")
        post_delete.connect(glossary.term_changed, sender=GlossaryTerm,
                            dispatch_uid="rules.glossary.deleted")
