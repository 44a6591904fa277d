"""Background tasks of the play app (Django's tasks framework).

Embedded, the immediate backend runs them at once after the commit; with a database
backend they are queued and run by `python manage.py db_worker`.
"""

from django.tasks import task

from play.notifications import send_turn_email_now


@task
def send_turn_email(game_id: int, position: int, version: int) -> bool:
    """The "À vous de jouer" e-mail (see play/notifications.py for when it goes)."""
    return send_turn_email_now(game_id, position, version)
