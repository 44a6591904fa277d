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
