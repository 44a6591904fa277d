"""The economy's refusals."""

from taverne.refusals import Refusal


class EconomyError(Refusal):
    """A refused purchase, refund, cave or cash-out: ``code`` is stable, the message says
    why (docs/protocol.md lists the codes a table shows)."""
