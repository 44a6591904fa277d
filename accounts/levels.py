"""
Player levels: what an account may do.

Level 0: the primary e-mail address is not verified yet. Such a player may
read the rules and watch, but is not dealt Ramponneau (tavern hold'em) hands:
a game with stakes needs an account that a person answers for.
Level 1: the primary e-mail address is verified.
"""

UNVERIFIED = 0
VERIFIED = 1


def level_of(user):
    """Return the level of a user (0 for anonymous visitors)."""
    # Imported here: allauth's models import the user model, which imports us.
    from allauth.account.models import EmailAddress

    if not user.is_authenticated:
        return UNVERIFIED
    verified = EmailAddress.objects.filter(user=user, primary=True, verified=True).exists()
    return VERIFIED if verified else UNVERIFIED


def can_play_ramponneau(user):
    """Whether a user may be dealt Ramponneau hands."""
    return level_of(user) >= VERIFIED
