"""The bell's list and counts, the API that reads notices back, and their e-mail: on by
default for new accounts, one choice per kind, RFC 8058's one-click unsubscribe."""

import re

import pytest
from django.db import transaction
from django.test import Client

from accounts.models import User
from accounts.tokens import do_create_token
from notices.interface import notify
from notices.mail import unsubscribe_token
from notices.models import Notice
from tests.api.conftest import ApiClient

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _immediate_tasks(settings):
    settings.TASKS = {"default": {"BACKEND": "django.tasks.backends.immediate.ImmediateBackend"}}
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}


def kept(user, kind="game_over", **data):
    """A notice kept for ``user`` and delivered, as play keeps one."""
    with transaction.atomic():
        data = {"table": 7, "table_name": "La belle table", "game_slug": "ascenseur", **data}
        return notify(user.pk, kind, url="/jouer/tables/7/", **data)


def signed_in(user):
    client = Client()
    client.force_login(user)
    return client


def test_a_new_account_gets_the_turn_and_other_mails_but_not_the_digest(db):
    dora = User.objects.create_user("dora", "dora@example.com", "x")
    assert dora.notify_by_email and dora.notify_your_turn
    assert dora.email_challenge and dora.email_paired and dora.email_game_over
    assert not dora.email_digest


def test_the_profile_offers_a_choice_per_kind(alice):
    page = signed_in(alice).get("/compte/profil/").content.decode()
    for field in ("notify_by_email", "notify_your_turn", "email_challenge", "email_paired",
                  "email_game_over", "email_digest"):
        assert f'name="{field}"' in page


def test_each_notice_mail_carries_a_one_click_unsubscribe(alice, mailoutbox,
                                                          django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        kept(alice, won=True)
    [mail] = mailoutbox
    assert "La belle table" in mail.subject
    headers = mail.extra_headers
    assert headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    url = re.match(r"<(https?://[^>]+)>", headers["List-Unsubscribe"]).group(1)
    assert "/avis/desabonner/" in url and url in mail.body


def test_a_player_who_turned_a_kind_off_gets_no_mail_of_it(alice, mailoutbox,
                                                           django_capture_on_commit_callbacks):
    alice.email_game_over = False
    alice.save()
    with django_capture_on_commit_callbacks(execute=True):
        kept(alice)
        kept(alice, "paired")
    assert [mail.subject for mail in mailoutbox] == ["Adversaire trouvé : La belle table"]


def test_a_mail_client_unsubscribes_in_one_post_without_sign_in_or_csrf(alice):
    token = unsubscribe_token(alice.pk, "your_turn")
    client = Client(enforce_csrf_checks=True)
    response = client.post(f"/avis/desabonner/{token}/", {"List-Unsubscribe": "One-Click"})
    assert response.status_code == 200
    alice.refresh_from_db()
    assert not alice.notify_your_turn and alice.email_game_over  # that kind only


def test_opening_the_unsubscribe_link_only_asks_to_confirm(alice):
    token = unsubscribe_token(alice.pk, "game_over")
    page = Client().get(f"/avis/desabonner/{token}/")
    assert page.status_code == 200 and b"<form" in page.content
    alice.refresh_from_db()
    assert alice.email_game_over


def test_a_forged_unsubscribe_token_changes_nothing(alice):
    token = unsubscribe_token(alice.pk, "game_over")[:-2] + "xx"
    response = Client().post(f"/avis/desabonner/{token}/")
    assert response.status_code == 400
    alice.refresh_from_db()
    assert alice.email_game_over


def test_the_list_shows_the_notices_and_marks_them_read(alice, bob):
    kept(alice, "your_turn")
    kept(bob, "your_turn")
    page = signed_in(alice).get("/avis/").content.decode()
    assert "À vous de jouer à la table « La belle table »." in page
    assert not Notice.objects.filter(user=alice, read_at__isnull=True).exists()
    assert Notice.objects.filter(user=bob, read_at__isnull=True).count() == 1


def test_the_header_counts_unread_notices(alice):
    kept(alice)
    kept(alice, "paired")
    page = signed_in(alice).get("/jouer/").content.decode()
    assert re.search(r'class="notice-bell__count" data-count="2"', page)
    fragment = signed_in(alice).get("/avis/compteurs/").content.decode()
    assert 'data-count="2"' in fragment and 'hx-swap-oob="true"' in fragment


def test_a_program_reads_its_notifications_back_and_marks_them_read(alice, bob):
    first, second = kept(alice), kept(alice, "paired")
    kept(bob)
    api = ApiClient(do_create_token(alice, "robot", ["play"]).secret)
    listed = api.get("/account/notifications").json()
    assert listed["unread"] == 2
    assert [n["id"] for n in listed["notifications"]] == [second.pk, first.pk]
    answer = api.post("/account/notifications/read", {"ids": [first.pk]}).json()
    assert answer == {"marked": 1, "unread": 1}
    assert [n["id"] for n in api.get("/account/notifications", unread="true")
            .json()["notifications"]] == [second.pk]


@pytest.mark.parametrize("ids", [[2**63], [-(2**70)], [0]])
def test_an_id_no_database_holds_is_a_bad_request_that_marks_nothing(alice, ids):
    kept(alice)
    api = ApiClient(do_create_token(alice, "robot", ["play"]).secret)

    answer = api.post("/account/notifications/read", {"ids": ids})

    assert answer.status_code == 400 and answer.json()["code"] == "bad_request"
    assert api.get("/account/notifications").json()["unread"] == 1
