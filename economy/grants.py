"""The starting grant of écus: once per account, when its e-mail address is verified
(economy/signals.py)."""

from economy import ledger
from economy.conf import setting
from economy.models import Currency, LedgerEntry


def do_grant_starting_ecus(user) -> bool:
    """The new player's écus, once per account whatever calls it. Returns whether granted."""
    amount = setting("STARTING_ECUS")
    if amount <= 0:
        return False
    posting = ledger.post(user, Currency.ECUS, amount,
                          reason=LedgerEntry.Reason.STARTING_GRANT,
                          key=f"starting_ecus:{user.pk}", ref=("user", user.pk))
    return posting.created
