"""Ramponneau's examples: a showdown with its pots, a betting round."""

from __future__ import annotations

from django.utils.text import format_lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from cardgames import CHANCE, BadOptions, IllegalAction, poker
from cardgames.ramponneau import game as ramponneau
from play.presentation import words
from play.presentation.games.ramponneau import hand_words
from rules.examples import deal
from rules.examples.base import (
    Example,
    ExampleError,
    Position,
    Verdict,
    cards,
    fold,
    in_french,
    integer,
    names,
    refusal_fr,
)


def poker_hand(value) -> str:
    """A poker hand from the engine's value, in the active language: "brelan de sept",
    "full aux dames par les quatre" (the table's words)."""
    return hand_words(poker.summary(value))


def pot_text(amount: int, eligible, winners) -> str:
    """ "390 pour A B C, gagné par C", in the active language."""
    values = {"amount": amount, "eligible": " ".join(eligible), "winners": " ".join(winners)}
    return _("%(amount)s pour %(eligible)s, gagné par %(winners)s") % values


def _pot_claim(text: str) -> tuple[int, list[str], list[str]]:
    """ "390 pour A B C, gagné par C" → (390, [A, B, C], [C])."""
    value = fold(text)
    amount, sep, rest = value.partition(" pour ")
    eligible, sep2, winners = rest.partition(", gagne par ")
    if not sep or not sep2:
        raise ExampleError(f"« pot : {text} » : écrire « pot : 390 pour A B C, gagné par C ».")
    return integer(amount, "pot"), names(eligible), names(winners)


def check_ramponneau_showdown(example: Example) -> Verdict:
    board = cards(example.need("tableau"))
    if len(board) != 5:
        raise ExampleError("le tableau compte cinq cartes.")
    stakes = example.prefixed("mise")
    if len(stakes) < 2:
        raise ExampleError("il faut au moins deux lignes « mise Nom : montant ».")
    players = [name for name, _ in stakes]
    folded_names = {fold(n) for n in names(example.get("couchés", ""))}
    holes = {fold(n): text for n, text in example.prefixed("main")}
    verdict = Verdict(rows=[(_("Tableau"), board)])
    used = set(board)
    values = {}
    for name in players:
        if fold(name) in folded_names:
            continue
        if fold(name) not in holes:
            raise ExampleError(f"il manque la main de {name}, qui ne s'est pas couché.")
        hole = cards(holes[fold(name)])
        if len(hole) != 2 or used & set(hole):
            raise ExampleError(f"la main de {name} doit être deux cartes absentes du reste.")
        used |= set(hole)
        values[name] = poker.evaluate(hole + board)
        verdict.rows.append((f"{name} — {poker_hand(values[name])}", hole))
    # The pots as the engine builds them, from what each player put in.
    state = {
        "seats": len(players),
        "order": list(range(len(players))),
        "folded": [fold(n) in folded_names for n in players],
        "committed": [integer(v, f"mise {n}") for n, v in stakes],
        "bets": [0] * len(players),
    }
    pots = ramponneau.compute_pots(state)
    engine_pots = []
    for pot in pots:
        eligible = [players[s] for s in pot["eligible"]]
        best = max(values[n] for n in eligible)
        winners = [n for n in eligible if values[n] == best]
        engine_pots.append((pot["amount"], eligible, winners))
    for name, text in example.prefixed("combinaison"):
        if name not in values:
            raise ExampleError(f"« combinaison {name} » : {name} n'a pas de main à l'abattage.")
        verdict.claim(
            format_lazy("{} {}", pgettext_lazy("poker", "combinaison"), name),
            text,
            in_french(poker_hand, values[name]),
            shown=poker_hand(values[name]),
        )
    _check_pots(example, verdict, players, engine_pots)
    return verdict


def _check_pots(example: Example, verdict: Verdict, players: list[str], engine_pots) -> None:
    """Each ``pot : 390 pour A B C, gagné par C`` line against the engine's pots, in order."""
    by_folded = {fold(n): n for n in players}
    claimed_pots = []
    for text in example.all("pot"):
        amount, eligible, winners = _pot_claim(text)
        for n in eligible + winners:
            if n not in by_folded:
                raise ExampleError(f"« {n} » n'est pas un joueur de cet exemple.")
        claimed_pots.append(
            (amount, [by_folded[n] for n in eligible], [by_folded[n] for n in winners])
        )
    if not claimed_pots:
        raise ExampleError("il manque au moins une ligne « pot : … ».")
    for i, (amount, eligible, winners) in enumerate(claimed_pots):
        claimed = in_french(pot_text, amount, eligible, winners)
        if i >= len(engine_pots):
            verdict.claim(gettext_lazy("pot"), claimed, "pas de tel pot", False)
            continue
        e_amount, e_eligible, e_winners = engine_pots[i]
        ok = (
            amount == e_amount
            and set(eligible) == set(e_eligible)
            and set(winners) == set(e_winners)
        )
        verdict.claim(
            gettext_lazy("pot"),
            claimed,
            in_french(pot_text, e_amount, e_eligible, e_winners),
            ok,
            shown=pot_text(e_amount, e_eligible, e_winners),
        )
    for amount, eligible, _w in engine_pots[len(claimed_pots) :]:
        verdict.claim(
            gettext_lazy("pot"), "(non cité)", f"{amount} pour {' '.join(eligible)}", False
        )


def _ramponneau_action(state, game, tokens: list[str]) -> dict:
    """ "suit", "parole", "passe", "mise 50", "relance à 300", "tapis" → an engine action."""
    legal = game.legal_actions(state)
    by_type = {a["type"]: a for a in legal}
    verb = fold(" ".join(tokens))
    if verb in ("parole", "check"):
        return {"type": "check"}
    if verb in ("passe", "se couche", "couche"):
        return {"type": "fold"}
    if verb in ("suit", "paie", "paye"):
        if "call" not in by_type:
            raise ExampleError("il n'y a rien à suivre ici (dire « parole »).")
        return dict(by_type["call"])
    if verb == "tapis":
        for kind in ("raise", "bet"):
            if kind in by_type:
                return {"type": kind, "amount": by_type[kind]["max"]}
        if "call" in by_type:
            return dict(by_type["call"])
    if verb.startswith("mise "):
        return {"type": "bet", "amount": integer(verb[5:], "mise")}
    if verb.startswith("relance a "):
        return {"type": "raise", "amount": integer(verb[10:], "relance")}
    raise ExampleError(
        f"action « {' '.join(tokens)} » inconnue (parole, passe, suit, mise N, relance à N, tapis)."
    )


def say_action(before, action, name: str) -> str:
    """A move in a few words, without a final stop: "B relance à 300", "A suit"."""
    kind = action["type"]
    amount = action.get("amount", 0)
    all_in = (
        kind != "check"
        and kind != "fold"
        and before["stacks"][before["actor"]]
        == (amount if kind == "call" else amount - before["bets"][before["actor"]])
    )
    values = {"name": name, "amount": amount}
    texts = {
        "check": _("%(name)s dit parole"),
        "fold": _("%(name)s se couche"),
        "call": _("%(name)s suit pour %(amount)s"),
        "bet": _("%(name)s mise %(amount)s"),
        "raise": _("%(name)s relance à %(amount)s"),
    }
    text = texts[kind] % values
    return text + " " + _("(tapis)") if all_in else text


def _apply(state, game, step: str, players: list[str]) -> tuple[dict, dict]:
    """One "A relance à 300" step applied: (new state, action)."""
    tokens = step.split()
    who = tokens[0]
    if who not in players:
        raise ExampleError(f"« {step} » : {who} n'est pas un des joueurs.")
    if state["actor"] is None or state["actor"] == CHANCE:
        raise ExampleError(f"« {step} » : la main est déjà finie.")
    expected = players[state["actor"]]
    if who != expected:
        raise ExampleError(f"« {step} » : c'est à {expected} de parler, pas à {who}.")
    action = _ramponneau_action(state, game, tokens[1:])
    try:
        return game.apply(state, action), action
    except IllegalAction as refusal:
        raise ExampleError(
            f"« {step} » est refusé par le moteur : {refusal_fr('ramponneau', refusal)}"
        ) from None


def _table(example: Example, players: list[str], *, default_stack: bool = False):
    """The options and the first state of a hand: stacks, button, blinds."""
    game = ramponneau.GAME
    blinds = example.get("blindes", "10 20").split()
    if len(blinds) != 2:
        raise ExampleError("« blindes : petite grosse », par exemple « blindes : 10 20 ».")
    options = {
        "small_blind": integer(blinds[0], "blindes"),
        "big_blind": integer(blinds[1], "blindes"),
    }
    button = example.need("bouton").strip()
    if button not in players:
        raise ExampleError(f"le bouton « {button} » n'est pas un des joueurs.")
    try:
        options = game.resolve_options(options)
        if default_stack and example.get("tapis") is None:
            stacks = [options["starting_stack"] * options["big_blind"]] * len(players)
        else:
            stacks = [integer(s, "tapis") for s in example.need("tapis").split()]
        if len(stacks) != len(players) or len(players) < 2:
            raise ExampleError("il faut autant de tapis que de joueurs, deux au moins.")
        carry = {"stacks": stacks, "button": players.index(button)}
        return options, game.new(len(players), options, carry), carry
    except ExampleError:
        raise
    except BadOptions as refusal:
        raise ExampleError(refusal_fr("ramponneau", refusal)) from None


def check_ramponneau_betting(example: Example) -> Verdict:
    game = ramponneau.GAME
    players = names(example.need("joueurs"))
    options, state, _carry = _table(example, players)
    state = game.apply(state, {"type": "deal", "deck": sorted(game.chance_cards(state))})
    said = []
    for step in filter(None, (s.strip() for s in example.need("actions").split(";"))):
        before = state
        state, action = _apply(state, game, step, players)
        said.append(say_action(before, action, step.split()[0]))
    verdict = Verdict()
    button = players[state["button"]]
    verdict.facts.append(
        (
            _("Bouton, blindes"),
            f"{button}, {options['small_blind']} / {options['big_blind']}",
        )
    )
    verdict.facts.append((_("Actions"), _(" ; ").join(said)))
    if state["actor"] is None or state["actor"] == CHANCE:
        raise ExampleError("après ces actions, personne n'a la parole.")
    legal = {a["type"]: a for a in game.legal_actions(state)}
    verdict.facts.append((_("À parler"), players[state["actor"]]))
    bets = ", ".join(
        f"{players[s]} {state['bets'][s]}" for s in range(len(players)) if state["bets"][s]
    )
    verdict.facts.append((_("Mises du tour"), bets or _("aucune")))
    if example.get("pot") is not None:
        verdict.claim(gettext_lazy("pot"), example.get("pot"), state["pot"])
    if example.get("a payer") is not None:
        owed = legal["call"]["amount"] if "call" in legal else 0
        verdict.claim(gettext_lazy("à payer"), example.get("a payer"), owed)
    if example.get("relance minimale") is not None:
        raising = legal.get("raise") or legal.get("bet")
        verdict.claim(
            gettext_lazy("relance minimale"),
            example.get("relance minimale"),
            raising["min"] if raising else "aucune relance permise",
            shown=raising["min"] if raising else _("aucune relance permise"),
        )
    return verdict


# ----- a whole hand, move by move ------------------------------------------------------------

STREET_TITLES = (
    gettext_lazy("Avant le flop"),
    gettext_lazy("Le flop"),
    gettext_lazy("Le tournant"),
    gettext_lazy("La rivière"),
)


def _hand_deck(state, text: str, players: list[str]) -> list[str]:
    """The pack for a ``donne`` line: "A Ah Kd, B 7c 7s, tableau Kh 7d 2c 9s 4h"."""
    head, sep, board = text.rpartition("tableau")
    if not sep:
        raise ExampleError(f"« donne : {text} » : finir par « tableau » et ses cinq cartes.")
    given = deal.dealt(head.strip().rstrip(","), players)
    board = cards(board)
    order = state["order"]
    for seat in order:
        if len(given.get(players[seat], [])) != 2:
            raise ExampleError(f"« donne : {text} » : deux cartes pour {players[seat]}.")
    if len(board) != 5:
        raise ExampleError("le tableau compte cinq cartes.")
    wanted = [given[players[s]][0] for s in order] + [given[players[s]][1] for s in order]
    return deal.arrange(ramponneau.GAME.chance_cards(state), wanted + board)


def _street_step(before, after, verdict) -> None:
    """The cards turned when a betting round ends."""
    new = after["board"][len(before["board"]) :]
    if not new:
        return
    street = {3: 1, 4: 2, 5: 3}[len(after["board"])] if len(new) < 5 else 3
    verdict.part(STREET_TITLES[street])
    verdict.step(
        _("Au tableau : %(cards)s.") % {"cards": words.cards(new)}, new
    )


def _showdown(state, players, verdict) -> None:
    verdict.part(_("L'abattage"))
    for seat in state["order"]:
        hole = state["hole"][seat]
        if state["shown"][seat]:
            value = poker.evaluate(hole + state["board"])
            verdict.step(
                _("%(name)s montre %(cards)s : %(hand)s.")
                % {
                    "name": players[seat],
                    "cards": words.cards(hole),
                    "hand": poker_hand(value),
                },
                hole,
            )
    for award in state["awards"]:
        values = {
            "amount": award["amount"],
            "winners": words.join_and(players[s] for s in award["winners"]),
        }
        if len(award["winners"]) == 1:
            verdict.step(_("%(winners)s remporte le pot de %(amount)s.") % values)
        else:
            verdict.step(_("%(winners)s se partagent le pot de %(amount)s.") % values)


def check_ramponneau_played(example: Example) -> Verdict:
    """``type: partie``: a hand from the blinds to the pots."""
    game = ramponneau.GAME
    players = deal.players(example, game.min_seats, game.max_seats)
    options, state, _carry = _table(example, players, default_stack=True)
    moves = deal.moves(example)
    if moves[0][0] != "donne":
        raise ExampleError("la main commence par la ligne « donne : … ».")
    state = game.apply(state, {"type": "deal", "deck": _hand_deck(state, moves[0][1], players)})
    verdict = Verdict(rows=[(players[s], state["hole"][s]) for s in state["order"]])
    verdict.part(STREET_TITLES[0])
    verdict.step(
        _(
            "%(small)s pose la petite blinde (%(sb)s), %(big)s la grosse (%(bb)s) ; chacun reçoit "
            "deux cartes."
        )
        % {
            "small": players[state["sb_seat"]],
            "big": players[state["bb_seat"]],
            "sb": options["small_blind"],
            "bb": options["big_blind"],
        }
    )
    for key, text in moves[1:]:
        if key == "donne":
            raise ExampleError(f"« donne : {text} » : les cartes sont déjà données.")
        before = state
        tokens = text.split()
        if len(tokens) == 2 and fold(tokens[1]) in ("montre", "jette"):
            if before["phase"] != "showdown" or players[before["actor"]] != tokens[0]:
                raise ExampleError(f"« {text} » : ce n'est pas à {tokens[0]} de montrer ou jeter.")
            showing = fold(tokens[1]) == "montre"
            state = game.apply(state, {"type": "show" if showing else "muck"})
            if not showing:
                verdict.step(_("%(name)s jette ses cartes sans les montrer.") % {"name": tokens[0]})
            continue
        state, action = _apply(state, game, text, players)
        verdict.step(say_action(before, action, tokens[0]) + ".")
        _street_step(before, state, verdict)
    if state["actor"] is not None:
        raise ExampleError(f"la main n'est pas finie : c'est à {players[state['actor']]} de jouer.")
    if any(state["shown"]):
        _showdown(state, players, verdict)
    else:
        winner = players[state["result"]["winners"][0]]
        verdict.step(
            _("Tous les autres se sont couchés : %(name)s prend le pot.") % {"name": winner}
        )
    gains = {players[s]: state["result"]["scores"][s] for s in range(len(players))}
    deal.claim_scores(
        verdict, gettext_lazy("gains"), "gains", example.need("gains"), gains, players
    )
    return verdict


# The kinds of example of this game (the ``type`` line), each with its checker.
KINDS = {
    "abattage": check_ramponneau_showdown,
    "encheres": check_ramponneau_betting,
    "partie": check_ramponneau_played,
}


def position_ramponneau_betting(example: Example, rng) -> Position:
    """``enchères``: the bet to make by the player to speak after the actions, at the
    example's stacks, button and blinds; the cards (hands and board) at random."""
    game = ramponneau.GAME
    players = names(example.need("joueurs"))
    options, _state, carry = _table(example, players)
    opening = deal.Opening(game, len(players), options, carry)
    opening.deal([], rng)
    for step in filter(None, (s.strip() for s in example.need("actions").split(";"))):
        opening.state, action = _apply(opening.state, game, step, players)
        opening.actions.append(action)
    return opening.position()


# The kinds of example that are a position to act in, each with the start of a practice
# game at that position (rules/examples/__init__.py, ``position``).
POSITIONS = {"encheres": position_ramponneau_betting}
