"""Names that can't impersonate: no player passes for another, a bot or the house."""

import importlib

import pytest
from django.apps import apps
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import translation

from accounts.models import User
from accounts.names import check_name
from play.actions import do_add_bot, do_create_table, do_join
from taverne.names import BOT_NAMES, name_key, name_skeleton, reserved_word

SAME_AS_ALICE = [
    "Alice", "ALICE", "alice\u200b", "al\u200dice", "\u202ealice", "Аlice",  # Cyrillic А
    "a.lice", "a lice", "A1ice", "ａｌｉｃｅ", "Alíce", "AIice",
]


@pytest.mark.parametrize("name", SAME_AS_ALICE)
def test_names_that_read_as_alice_have_her_key(name):
    assert name_key(name) == name_key("alice")


def test_different_names_keep_different_keys():
    keys = {name_key(n) for n in ("alice", "alicia", "bob", "robert", "bobby", "charlie")}
    assert len(keys) == 6


def profile_form(name):
    return {"display_name": name, "preferred_language": "fr", "notify_your_turn": "on"}


@pytest.mark.parametrize("name", SAME_AS_ALICE)
def test_bob_cannot_call_himself_alice_in_any_spelling(client, alice, bob, name):
    client.force_login(bob)

    response = client.post("/compte/profil/", profile_form(name))

    assert response.status_code == 200  # the form again, with its error
    bob.refresh_from_db()
    assert bob.display_name == "Bob"
    assert response.context["form"].errors["display_name"]


@pytest.mark.parametrize("name", [*BOT_NAMES, "gast0n", "Invité 4821", "Automate 3",
                                  "Taverne", "Admin"])
def test_bots_and_the_house_names_are_reserved(client, bob, name):
    client.force_login(bob)

    response = client.post("/compte/profil/", profile_form(name))

    assert "réservé" in str(response.context["form"].errors["display_name"])
    bob.refresh_from_db()
    assert bob.display_name == "Bob"


def test_a_name_of_invisible_characters_or_dots_is_refused(client, bob):
    client.force_login(bob)
    for name in ("Bob\u200b", "...", "\u2063"):
        response = client.post("/compte/profil/", profile_form(name))
        assert response.context["form"].errors["display_name"], name


def test_alice_may_restyle_her_own_name_and_bob_choose_a_free_one(client, alice, bob):
    client.force_login(alice)
    assert client.post("/compte/profil/", profile_form("ALICE")).status_code == 302
    client.force_login(bob)
    assert client.post("/compte/profil/", profile_form("Bob le Brave")).status_code == 302

    alice.refresh_from_db()
    bob.refresh_from_db()
    assert (alice.public_name, bob.public_name) == ("ALICE", "Bob le Brave")


def test_a_new_account_cannot_take_a_name_that_reads_as_a_players(client, alice):
    for username in ("ALICE", "A1ice", "gaston"):
        response = client.post("/compte/signup/", {
            "username": username, "email": f"{username}@example.org",
            "password1": "un-mot-de-passe-solide", "password2": "un-mot-de-passe-solide",
        })
        assert response.status_code == 200, username
        assert not User.objects.filter(username=username).exists()


def test_two_accounts_never_share_a_key_even_when_saved_directly(alice, bob):
    bob.display_name = "Аlice"
    with pytest.raises(IntegrityError), transaction.atomic():  # the unique constraint
        bob.save()


def test_the_migration_gives_way_to_the_username_and_then_to_the_earliest(alice, bob,
                                                                          charlie):
    # As they were before the rule: bob and charlie both called themselves "alice".
    User.objects.filter(pk=bob.pk).update(display_name="alice", name_key=None)
    User.objects.filter(pk=charlie.pk).update(display_name="Аlice", name_key=None)
    User.objects.filter(pk=alice.pk).update(display_name="", name_key=None)
    migration = importlib.import_module("accounts.migrations.0011_user_name_key")

    migration.fill_name_keys(apps, None)

    names = {u.username: (u.public_name, u.name_key) for u in User.objects.all()}
    assert names["alice"] == ("alice", name_key("alice"))
    assert names["bob"] == ("bob", name_key("bob"))
    assert names["charlie"] == ("charlie", name_key("charlie"))


# ----- UTS #39 skeletons and the house's words -----------------------------------------

# The review's names, and their cousins: each passes for a guest, the staff or the house.
PASSING_FOR_THE_HOUSE = {
    "lnvité 4821": "invité",  # a lower-case L for the capital I
    "Invité #4821": "invité",
    "Alice (équipe)": "équipe",
    "Admin1": "admin",
    "Taverne officielle": "taverne",
    "Guest 12": "guest",
    "SuperAdmin": "admin",
    "Modératrice_Zoé": "modératrice",
    "The Official One": "official",
    "TeamBob": "team",
    "Bot_7": "bot",
    "Gaston 2": "Gaston",
    "ＲＯＢＯＴ": "robot",
    "Ꭺdmin": "admin",  # a Cherokee A
}


@pytest.mark.parametrize("name", PASSING_FOR_THE_HOUSE)
def test_a_name_that_passes_for_a_guest_the_staff_or_the_house_is_refused(client, bob,
                                                                          name):
    client.force_login(bob)

    response = client.post("/compte/profil/", profile_form(name))

    errors = str(response.context["form"].errors["display_name"])
    assert f"« {PASSING_FOR_THE_HOUSE[name]} »" in errors and "réservé" in errors
    bob.refresh_from_db()
    assert bob.display_name == "Bob"


def test_the_refusal_reads_in_english_for_an_english_reader(db):
    with pytest.raises(ValidationError) as refused:
        check_name("Bob (équipe)")

    with translation.override("en"):
        assert "This name contains « équipe »" in refused.value.messages[0]


@pytest.mark.parametrize("name", ["Abbott", "Steamboat", "Ernestine", "Bottero", "Teamster",
                                  "Marie-Hélène", "Invitation", "Staffan", "Talbot"])
def test_ordinary_names_that_hold_a_short_word_of_the_house_stay_free(name):
    assert reserved_word(name) is None, name


def test_a_lower_case_l_for_a_capital_i_reads_the_same():
    assert name_skeleton("lnvité 4821") == name_skeleton("Invité 4821")
    assert name_skeleton("rnarin") == name_skeleton("Marin")  # "rn" for "m"


# Unicode's own list of lookalikes, beyond the key's: a Latin alpha, a Cherokee A (and the
# Cyrillic letters both know).
READ_AS_ALICE_BY_THE_SKELETON = ["ɑlice", "Ꭺlice", "аlісе"]


@pytest.mark.parametrize("name", READ_AS_ALICE_BY_THE_SKELETON)
def test_a_name_whose_skeleton_is_a_players_is_refused(client, alice, bob, name):
    client.force_login(bob)

    response = client.post("/compte/profil/", profile_form(name))

    assert "se lit comme celui d" in str(response.context["form"].errors["display_name"])
    bob.refresh_from_db()
    assert bob.display_name == "Bob"


def test_a_name_reading_as_another_players_by_rn_for_m_is_refused(client, alice, bob):
    alice.display_name = "Marin"
    alice.save()
    client.force_login(bob)

    response = client.post("/compte/profil/", profile_form("rnarin"))

    assert response.context["form"].errors["display_name"]


@pytest.mark.parametrize("username", ["Admin1", "lnvite_4821", "equipe_alice"])
def test_sign_up_refuses_a_name_of_the_house(client, db, username):
    response = client.post("/compte/signup/", {
        "username": username, "email": "dora@example.org",
        "password1": "un-mot-de-passe-solide", "password2": "un-mot-de-passe-solide",
    })

    assert response.status_code == 200
    assert "réservé" in str(response.context["form"].errors["username"])
    assert not User.objects.filter(username=username).exists()


def test_a_name_chosen_before_the_rule_keeps_working(client, bob):
    User.objects.filter(pk=bob.pk).update(display_name="Admin1")
    client.force_login(bob)

    response = client.post("/compte/profil/", {**profile_form("Admin1"),
                                               "preferred_language": "en"})

    assert response.status_code == 302
    bob.refresh_from_db()
    assert (bob.display_name, bob.preferred_language) == ("Admin1", "en")


def test_the_migration_gives_every_player_their_skeleton(alice, bob):
    User.objects.update(name_skeleton=None)
    User.objects.filter(pk=bob.pk).update(display_name="Ꭺlice")  # before the rule
    migration = importlib.import_module("accounts.migrations.0016_user_name_skeleton")

    migration.fill_name_skeletons(apps, None)

    skeletons = dict(User.objects.values_list("username", "name_skeleton"))
    assert skeletons["alice"] == skeletons["bob"] == name_skeleton("alice")


def test_staff_are_shown_as_staff_at_the_table_and_in_the_chat(client, alice, bob):
    alice.is_staff = True
    alice.save()
    table = do_create_table(alice, "ascenseur", seat_count=3)
    do_join(table, bob)
    do_add_bot(table, alice)
    client.force_login(bob)
    client.post(f"/jouer/tables/{table.pk}/discussion/", {"text": "Bonjour"})
    client.force_login(alice)
    client.post(f"/jouer/tables/{table.pk}/discussion/", {"text": "Bienvenue"})
    client.force_login(bob)

    page = client.get(table.get_absolute_url()).content.decode()

    assert page.count('class="badge badge--staff"') == 2  # her seat and her chat line
