from django.contrib.auth.models import AnonymousUser

from accounts.levels import can_play_ramponneau


def test_a_verified_player_is_level_1(alice):
    assert alice.level == 1
    assert can_play_ramponneau(alice)


def test_an_unverified_player_is_level_0_and_is_not_dealt_ramponneau(charlie):
    assert charlie.level == 0
    assert not can_play_ramponneau(charlie)


def test_an_anonymous_visitor_cannot_play_ramponneau(db):
    assert not can_play_ramponneau(AnonymousUser())
