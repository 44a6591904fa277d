"""What every page knows about play: the "my turn" count in the header, the card colours,
how long a guest's games are kept."""

from accounts.guests import GUEST_DAYS
from play.queries import my_turn_count as my_turn_count_of


def play(request):
    """``my_turn_count`` (queried once, and only if a template reads it) and
    ``four_colour_deck`` and ``table_sounds`` (the player's choices, kept in the session)."""
    user = getattr(request, "user", None)
    cached = []

    def my_turn_count():
        # Templates call callables: the header's {% if %}, its label and the number
        # all read this, and only the first reading queries.
        if not cached:
            cached.append(my_turn_count_of(user))
        return cached[0]

    session = getattr(request, "session", None)
    return {
        "my_turn_count": my_turn_count,
        "four_colour_deck": bool(session.get("four_colour_deck")) if session is not None else False,
        "table_sounds": bool(session.get("table_sounds")) if session is not None else False,
        "guest_days": GUEST_DAYS,
    }
