"""Staff see and revoke tokens in the admin, never their hash or secret."""

from accounts.tokens import do_create_token


def test_the_admin_lists_tokens_without_their_hash(client, alice, django_user_model):
    staff = django_user_model.objects.create_superuser("root", "root@example.com", "x")
    new = do_create_token(alice, "robot", ["play"])
    client.force_login(staff)

    listing = client.get("/admin/accounts/apitoken/")
    page = client.get(f"/admin/accounts/apitoken/{new.token.pk}/change/")

    assert listing.status_code == page.status_code == 200
    assert new.token.digest not in page.content.decode()
    assert client.get(f"/admin/accounts/user/{alice.pk}/change/").status_code == 200


def test_staff_revoking_a_token_asks_its_sockets_to_check(client, alice, django_user_model,
                                                          monkeypatch,
                                                          django_capture_on_commit_callbacks):
    staff = django_user_model.objects.create_superuser("root", "root@example.com", "x")
    new = do_create_token(alice, "robot", ["play"])
    asked = []
    monkeypatch.setattr("accounts.socket_groups._send", asked.append)
    client.force_login(staff)

    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(f"/admin/accounts/apitoken/{new.token.pk}/change/", {
            "name": "robot", "revoked_at_0": "2026-11-28", "revoked_at_1": "10:00:00",
        })

    assert response.status_code == 302
    new.token.refresh_from_db()
    assert new.token.revoked_at is not None
    assert asked == [alice.pk]  # its sockets close (tests/play/test_socket_credentials.py)
