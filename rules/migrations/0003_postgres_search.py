"""Full-text search on PostgreSQL: the unaccent and pg_trgm extensions and a French text
search configuration that ignores accents ("ascenceur", "regles"). Nothing on SQLite,
whose search is done in Python (rules/search.py)."""

from django.db import migrations

CREATE_CONFIG = """
DO $$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_ts_config WHERE cfgname = 'french_unaccent') THEN
        CREATE TEXT SEARCH CONFIGURATION french_unaccent (COPY = french);
        ALTER TEXT SEARCH CONFIGURATION french_unaccent
            ALTER MAPPING FOR hword, hword_part, word WITH unaccent, french_stem;
    END IF;
END
$$;
"""


def forwards(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    schema_editor.execute("CREATE EXTENSION IF NOT EXISTS unaccent")
    schema_editor.execute("CREATE EXTENSION IF NOT EXISTS pg_trgm")
    schema_editor.execute(CREATE_CONFIG)


def backwards(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    schema_editor.execute("DROP TEXT SEARCH CONFIGURATION IF EXISTS french_unaccent")


class Migration(migrations.Migration):
    dependencies = [("rules", "0002_editors_permissions")]

    operations = [migrations.RunPython(forwards, backwards)]
