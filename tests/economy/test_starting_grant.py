"""The starting grant of écus."""

import pytest
from allauth.account.models import EmailAddress

from economy import ledger
from economy.models import Currency, LedgerEntry
from tests.conftest import create_player

pytestmark = pytest.mark.django_db


def test_a_verified_player_receives_the_starting_ecus_once(settings):
    settings.ECONOMY = {**settings.ECONOMY, "STARTING_ECUS": 500}
    player = create_player("dora", verified=False)
    assert ledger.balance(player, Currency.ECUS) == 0
    address = EmailAddress.objects.get(user=player)
    address.verified = True
    address.save()
    address.save()
    EmailAddress.objects.create(user=player, email="dora2@example.com", verified=True)
    assert ledger.balance(player, Currency.ECUS) == 500
    assert LedgerEntry.objects.filter(account=player, reason="starting_grant").count() == 1


def test_unverified_players_get_no_ecus(charlie):
    assert ledger.balance(charlie, Currency.ECUS) == 0


def test_verifying_through_allauth_grants_the_ecus(client):
    from allauth.account.models import EmailConfirmationHMAC

    player = create_player("emile", verified=False)
    confirmation = EmailConfirmationHMAC(EmailAddress.objects.get(user=player))
    client.post(f"/compte/confirm-email/{confirmation.key}/")
    assert EmailAddress.objects.get(user=player).verified
    assert ledger.balance(player, Currency.ECUS) == 1000
