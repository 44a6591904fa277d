"""Personal access tokens: made and revoked on the profile page, stored hashed, shown once;
and the profile's "this account is a program", shown at the table."""

import hashlib
import re
from datetime import timedelta

import pytest
from django.utils import timezone

from accounts.models import ApiToken
from accounts.tokens import TokenRefusal, authenticate, do_create_token, do_revoke_token
from play.actions import do_create_table
from play.presentation.view import view_for


def secret_on(page: str) -> str:
    return re.search(r'class="token-secret">([^<]+)<', page).group(1)


def test_a_token_is_shown_once_and_stored_hashed(client, alice):
    client.force_login(alice)

    response = client.post("/compte/profil/jetons/", {"name": "Mon robot",
                                                      "scopes": ["play"]})

    assert response.status_code == 200
    assert response["Cache-Control"] == "no-store"
    secret = secret_on(response.content.decode())
    token = ApiToken.objects.get(user=alice)
    assert secret.startswith("tav_") and len(secret) > 40
    assert token.digest == hashlib.sha256(secret.encode()).hexdigest()
    assert secret not in str(ApiToken.objects.filter(pk=token.pk).values().get())
    assert token.prefix == secret[:12]
    assert token.scopes == ["play"]
    page = client.get("/compte/profil/").content.decode()
    assert secret not in page
    assert token.prefix in page and "Mon robot" in page


def test_it_says_when_a_token_was_last_used(alice):
    new = do_create_token(alice, "robot", ["play"])
    assert new.token.last_used_at is None

    assert authenticate(new.secret).user == alice

    new.token.refresh_from_db()
    assert new.token.last_used_at is not None


def test_a_revoked_token_is_refused(client, alice, api_as):
    new = do_create_token(alice, "robot", ["tables"])
    client.force_login(alice)

    response = client.post(f"/compte/profil/jetons/{new.token.pk}/revoquer/")

    assert response.status_code == 302
    assert authenticate(new.secret) is None
    refused = client.get("/api/v1/games", headers={"Authorization": f"Bearer {new.secret}"})
    assert refused.status_code == 401
    assert refused.json()["code"] == "not_authenticated"


def test_charlie_cannot_revoke_alices_token(alice, charlie, client):
    new = do_create_token(alice, "robot", ["play"])
    client.force_login(charlie)

    client.post(f"/compte/profil/jetons/{new.token.pk}/revoquer/")

    assert authenticate(new.secret) is not None


def test_a_bad_token_form_changes_nothing(client, alice):
    client.force_login(alice)

    response = client.post("/compte/profil/jetons/", {"name": "", "scopes": ["admin"]})

    assert response.status_code == 400
    assert not ApiToken.objects.exists()


def test_revoking_twice_keeps_the_first_time(alice):
    new = do_create_token(alice, "robot", [])
    first = do_revoke_token(alice, new.token.pk).revoked_at

    assert do_revoke_token(alice, new.token.pk).revoked_at == first


def test_a_program_account_is_marked_at_the_table(client, alice):
    client.force_login(alice)
    client.post("/compte/profil/", {"display_name": "", "preferred_language": "fr",
                                    "is_bot_account": "on"})
    alice.refresh_from_db()
    assert alice.is_bot_account
    table = do_create_table(alice, "ascenseur", seat_count=3)

    view = view_for(None, alice, table=table)
    page = client.get(table.get_absolute_url()).content.decode()

    assert view["seating"][0]["program"] is True
    assert view["seating"][1]["program"] is False
    assert "programme</span>" in page


# ----- expiry ---------------------------------------------------------------------------


def test_a_token_made_with_an_expiry_date_expires_at_the_start_of_that_day(client, alice):
    client.force_login(alice)
    day = timezone.localdate() + timedelta(days=30)

    response = client.post("/compte/profil/jetons/", {"name": "Robot d'un mois",
                                                      "scopes": ["play"],
                                                      "expires_on": day.isoformat()})

    assert response.status_code == 200
    token = ApiToken.objects.get(user=alice)
    expires = timezone.localtime(token.expires_at)
    assert (expires.date(), expires.hour, expires.minute) == (day, 0, 0)
    assert authenticate(secret_on(response.content.decode())) is not None
    assert "expire le" in client.get("/compte/profil/").content.decode()


def test_an_expiry_date_today_or_past_is_refused_and_makes_no_token(client, alice):
    client.force_login(alice)

    response = client.post("/compte/profil/jetons/", {
        "name": "robot", "expires_on": timezone.localdate().isoformat()})

    assert response.status_code == 400
    assert "expiration à venir" in response.content.decode()
    assert not ApiToken.objects.exists()


def test_the_service_refuses_an_expiry_already_past(alice):
    with pytest.raises(TokenRefusal) as refused:
        do_create_token(alice, "robot", [], expires_at=timezone.now() - timedelta(seconds=1))

    assert refused.value.code == "bad_options"
    assert not ApiToken.objects.exists()


def test_an_expired_token_is_refused_like_a_revoked_one(client, alice):
    new = do_create_token(alice, "robot", ["play"],
                          expires_at=timezone.now() + timedelta(hours=1))
    headers = {"Authorization": f"Bearer {new.secret}"}
    assert client.get("/api/v1/games", headers=headers).status_code == 200
    ApiToken.objects.filter(pk=new.token.pk).update(
        expires_at=timezone.now() - timedelta(seconds=1))

    refused = client.get("/api/v1/games", headers=headers)

    assert refused.status_code == 401
    assert refused.json()["code"] == "not_authenticated"
    assert authenticate(new.secret) is None


def test_expired_tokens_leave_the_profile_and_free_their_place(client, alice, monkeypatch):
    monkeypatch.setattr("accounts.tokens.MAX_TOKENS", 1)
    old = do_create_token(alice, "ancien", [], expires_at=timezone.now() + timedelta(hours=1))
    ApiToken.objects.filter(pk=old.token.pk).update(
        expires_at=timezone.now() - timedelta(seconds=1))
    client.force_login(alice)

    do_create_token(alice, "nouveau", [])

    page = client.get("/compte/profil/").content.decode()
    assert "nouveau" in page and "ancien" not in page
