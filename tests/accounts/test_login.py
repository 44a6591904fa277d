from tests.conftest import PASSWORD


def test_it_logs_in_by_username(client, alice):
    response = client.post("/compte/login/", {"login": "alice", "password": PASSWORD})

    assert response.status_code == 302
    assert client.session["_auth_user_id"] == str(alice.pk)


def test_it_logs_in_by_email(client, alice):
    client.post("/compte/login/", {"login": "alice@example.com", "password": PASSWORD})

    assert client.session["_auth_user_id"] == str(alice.pk)


def test_it_refuses_login_after_five_failed_attempts(client, alice):
    for _ in range(5):
        response = client.post("/compte/login/", {"login": "alice", "password": "wrong"})
        assert response.status_code == 200

    # Even the right password is refused now.
    response = client.post("/compte/login/", {"login": "alice", "password": PASSWORD})

    assert "_auth_user_id" not in client.session
    errors = response.context["form"].non_field_errors()
    assert errors, "expected a rate-limit error"
