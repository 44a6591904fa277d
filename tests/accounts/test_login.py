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


# ----- behind the README's nginx: each visitor its own address -----------------------------

NGINX = "10.0.0.2"  # every request reaches daphne from the proxy


def login_through_the_proxy(client, visitor_address, login, password):
    return client.post(
        "/compte/login/", {"login": login, "password": password},
        REMOTE_ADDR=NGINX, HTTP_X_FORWARDED_FOR=visitor_address,
    )


def test_behind_the_proxy_one_visitors_failures_lock_out_only_that_visitor(
    client, alice, bob, settings
):
    settings.TRUSTED_PROXY_COUNT = settings.ALLAUTH_TRUSTED_PROXY_COUNT = 1
    for number in range(5):
        login_through_the_proxy(client, "203.0.113.7", f"personne{number}", "wrong")
    locked = login_through_the_proxy(client, "203.0.113.7", "bob", PASSWORD)
    assert "_auth_user_id" not in client.session and locked.status_code == 200

    # Alice, elsewhere, behind the same proxy: her address is her own.
    response = login_through_the_proxy(client, "198.51.100.4", "alice", PASSWORD)

    assert response.status_code == 302
    assert client.session["_auth_user_id"] == str(alice.pk)


def test_a_forged_forwarded_address_does_not_escape_the_limit(client, alice, settings):
    # nginx appends the address it saw: what a visitor writes comes before it, not after.
    settings.TRUSTED_PROXY_COUNT = settings.ALLAUTH_TRUSTED_PROXY_COUNT = 1
    for number in range(5):
        login_through_the_proxy(client, f"192.0.2.{number}, 203.0.113.7", f"x{number}", "no")

    login_through_the_proxy(client, "192.0.2.99, 203.0.113.7", "alice", PASSWORD)

    assert "_auth_user_id" not in client.session


def test_the_admin_login_is_the_sites_with_its_limits(client, alice):
    alice.is_staff = alice.is_superuser = True
    alice.save()

    response = client.get("/admin/login/?next=/admin/accounts/user/")
    assert response.status_code == 302
    assert response.url == "/compte/login/?next=%2Fadmin%2Faccounts%2Fuser%2F"

    for _ in range(5):
        client.post(response.url, {"login": "alice", "password": "wrong"})
    client.post(response.url, {"login": "alice", "password": PASSWORD})
    assert "_auth_user_id" not in client.session
    assert client.get("/admin/").status_code == 302  # still outside
