"""What every page knows about play: the "my turn" count in the header, the card colours."""

from django.utils.functional import SimpleLazyObject


def play(request):
    """``my_turn_count`` (queried only if a template reads it) and ``four_colour_deck``."""
    user = getattr(request, "user", None)

    def count():
        from play.queries import my_turn_count

        return my_turn_count(user)

    session = getattr(request, "session", None)
    return {
        "my_turn_count": SimpleLazyObject(count),
        "four_colour_deck": bool(session.get("four_colour_deck")) if session is not None else False,
    }
