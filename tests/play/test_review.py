"""The game review: when a practice or casual game ends, the maître weighs each human
seat's own decisions from what that seat saw then, in the background, and the replay page
shows the player of that seat (and nobody else) the ones where it expected most better.

The maître here is the stand-in of tests/support/maitre.py: it prefers the last legal
move, worth 1 against 0 for any other (the threshold is 0.5), so every decision where
the player chose another move is a mistake of 1 point.
"""

from __future__ import annotations

import html
import random
import threading
import time
from datetime import timedelta

import pytest
from django.utils import timezone

from cardgames.cards import deck52
from cardgames.core import concrete, replay
from cardgames.registry import get_game
from play.actions import (
    do_abort,
    do_act,
    do_add_bot,
    do_create_table,
    do_join,
    do_play_now,
    do_resign,
    do_timeout,
    games,
)
from play.actions import reviews as review_actions
from play.clock.scheduler import run_due
from play.models import Action, Game, GameReview
from play.review import REVIEW_DECISIONS, cards_named, has_a_choice
from tests.support import maitre
from tests.support.tables import to_a_choice


@pytest.fixture(autouse=True)
def _play_settings(settings):
    settings.PLAY_BOT_DELAY = 0
    settings.PLAY_INPROCESS_SCHEDULER = False


@pytest.fixture
def stand_in(monkeypatch):
    return maitre.install(monkeypatch, get_game("ascenseur"))


def play_decisions(table, players: dict, decisions: int, choose=None):
    """Bots play through the scheduler; each player of ``players`` (seat → user) plays
    its first legal move (``choose(legal)`` else), until the players made ``decisions``
    moves with a choice between several. Returns the game."""
    choose = choose or (lambda legal: concrete(legal[0], pick_low=True))
    made = 0
    for _ in range(2000):
        game = table.current_game()
        if made >= decisions:
            return game
        user = players.get(game.actor)
        if user is None:
            run_due()
            continue
        legal = table.engine.legal_actions(game.state)
        made += len(legal) > 1
        do_act(game, user, choose(legal), game.version)
    raise AssertionError("the players never made their decisions")


def finish(django_capture_on_commit_callbacks, table, user) -> Game:
    """``user`` resigns; the review runs as the commit's task does."""
    with django_capture_on_commit_callbacks(execute=True):
        game = do_resign(table, user)
    game.refresh_from_db()
    return game


@pytest.fixture
def reviewed(alice, stand_in, django_capture_on_commit_callbacks):
    """A practice game of L'Ascenseur in which alice made eight decisions (never the
    stand-in maître's), then resigned: reviewed."""
    table = do_play_now(alice, "ascenseur")
    play_decisions(table, {0: alice}, 8)
    return finish(django_capture_on_commit_callbacks, table, alice)


def _own_choices(game, seat) -> list[int]:
    """The seqs of the moves ``seat``'s player chose among several."""
    engine = game.table.engine
    state = engine.new(game.table.seat_count, game.state["options"], game.carry_in)
    seqs = []
    for row in game.actions.order_by("seq"):
        if row.source == Action.Source.PLATFORM:
            continue
        if (row.seat == seat and row.source == Action.Source.PLAYER
                and has_a_choice(engine.view(state, seat))):
            seqs.append(row.seq)
        state = engine.apply(state, row.action)
    return seqs


def _page(client, user, game, step=None) -> str:
    client.force_login(user)
    query = "" if step is None else f"?etape={step}"
    return html.unescape(client.get(f"/jouer/parties/{game.pk}/{query}").content.decode())


def test_a_finished_practice_game_is_reviewed_for_its_player(alice, reviewed):
    review = GameReview.objects.get(game=reviewed)

    assert review.position == 0
    assert review.status == GameReview.Status.DONE
    assert review.appraised == len(_own_choices(reviewed, 0)) == 8
    decisions = review.decisions
    assert len(decisions) == REVIEW_DECISIONS  # the worst few, not all eight
    assert all(d["loss"] > 0.5 and d["played"] != d["best"] for d in decisions)
    assert [d["loss"] for d in decisions] == sorted((d["loss"] for d in decisions),
                                                   reverse=True)
    assert {d["step"] for d in decisions} <= set(_own_choices(reviewed, 0))
    # only the human seat: the bots are nobody's to teach
    assert GameReview.objects.filter(game=reviewed).count() == 1


def test_a_game_played_out_is_reviewed_as_it_ends(alice, monkeypatch,
                                                  django_capture_on_commit_callbacks):
    stand_in = maitre.install(monkeypatch, get_game("all-fours"))
    table = do_play_now(alice, "all-fours")
    with django_capture_on_commit_callbacks(execute=True):
        for _ in range(5000):
            game = table.current_game()
            if game.status == Game.Status.FINISHED:
                break
            if game.actor == 0:
                legal = table.engine.legal_actions(game.state)
                do_act(game, alice, concrete(legal[0], pick_low=True), game.version)
            else:
                run_due()
    game = table.current_game()

    assert game.status == Game.Status.FINISHED and game.ending == ""
    review = GameReview.objects.get(game=game, position=0)
    assert review.status == GameReview.Status.DONE
    assert review.appraised == len(_own_choices(game, 0)) == len(stand_in.views) > 0


def test_a_review_never_names_a_card_the_seat_had_not_seen(
        alice, monkeypatch, django_capture_on_commit_callbacks):
    stand_in = maitre.StandInMaitre()

    def aiming(view, rng, also=None):
        """The stand-in, aiming at a meld of the seat's own cards: every line names cards."""
        answer = stand_in(view, rng, also)
        return {**answer, "reason": {"code": "advice.meld", "cards": view["hand"][:3],
                                     "count": 3}}

    maitre.install(monkeypatch, get_game("ascenseur"), maitre=aiming)
    table = do_play_now(alice, "ascenseur")
    play_decisions(table, {0: alice}, 8)
    game = finish(django_capture_on_commit_callbacks, table, alice)
    engine = table.engine
    moves = [row.action for row in game.actions.order_by("seq")
             if row.source != Action.Source.PLATFORM]
    decisions = GameReview.objects.get(game=game).decisions
    assert decisions

    for decision in decisions:
        state = replay(engine, table.seat_count, game.state["options"], None,
                       moves[: decision["step"] - 1])
        view = engine.view(state, 0)
        named = cards_named(decision)

        assert named, decision
        assert named <= cards_named({k: v for k, v in view.items() if k != "options"})
        assert not named & engine.hidden_cards(state, 0)


def test_a_maitre_naming_a_hidden_card_is_left_out_of_the_review(
        alice, monkeypatch, django_capture_on_commit_callbacks):
    honest = maitre.StandInMaitre()

    def leaky(view, rng, also=None):
        """The stand-in, aiming its reason at a card its seat cannot see."""
        answer = honest(view, rng, also)
        seen = cards_named({key: value for key, value in view.items() if key != "options"})
        unseen = next(card for card in deck52() if card not in seen)
        return {**answer, "reason": {"code": "advice.meld", "cards": [unseen], "count": 3}}

    maitre.install(monkeypatch, get_game("ascenseur"), maitre=leaky)
    table = do_play_now(alice, "ascenseur")
    play_decisions(table, {0: alice}, 3)
    game = finish(django_capture_on_commit_callbacks, table, alice)

    review = GameReview.objects.get(game=game)
    assert review.status == GameReview.Status.DONE
    assert review.appraised == 3
    assert review.decisions == []


def test_bob_cannot_see_alices_review(client, alice, bob, charlie, stand_in,
                                      django_capture_on_commit_callbacks):
    table = do_create_table(alice, "ascenseur", seat_count=3, rated=False)
    do_join(table, bob)
    do_add_bot(table, alice)
    play_decisions(table, {0: alice, 1: bob}, 8)
    game = finish(django_capture_on_commit_callbacks, table, alice)
    reviews = {r.position: r for r in GameReview.objects.filter(game=game)}
    assert set(reviews) == {0, 1}
    assert all(r.status == GameReview.Status.DONE and r.decisions for r in reviews.values())

    def steps(page) -> set[int]:
        return {int(part.split('"')[0]) for part in
                page.split('class="review__step" href="?etape=')[1:]}

    def marked(position) -> set[int]:
        return {d["step"] - 1 for d in reviews[position].decisions}

    alices, bobs = _page(client, alice, game), _page(client, bob, game)
    spectators = _page(client, charlie, game)

    assert steps(alices) == marked(0) and steps(bobs) == marked(1)
    assert marked(0) != marked(1)
    assert "La revue du maître" not in spectators
    # nor through the panel's own address
    client.force_login(charlie)
    assert "review__" not in client.get(f"/jouer/parties/{game.pk}/revue/").content.decode()
    client.force_login(bob)
    assert steps(html.unescape(client.get(f"/jouer/parties/{game.pk}/revue/")
                               .content.decode())) == marked(1)


def test_a_rated_game_between_people_is_not_reviewed(alice, bob, stand_in,
                                                     django_capture_on_commit_callbacks):
    table = do_create_table(alice, "ascenseur", seat_count=3)
    do_join(table, bob)
    do_add_bot(table, alice)
    play_decisions(table, {0: alice, 1: bob}, 4)
    game = finish(django_capture_on_commit_callbacks, table, alice)

    assert not GameReview.objects.filter(game=game).exists()
    assert stand_in.views == []


def test_an_aborted_game_is_not_reviewed(alice, stand_in, django_capture_on_commit_callbacks):
    table = do_play_now(alice, "ascenseur")
    with django_capture_on_commit_callbacks(execute=True):
        game = do_abort(table, alice)

    assert game.ending == Game.Ending.ABORTED
    assert not GameReview.objects.filter(game=game).exists()


def test_the_moves_the_clock_played_for_the_player_are_not_reviewed(
        alice, stand_in, django_capture_on_commit_callbacks):
    table = do_play_now(alice, "ascenseur")
    play_decisions(table, {0: alice}, 2)
    game = to_a_choice(table, 0, alice)
    Game.objects.filter(pk=game.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    do_timeout(game.pk)
    timed = Action.objects.get(game=game, source=Action.Source.TIMER).seq
    play_decisions(table, {0: alice}, 2)
    game = finish(django_capture_on_commit_callbacks, table, alice)

    review = GameReview.objects.get(game=game)
    assert review.appraised == len(_own_choices(game, 0)) == 4  # 2 before the clock, 2 after
    assert timed not in {d["step"] for d in review.decisions}


def test_the_review_is_kept_once_when_its_task_runs_twice(alice, reviewed, stand_in):
    kept = GameReview.objects.get(game=reviewed).decisions
    stand_in.reason = {"code": "advice.win_chance", "chance": 0.5}

    review_actions.compute_reviews(reviewed.pk)
    written = review_actions.do_record_review(reviewed.pk, 0, None)

    assert written is False
    review = GameReview.objects.get(game=reviewed)
    assert review.status == GameReview.Status.DONE and review.decisions == kept


def test_a_review_that_fails_is_kept_as_failed_and_said_so(
        client, alice, monkeypatch, django_capture_on_commit_callbacks):
    maitre.install(monkeypatch, get_game("ascenseur"), maitre.StandInMaitre(fail=True))
    table = do_play_now(alice, "ascenseur")
    play_decisions(table, {0: alice}, 2)
    game = finish(django_capture_on_commit_callbacks, table, alice)

    assert GameReview.objects.get(game=game).status == GameReview.Status.FAILED
    assert "Le maître n'a pas pu revoir cette partie." in _page(client, alice, game)


def test_the_replay_page_says_the_review_is_pending_and_asks_again(
        client, alice, stand_in, monkeypatch, django_capture_on_commit_callbacks):
    monkeypatch.setattr(review_actions, "queue", lambda game_id: None)  # no worker yet
    table = do_play_now(alice, "ascenseur")
    play_decisions(table, {0: alice}, 2)
    game = finish(django_capture_on_commit_callbacks, table, alice)

    page = _page(client, alice, game)

    assert GameReview.objects.get(game=game).status == GameReview.Status.PENDING
    assert "Le maître revoit vos décisions" in page
    assert f'hx-get="/jouer/parties/{game.pk}/revue/?etape=' in page
    assert 'hx-trigger="load delay:3s"' in page
    # the panel alone, as the page asks for it again: still pending, it asks once more...
    client.force_login(alice)
    again = client.get(f"/jouer/parties/{game.pk}/revue/?etape=3&essai=7").content.decode()
    assert "Le maître revoit vos décisions" in again and "essai=8" in again
    # ...for five minutes at most
    last = client.get(f"/jouer/parties/{game.pk}/revue/?etape=3&essai=100").content.decode()
    assert "Le maître revoit vos décisions" in last and "hx-get" not in last


def test_a_review_left_pending_is_queued_again(alice, stand_in, monkeypatch, settings,
                                               django_capture_on_commit_callbacks):
    queue = review_actions.queue
    monkeypatch.setattr(review_actions, "queue", lambda game_id: None)  # its process died
    table = do_play_now(alice, "ascenseur")
    play_decisions(table, {0: alice}, 2)
    game = finish(django_capture_on_commit_callbacks, table, alice)
    monkeypatch.setattr(review_actions, "queue", queue)

    assert review_actions.do_requeue_stale_reviews(timezone.now()) == 0  # not stale yet
    later = timezone.now() + timedelta(seconds=settings.REVIEW_LEASE_SECONDS + 1)
    with django_capture_on_commit_callbacks(execute=True):
        assert review_actions.do_requeue_stale_reviews(later) == 1

    assert GameReview.objects.get(game=game).status == GameReview.Status.DONE


def test_the_replay_page_lists_the_marked_decisions_linking_to_their_steps(client, alice,
                                                                          reviewed):
    decisions = GameReview.objects.get(game=reviewed).decisions

    page = _page(client, alice, reviewed)

    assert "La revue du maître" in page
    assert "Les 5 coups où le maître aurait fait mieux" in page
    for decision in decisions:
        assert f'class="review__step" href="?etape={decision["step"] - 1}"' in page
    assert "Perte estimée : 1,0 point." in page
    bid = next(d for d in decisions if d["played"]["type"] == "bid")
    mine, best = bid["played"]["tricks"], bid["best"]["tricks"]
    assert (f"Vous avez annoncé {mine} levée ; le maître aurait annoncé {best} "
            f"levée{'s' if best > 1 else ''} (72 % de chances de faire juste votre "
            "annonce).") in page


def test_a_marked_step_of_the_replay_says_what_the_maitre_would_have_played(client, alice,
                                                                           reviewed):
    decision = GameReview.objects.get(game=reviewed).decisions[0]

    at = _page(client, alice, reviewed, step=decision["step"] - 1)
    elsewhere = _page(client, alice, reviewed, step=0)

    assert "Le maître aurait joué autrement :" in at
    assert 'aria-current="step"' in at
    assert "Le maître aurait joué autrement :" not in elsewhere


def test_nothing_is_shown_when_no_decision_differs(client, alice, monkeypatch,
                                                   django_capture_on_commit_callbacks):
    maitre.install(monkeypatch, get_game("ascenseur"), maitre.StandInMaitre(agree=True))
    table = do_play_now(alice, "ascenseur")
    play_decisions(table, {0: alice}, 3)
    game = finish(django_capture_on_commit_callbacks, table, alice)

    review = GameReview.objects.get(game=game)
    assert review.status == GameReview.Status.DONE and review.appraised == 3
    assert review.decisions == []
    assert "La revue du maître" not in _page(client, alice, game)


def test_each_hand_of_a_practice_poker_table_is_reviewed_on_its_own(
        alice, monkeypatch, django_capture_on_commit_callbacks):
    maitre.install(monkeypatch, get_game("ramponneau"))
    monkeypatch.setattr(games, "system_random", random.Random(3))  # the same hands each run
    table = do_create_table(alice, "ramponneau", seat_count=2, practice=True,
                            visibility="unlisted")
    do_add_bot(table, alice)

    def calm(legal):  # check or call: every hand goes to the showdown
        by_type = {a["type"]: a for a in legal}
        return by_type.get("check") or by_type.get("call") or legal[0]

    with django_capture_on_commit_callbacks(execute=True):
        while table.games.filter(status=Game.Status.FINISHED).count() < 2:
            game = table.current_game()
            if game.status == Game.Status.FINISHED:
                break  # the session is over (somebody's chips ran out)
            if game.actor == 0:
                do_act(game, alice, calm(table.engine.legal_actions(game.state)), game.version)
            else:
                run_due()
    hands = list(table.games.filter(status=Game.Status.FINISHED).order_by("number"))

    reviews = GameReview.objects.filter(game__in=hands, position=0)
    assert reviews.count() == len(hands) >= 2
    assert {r.status for r in reviews} == {GameReview.Status.DONE}


@pytest.mark.django_db(transaction=True)
def test_embedded_the_review_runs_in_a_thread_of_its_own_after_the_commit(alice, stand_in,
                                                                          settings,
                                                                          monkeypatch):
    settings.REVIEWS_IN_A_THREAD = True
    threads, failures = [], []
    compute = review_actions.compute_reviews

    def noting_the_thread(game_id):
        threads.append(threading.current_thread())
        try:
            compute(game_id)
        except Exception as error:  # said in the assertion below, not only in the log
            failures.append(error)
            raise

    monkeypatch.setattr(review_actions, "compute_reviews", noting_the_thread)
    table = do_play_now(alice, "ascenseur")
    play_decisions(table, {0: alice}, 2)

    game = do_resign(table, alice)
    for _ in range(600):
        if threads:
            break
        time.sleep(0.05)
    assert threads, "no review started after the commit"
    threads[0].join(timeout=60)

    assert failures == []
    assert threads[0] is not threading.current_thread()
    assert threads[0].name == f"review-{game.pk}"
    review = GameReview.objects.get(game=game)
    assert review.status == GameReview.Status.DONE and review.appraised == 2


def test_the_real_maitre_of_lascenseur_reviews_what_its_player_saw(
        alice, django_capture_on_commit_callbacks):
    engine = get_game("ascenseur")
    table = do_play_now(alice, "ascenseur")
    # the highest bid each time (an overbid, mostly), the first card
    play_decisions(table, {0: alice}, 4,
                   choose=lambda legal: legal[-1] if legal[0]["type"] == "bid" else legal[0])
    game = finish(django_capture_on_commit_callbacks, table, alice)

    review = GameReview.objects.get(game=game)
    assert review.status == GameReview.Status.DONE and review.appraised == 4
    for decision in review.decisions:
        assert decision["loss"] > engine.review_threshold
        assert decision["reason"]["code"] in ("advice.bid_tricks", "advice.exact_bid")


def test_a_reviews_appraisals_are_asked_side_by_side_one_per_process_of_the_pool(
        alice, stand_in, monkeypatch, settings, django_capture_on_commit_callbacks):
    from play import thinking

    settings.THINKING_PROCESSES = 2
    both_waiting = threading.Barrier(2, timeout=10)  # broken unless two ask at once
    threads = []

    def appraisal(slug, view, also=None):
        threads.append(threading.current_thread())
        both_waiting.wait()
        return stand_in(view, None, also)

    monkeypatch.setattr(thinking, "appraisal", appraisal)
    table = do_play_now(alice, "ascenseur")
    play_decisions(table, {0: alice}, 4)
    game = finish(django_capture_on_commit_callbacks, table, alice)

    review = GameReview.objects.get(game=game)
    assert review.status == GameReview.Status.DONE and review.appraised == 4
    assert len(threads) == 4 and threading.current_thread() not in threads
    # the answers kept with their own decisions: each marked step is one of Alice's
    assert len(review.decisions) == 4
    assert {d["step"] for d in review.decisions} == set(_own_choices(game, 0))
