import re

from django.conf import settings
from django.core import mail

from accounts.models import User


def test_registration_then_email_verification_raises_the_level_to_1(client, db):
    response = client.post(
        "/compte/signup/",
        {
            "username": "dora",
            "email": "dora@example.com",
            "password1": "un-mot-de-passe-solide",
            "password2": "un-mot-de-passe-solide",
        },
    )
    assert response.status_code == 302
    dora = User.objects.get(username="dora")
    assert dora.level == 0

    assert len(mail.outbox) == 1
    # The link is on the site's address (SITE_URL), not the test client's host.
    link = re.search(re.escape(settings.SITE_URL) + r"(/compte/confirm-email/[^/\s]+/)",
                     mail.outbox[0].body)
    assert link, mail.outbox[0].body
    response = client.post(link.group(1))
    assert response.status_code == 302

    assert dora.level == 1


def test_it_refuses_login_before_email_verification(client, charlie):
    from tests.conftest import PASSWORD

    client.post("/compte/login/", {"login": "charlie", "password": PASSWORD})

    assert "_auth_user_id" not in client.session
