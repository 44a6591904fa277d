"""Ambigu's examples: a hand's combination and value, a showdown, a whole deal played."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext, pgettext_lazy

from cardgames import CHANCE, IllegalAction
from cardgames.ambigu import game as ambigu
from play.presentation import words
from play.presentation.games.ambigu import combination_name
from rules.examples import deal
from rules.examples.base import (
    Example,
    ExampleError,
    Position,
    Verdict,
    card_short,
    cards,
    fold,
    in_french,
    integer,
    options_for,
    refusal_fr,
)


def _ambigu_hand(text: str) -> list[str]:
    hand = cards(text)
    if not 2 <= len(hand) <= 4:
        raise ExampleError("une main d'Ambigu compte de deux à quatre cartes.")
    for c in hand:
        if c[0] in "JQKX":
            raise ExampleError(f"le jeu de l'Ambigu n'a pas de figures : « {c} ».")
    return hand


def check_ambigu_combination(example: Example) -> Verdict:
    options = options_for(example, ambigu.GAME)
    hand = _ambigu_hand(example.need("main"))
    found = ambigu.classify(hand, fredon_prime=options["fredon_prime"])
    verdict = Verdict(rows=[(_("Main"), hand)])
    if found is None:
        verdict.facts.append((pgettext("ambigu", "Combinaison"), _("aucune")))
        verdict.claim(
            pgettext_lazy("ambigu", "combinaison"),
            example.need("combinaison"),
            "aucune",
            shown=_("aucune"),
        )
        return verdict
    verdict.claim(
        pgettext_lazy("ambigu", "combinaison"),
        example.need("combinaison"),
        in_french(combination_name, found.category),
        shown=combination_name(found.category),
    )
    if example.get("hauteur") is not None:
        verdict.claim(gettext_lazy("hauteur"), example.get("hauteur"), found.height[0])
    if example.get("valeur") is not None:
        verdict.claim(gettext_lazy("valeur"), example.get("valeur"), f"{found.value}")
    verdict.facts.append(
        (_("Cartes de la combinaison"), " ".join(card_short(c) for c in found.cards))
    )
    return verdict


def check_ambigu_showdown(example: Example) -> Verdict:
    options = options_for(example, ambigu.GAME)
    players = example.prefixed("main")
    if len(players) < 2:
        raise ExampleError("un abattage demande au moins deux lignes « main Nom : … ».")
    verdict = Verdict()
    best = None
    used: set[str] = set()
    for name, text in players:
        hand = _ambigu_hand(text)
        if used & set(hand):
            raise ExampleError(f"une carte de {name} est déjà dans une autre main.")
        used |= set(hand)
        found = ambigu.classify(hand, fredon_prime=options["fredon_prime"])
        if found:
            label = _("%(combination)s, hauteur %(height)s") % {
                "combination": combination_name(found.category),
                "height": found.height[0],
            }
        else:
            label = _("aucune")
        verdict.rows.append((f"{name} — {label}", hand))
        key = found.key if found else (0,)
        if best is None or key > best[0]:  # ties go to the first named: nearest the dealer's right
            best = (key, name)
    verdict.claim(gettext_lazy("gagnant"), example.need("gagnant"), best[1])
    return verdict


# ----- a whole deal, move by move ---------------------------------------------------------

PHASE_TITLES = {
    "speech1": gettext_lazy("Première phase : passer ou « battez »"),
    "exchange1": gettext_lazy("Première phase : passer ou « battez »"),
    "speech2": gettext_lazy("Deuxième phase : la vade"),
    "exchange2": gettext_lazy("Deuxième phase : la vade"),
    "renvis": gettext_lazy("Troisième phase : les renvis"),
    "over": gettext_lazy("Abattage et paiements"),
}


def chips(n: int) -> str:
    """ "aucun jeton", "1 jeton", "3 jetons" (French takes no plural after zero)."""
    if n == 0:
        return _("aucun jeton")
    return ngettext("%(count)s jeton", "%(count)s jetons", n) % {"count": n}


def _action(state, verb: str) -> dict:
    """ "passe", "battez", "écarte 2c", "se tient", "vade 3", "suit", "tient", "tapis",
    "renvie 4" → the engine's action for the phase the deal is in."""
    phase = state["phase"]
    tokens = fold(verb).split()
    head = " ".join(tokens[:1])
    if phase in ("exchange1", "exchange2"):
        if fold(verb) in ("se tient", "garde ses cartes"):
            return {"type": "exchange", "cards": []}
        if head == "ecarte":
            return {"type": "exchange", "cards": cards(" ".join(verb.split()[1:]))}
    if head in ("passe", "se") and phase == "renvis":
        return {"type": "fold"}
    if head == "passe":
        return {"type": "pass"}
    if head == "battez":
        return {"type": "battez"}
    if head in ("vade", "va"):
        return {"type": "vade", "amount": integer(tokens[-1], "vade")}
    if head in ("suit", "tient"):
        if phase == "speech2":
            return {"type": "follow"}
        need = max(state["bets"]) - state["bets"][state["actor"]]
        return {"type": "call" if need else "check"}
    if head == "tapis":
        return {"type": "tapis"}
    if head == "renvie":
        return {"type": "renvi", "amount": integer(tokens[-1], "renvi")}
    raise ExampleError(
        f"coup « {verb} » inconnu ici (passe, battez, écarte …, se tient, vade N, suit, "
        "tient, tapis, renvie N)."
    )


def _put(state, action) -> int:
    """The chips a move puts on the table."""
    kind = action["type"]
    need = max(state["bets"]) - state["bets"][state["actor"]]
    if kind == "follow":
        return min(state["vade"], state["stacks"][state["actor"]])
    if kind == "call":
        return need
    if kind == "tapis":
        return state["stacks"][state["actor"]]
    if kind in ("vade", "renvi"):
        return action["amount"]
    return 0


def _say(state, action, name: str, received: list[str]) -> str:
    kind = action["type"]
    if kind == "pass":
        if state["phase"] == "speech2" and state["opener"] is not None:
            return _("%(name)s se retire.") % {"name": name}
        return _("%(name)s passe.") % {"name": name}
    if kind == "battez":
        stake = chips(state["options"]["battez_stake"])
        return _("%(name)s dit « battez » et met %(stake)s à la batterie.") % {
            "name": name,
            "stake": stake,
        }
    if kind == "exchange":
        if not action["cards"]:
            return _("%(name)s garde ses cartes.") % {"name": name}
        return _("%(name)s écarte %(out)s, puis reçoit %(in)s.") % {
            "name": name,
            "out": words.cards(action["cards"]),
            "in": words.cards(received),
        }
    need = max(state["bets"]) - state["bets"][state["actor"]]
    texts = {
        "vade": _("%(name)s ouvre : « va de %(amount)s ! »"),
        "follow": _("%(name)s tient la vade et met %(chips)s."),
        "tapis": _("%(name)s fait tapis avec %(chips)s."),
        "check": _("%(name)s tient sans renvier."),
        "call": _("%(name)s tient le renvi et met %(chips)s."),
        "fold": _("%(name)s se retire."),
        "renvi": _("%(name)s renvie : %(chips)s, dont %(need)s pour tenir."),
    }
    if kind == "renvi" and not need:
        texts["renvi"] = _("%(name)s renvie de %(chips)s.")
    values = {
        "name": name,
        "amount": action.get("amount", 0),
        "chips": chips(_put(state, action)),
        "need": need,
    }
    return texts[kind] % values


def _deal_cards(state, text: str, seats: list[str]) -> list[str]:
    """The cards of a ``donne`` line, in the order the engine deals them (one at a time
    from the dealer's right)."""
    given = deal.dealt(text, seats)
    order = state["order"]
    for seat in order:
        if len(given.get(seats[seat], [])) != 2:
            raise ExampleError(f"« donne : {text} » : deux cartes pour {seats[seat]}.")
    return [given[seats[order[i % len(order)]]][i // len(order)] for i in range(2 * len(order))]


def _receipts(moves, start: int) -> list[str]:
    """The cards the coming exchanges receive, until the next deal."""
    found = []
    for key, text in moves[start:]:
        if key == "donne":
            break
        found += [c for c in cards(" ".join(deal.split_receipt(text, "recoit")[1]) or "")]
    return found


def _chance(state, moves, at: int, seats, verdict) -> tuple[dict, int]:
    """Order the pack for the shuffle the engine asks for; a ``donne`` line is consumed."""
    game = ambigu.GAME
    pool = game.chance_cards(state)
    purpose = state["shuffle_for"] if state["phase"] == "shuffle" else "deal"
    if purpose in ("deal", "deal2"):
        if at >= len(moves) or moves[at][0] != "donne":
            raise ExampleError("ici le donneur sert deux cartes à chacun : une ligne « donne ».")
        wanted = _deal_cards(state, moves[at][1], seats)
        deck = deal.arrange(pool, wanted + _receipts(moves, at + 1))
        state = game.apply(state, {"type": "deal", "deck": deck})
        dealer = seats[state["dealer"]]
        if purpose == "deal":
            verdict.part(PHASE_TITLES["speech1"])
            verdict.step(_("%(dealer)s donne deux cartes à chacun.") % {"dealer": dealer})
        else:
            verdict.part(PHASE_TITLES["speech2"])
            verdict.step(
                _("%(dealer)s bat le talon et sert deux cartes de plus :") % {"dealer": dealer}
            )
            for seat in state["order"]:
                got = state["hands"][seat][2:]
                verdict.step(
                    _("%(name)s reçoit %(cards)s.")
                    % {
                        "name": seats[seat],
                        "cards": words.cards(got),
                    },
                    got,
                )
        return state, at + 1
    if purpose == "exchange2":
        deck = deal.arrange(pool, _receipts(moves, at))
        state = game.apply(state, {"type": "deal", "deck": deck})
        verdict.step(
            _("%(dealer)s bat le talon pour les écarts.") % {"dealer": seats[state["dealer"]]}
        )
        return state, at
    raise ExampleError("talon épuisé : ce cas n'est pas pris en charge dans une partie commentée.")


def _play_move(state, text: str, seats: list[str], verdict) -> tuple[dict, int]:
    """Apply one ``coup`` line; returns the new state and the chips then on the table."""
    name, verb = deal.who(text, seats)
    if state["actor"] is None:
        raise ExampleError(f"« {text} » : la donne est déjà finie.")
    expected = seats[state["actor"]]
    if name != expected:
        raise ExampleError(f"« {text} » : c'est à {expected} de parler, pas à {name}.")
    head, received = deal.split_receipt(verb, "recoit")
    action = _action(state, head)
    before = state
    try:
        state = ambigu.GAME.apply(state, action)
    except IllegalAction as refusal:
        raise ExampleError(
            f"« {text} » est refusé par le moteur : {refusal_fr('ambigu', refusal)}"
        ) from None
    got = []
    if action["type"] == "exchange":
        seat = before["actor"]
        got = [c for c in state["hands"][seat] if c not in before["hands"][seat]]
        if sorted(got) != sorted(cards(" ".join(received))):
            raise ExampleError(f"« {text} » : le moteur sert {' '.join(got) or 'rien'}.")
    title = PHASE_TITLES.get(before["phase"])
    if title and verdict.parts and verdict.parts[-1].title != str(title):
        verdict.part(title)
    verdict.step(_say(before, action, name, got))
    return state, sum(before["bets"]) + _put(before, action)


def _outcome(state, seats, verdict, staked: int) -> None:
    result = state["result"]
    combo = result["combination"]
    winner = seats[result["winners"][0]]
    verdict.part(PHASE_TITLES["over"])
    if result["outcome"] == "showdown":
        for seat, hand in enumerate(result["revealed"]):
            if hand:
                verdict.step(
                    _("%(name)s montre %(cards)s.")
                    % {"name": seats[seat], "cards": words.cards(hand)},
                    hand,
                )
    verdict.step(
        _(
            "%(winner)s l'emporte (%(combination)s) et gagne la poule (%(poule)s), "
            "la batterie (%(batterie)s) et les mises de la vade et des renvis (%(bets)s)."
        )
        % {
            "winner": winner,
            "combination": combination_name(combo),
            "poule": chips(result.get("poule_won", 0)),
            "batterie": chips(result.get("batterie_won", 0)),
            "bets": chips(staked),
        }
    )
    for payer, _creditor, paid in result["payments"]:
        verdict.step(
            _("%(payer)s paie %(chips)s pour la combinaison gagnante.")
            % {"payer": seats[payer], "chips": chips(paid)}
        )


def check_ambigu_deal(example: Example) -> Verdict:
    """``type: partie``: a deal from the first two cards to the payments."""
    game = ambigu.GAME
    options = options_for(example, game)
    seats = deal.players(example, game.min_seats, game.max_seats)
    n = len(seats)
    # The players are named in speaking order from the dealer's right: the dealer is last.
    carry = {"stacks": [options["cave"]] * n, "dealer": n - 1, "recave": False}
    state = game.new(n, options, carry)
    moves = deal.moves(example)
    verdict = Verdict()
    at = staked = 0
    while at < len(moves) or state["actor"] == CHANCE:
        if state["actor"] == CHANCE:
            state, at = _chance(state, moves, at, seats, verdict)
            continue
        key, text = moves[at]
        if key == "donne":
            raise ExampleError(f"« donne : {text} » : personne ne donne à ce moment.")
        state, staked = _play_move(state, text, seats, verdict)
        at += 1
    if state["actor"] is not None:
        raise ExampleError(f"la donne n'est pas finie : c'est à {seats[state['actor']]} de jouer.")
    _outcome(state, seats, verdict, staked)
    gains = {seats[s]: state["result"]["scores"][s] for s in range(n)}
    deal.claim_scores(verdict, gettext_lazy("gains"), "gains", example.need("gains"), gains, seats)
    return verdict


# The kinds of example of this game (the ``type`` line), each with its checker.
KINDS = {
    "combinaison": check_ambigu_combination,
    "abattage": check_ambigu_showdown,
    "partie": check_ambigu_deal,
}


def position_ambigu_hand(example: Example, rng) -> Position:
    """``combinaison`` of four cards: the vade to open or not, holding that hand, at the
    first speech of the second phase; at four, the reader speaks first (the dealer on
    their left), passes at the first phase and the next player says « battez ». The
    others' cards and the stock at random."""
    game = ambigu.GAME
    hand = _ambigu_hand(example.need("main"))
    if len(hand) != 4:
        raise ExampleError("on vade avec quatre cartes en main.")
    opening = deal.Opening(game, game.default_seats, options_for(example, game))
    seats = opening.seats
    # The draw for the deal: the last seat draws the only ten, so seat 0 speaks first.
    ten = rng.choice([c for c in ambigu.DECK if c[0] == "T"])
    lower = rng.sample([c for c in ambigu.DECK if c[0] != "T"], seats - 1)
    opening.deal([*lower, ten], rng)
    others = rng.sample([c for c in ambigu.DECK if c not in hand], 2 * seats - 2)
    # Two cards each, one at a time from the dealer's right: seat 0 gets the 1st and 5th.
    opening.deal([hand[0], *others[: seats - 1], hand[1], *others[seats - 1 :]], rng)
    opening.apply({"type": "pass"})
    opening.apply({"type": "battez"})
    opening.deal([hand[2], *[None] * (seats - 1), hand[3]], rng)
    return opening.position()


# The kinds of example that are a position to act in, each with the start of a practice
# game at that position (rules/examples/__init__.py, ``position``).
POSITIONS = {"combinaison": position_ambigu_hand}
