"""Remigio's examples: a hand's melds and count, a closing, five pairs."""

from __future__ import annotations

import math

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext_lazy

from cardgames import CHANCE, IllegalAction, melds
from cardgames.remigio import game as remigio
from play.presentation import words
from rules.examples import deal
from rules.examples.base import (
    Example,
    ExampleError,
    Position,
    Verdict,
    boolean,
    card_short,
    cards,
    fold,
    integer,
    options_for,
    refusal_fr,
)

CLOSING_NAMES = {
    "plain": "simple",
    "couleur": "couleur",
    "sequence": "suite à la couleur",
    "remigio": "Remigio",
}
CLOSING_SHOWN = {
    "plain": gettext_lazy("fermeture simple"),
    "couleur": gettext_lazy("couleur"),
    "sequence": gettext_lazy("suite à la couleur"),
    "remigio": gettext_lazy("Remigio"),
    None: gettext_lazy("aucune"),
}
YES_NO = {True: ("oui", gettext_lazy("oui")), False: ("non", gettext_lazy("non"))}
CLOSING_ALIASES = {
    "simple": "plain",
    "fermeture": "plain",
    "fermeture simple": "plain",
    "couleur": "couleur",
    "sequence": "sequence",
    "suite a la couleur": "sequence",
    "suite": "sequence",
    "remigio": "remigio",
    "aucune": None,
    "impossible": None,
}


def _remigio_rules(example: Example):
    options = options_for(example, remigio.GAME)
    return options, melds.Rules.from_options(options)


def _remigio_hand(text: str, size: int | None = 10) -> list[str]:
    hand = cards(text, copies=True)
    if size and len(hand) != size:
        raise ExampleError(f"une main de Remigio compte {size} cartes ici, pas {len(hand)}.")
    if any(int(c.split(".")[1]) > 3 for c in hand):
        raise ExampleError(
            "trois paquets au plus : une même carte ne peut pas figurer quatre fois."
        )
    return hand


def check_remigio_hand(example: Example) -> Verdict:
    _options, rules = _remigio_rules(example)
    hand = _remigio_hand(example.need("main"), None)
    best = melds.best_arrangement(hand, rules)
    verdict = Verdict(rows=[(_("Main"), hand)])
    for meld in best.melds:
        verdict.rows.append((_("Combinaison"), list(meld)))
    if best.leftover:
        verdict.rows.append((_("Cartes isolées"), list(best.leftover)))
    verdict.claim(pgettext_lazy("remigio", "compte"), example.need("compte"), best.count)
    # The melds the text names must be real melds, and leave the cards it says.
    pool = sorted(c[:2] for c in hand)
    named = []
    for text in filter(None, (m.strip() for m in example.get("combinaisons", "").split("|"))):
        meld = cards(text, copies=True)
        ok = melds.is_valid_meld(meld, rules)
        verdict.claim(
            gettext_lazy("combinaison"),
            " ".join(card_short(c) for c in meld),
            "valide" if ok else "pas une combinaison",
            ok,
            shown=_("valide") if ok else _("pas une combinaison"),
        )
        named += [c[:2] for c in meld]
    left = [c[:2] for c in cards(example.get("reste", ""), copies=True)]
    if example.get("combinaisons") is not None or example.get("reste") is not None:
        ok = sorted(named + left) == pool
        verdict.claim(
            gettext_lazy("combinaisons et reste"),
            "toute la main",
            "toute la main" if ok else "les cartes ne correspondent pas à la main",
            ok,
            shown=_("toute la main"),
        )
        value = sum(rules.value(c) for c in left)
        verdict.claim(gettext_lazy("valeur du reste"), example.need("compte"), value)
    return verdict


def check_remigio_closing(example: Example) -> Verdict:
    options, rules = _remigio_rules(example)
    hand = _remigio_hand(example.need("main"))
    kind = remigio.closing_kind(hand, rules, options["special"])
    verdict = Verdict(rows=[(_("Main"), hand)])
    claimed = fold(example.need("fermeture"))
    if claimed not in CLOSING_ALIASES:
        raise ExampleError("fermeture : simple, couleur, suite à la couleur, Remigio ou aucune.")
    verdict.claim(
        gettext_lazy("fermeture"),
        example.need("fermeture"),
        CLOSING_NAMES[kind] if kind else "aucune",
        CLOSING_ALIASES[claimed] == kind,
        shown=CLOSING_SHOWN[kind],
    )
    if kind is None:
        return verdict
    mult = remigio.multiplier(kind, hand)
    if example.get("multiplicateur") is not None:
        verdict.claim(gettext_lazy("multiplicateur"), example.get("multiplicateur"), mult)
    if example.get("compte adverse") is not None:
        count = integer(example.get("compte adverse"), "compte adverse")
        verdict.claim(gettext_lazy("points des adversaires"), example.need("points"), count * mult)
    return verdict


def check_remigio_five_pairs(example: Example) -> Verdict:
    options, _rules = _remigio_rules(example)
    hand = _remigio_hand(example.need("main"))
    found = remigio.has_five_pairs(hand, options["five_pairs"])
    verdict = Verdict(rows=[(_("Main"), hand)])
    claimed = boolean(example.need("cinq paires"), "cinq paires")
    verdict.claim(
        gettext_lazy("cinq paires"), YES_NO[claimed][0], YES_NO[found][0], shown=YES_NO[found][1]
    )
    if found and example.get("compte adverse") is not None:
        count = integer(example.get("compte adverse"), "compte adverse")
        verdict.claim(
            gettext_lazy("points des adversaires"), example.need("points"), math.ceil(count / 2)
        )
    return verdict


# ----- a whole round, move by move ------------------------------------------------------------


def points(n: int) -> str:
    if n == 0:
        return _("aucun point")
    return ngettext("%(count)s point", "%(count)s points", n) % {"count": n}


def _sorted(hand: list[str]) -> list[str]:
    """A hand as players sort it: by suit, then rank, the jokers last."""
    return sorted(
        hand,
        key=lambda c: ("cdhsX".index(c[1]) if c[0] != "X" else 9, "A23456789TJQKX".index(c[0])),
    )


def _card_in(hand: list[str], face: str, text: str) -> str:
    """The copy of ``face`` ("Th") held in ``hand`` ("Th.2")."""
    match = next((c for c in hand if c[:2] == face), None)
    if match is None:
        raise ExampleError(f"« {text} » : pas de {face} dans cette main.")
    return match


def _draws(moves, start: int) -> list[str]:
    """The cards the coming turns draw from the stock, in order ("pioche 6h")."""
    found = []
    for _key, text in moves[start:]:
        tokens = text.split()
        if len(tokens) >= 3 and fold(tokens[1]) == "pioche":
            found.append(cards(tokens[2].rstrip(","), copies=True)[0][:2])
    return found


def _round_deck(state, text: str, players: list[str], moves) -> list[str]:
    """The pack for the ``donne`` line: ten cards each, one at a time from the dealer's
    right, the card that opens the discard pile, then the cards the turns draw."""
    head, sep, opener = text.rpartition("retourne")
    if not sep:
        raise ExampleError(f"« donne : {text} » : finir par « retourne » et la carte retournée.")
    given = deal.dealt(head.strip().rstrip(","), players, copies=True)
    n = len(players)
    order = [(state["dealer"] + i) % n for i in range(1, n + 1)]
    for seat in order:
        if len(given.get(players[seat], [])) != 10:
            raise ExampleError(f"« donne : {text} » : dix cartes pour {players[seat]}.")
    wanted = [
        given[players[order[i % len(order)]]][i // len(order)] for i in range(10 * len(order))
    ]
    wanted += [c[:2] for c in cards(opener, copies=True)] + _draws(moves, 1)
    return deal.arrange(remigio.GAME.chance_cards(state), wanted, copies=True)


def _turn(state, text: str, players) -> tuple[dict, str, list[str]]:
    """ "Anne pioche 6h, jette 2c" / "Bruno prend Ks, jette 8d" / "Anne pioche 6h, ferme
    en jetant 2c": the draw and the discard (or the closing), with a sentence."""
    game = remigio.GAME
    name, verb = deal.who(text, players)
    if state["actor"] in (None, CHANCE) or name != players[state["actor"]]:
        raise ExampleError(f"« {text} » : ce n'est pas à {name} de jouer.")
    draw, sep, rest = verb.partition(",")
    tokens, rest = draw.split(), fold(rest)
    if len(tokens) != 2 or fold(tokens[0]) not in ("pioche", "prend") or not sep:
        raise ExampleError(f"« {text} » : écrire « {name} pioche 6h, jette 2c » ou « prend ».")
    wanted = cards(tokens[1], copies=True)[0][:2]
    source = "stock" if fold(tokens[0]) == "pioche" else "discard"
    try:
        state = game.apply(state, {"type": "draw", "from": source})
        if state["drawn"][:2] != wanted:
            raise ExampleError(f"« {text} » : la carte prise est {state['drawn'][:2]}.")
        closing = rest.startswith("ferme")
        face = cards(rest.split()[-1], copies=True)[0][:2]
        card = _card_in(state["hands"][state["actor"]], face, text)
        state = game.apply(state, {"type": "close" if closing else "discard", "card": card})
    except IllegalAction as refusal:
        raise ExampleError(
            f"« {text} » est refusé par le moteur : {refusal_fr('remigio', refusal)}"
        ) from None
    values = {"name": name, "drawn": words.card(wanted), "card": words.card(face)}
    if closing:
        sentence = _("%(name)s pioche %(drawn)s et ferme en jetant %(card)s : « Je ferme ! »")
    elif source == "stock" and face == wanted:
        sentence = _("%(name)s pioche %(drawn)s et le rejette aussitôt.")
    elif source == "stock":
        sentence = _("%(name)s pioche %(drawn)s et jette %(card)s.")
    else:
        sentence = _("%(name)s prend %(drawn)s sur la défausse et jette %(card)s.")
    return state, sentence % values, [wanted, face]


def _round_scores(last, players, verdict) -> None:
    verdict.part(_("Le décompte"))
    closer = players[last["closer"]]
    verdict.step(
        _("%(name)s abat ses dix cartes : %(kind)s, multiplicateur × %(mult)s.")
        % {"name": closer, "kind": CLOSING_SHOWN[last["kind"]], "mult": last["multiplier"]}
    )
    for seat, shown in enumerate(last["hands"]):
        if shown is None or seat == last["closer"]:
            continue
        left = shown["leftover"]
        values = {
            "name": players[seat],
            "cards": words.cards(left) or _("aucune"),
            "count": points(shown["count"]),
            "total": points(shown["points"]),
        }
        values["mult"] = last["multiplier"]
        verdict.step(
            _(
                "%(name)s compte ses cartes isolées (%(cards)s) : %(count)s, × %(mult)s = "
                "%(total)s à ajouter à son score."
            )
            % values,
            left,
        )


def check_remigio_played(example: Example) -> Verdict:
    """``type: partie``: one round, from the deal to the closing and the count."""
    game = remigio.GAME
    options = options_for(example, game)
    low, high = game.seat_range(options)
    players = deal.players(example, low, high)
    state = game.new(len(players), options)
    moves = deal.moves(example)
    if moves[0][0] != "donne":
        raise ExampleError("le coup commence par la ligne « donne : … ».")
    state = game.apply(
        state, {"type": "deal", "deck": _round_deck(state, moves[0][1], players, moves)}
    )
    if state["phase"] != "draw":
        raise ExampleError("le coup s'arrête dès la donne (cinq paires).")
    verdict = Verdict(rows=[(p, _sorted(state["hands"][s])) for s, p in enumerate(players)])
    verdict.part(_("La donne"))
    verdict.step(
        _("%(dealer)s donne dix cartes à chacun et retourne %(card)s, qui ouvre la défausse.")
        % {"dealer": players[state["dealer"]], "card": words.card(state["pile"][0])},
        [state["pile"][0][:2]],
    )
    turns = 0
    for key, text in moves[1:]:
        if key == "donne":
            raise ExampleError(f"« donne : {text} » : les cartes sont déjà données.")
        if turns % len(players) == 0:
            verdict.part(_("Tour %(number)s") % {"number": turns // len(players) + 1})
        state, sentence, shown = _turn(state, text, players)
        verdict.step(sentence, shown)
        turns += 1
    last = state["last"]
    if last is None or last["closer"] is None:
        raise ExampleError("le coup commenté doit aller jusqu'à la fermeture.")
    _round_scores(last, players, verdict)
    scored = {players[s]: last["hands"][s]["points"] for s in range(len(players))}
    deal.claim_scores(
        verdict, gettext_lazy("points du coup"), "points", example.need("points"), scored, players
    )
    return verdict


# The kinds of example of this game (the ``type`` line), each with its checker.
KINDS = {
    "main": check_remigio_hand,
    "fermeture": check_remigio_closing,
    "cinq paires": check_remigio_five_pairs,
    "partie": check_remigio_played,
}


def position_remigio_hand(example: Example, rng) -> Position:
    """``main``, ``fermeture``: the reader holds the example's ten cards at the first turn
    of a round at four (the stock, the pile and the other hands at random)."""
    game = remigio.GAME
    hand = _remigio_hand(example.need("main"))
    options = options_for(example, game)
    if remigio.has_five_pairs(hand, options["five_pairs"]):
        raise ExampleError("cinq paires servies : la manche finit dès la donne.")
    for _attempt in range(50):
        opening = deal.Opening(game, game.default_seats, options)
        seats = opening.seats
        # Ten cards each, one at a time from the dealer's right: seat 0 is served first.
        wanted = [hand[i // seats][:2] if i % seats == 0 else None for i in range(10 * seats)]
        opening.deal(wanted, rng, copies=True)
        if opening.state["actor"] == 0:  # else another hand had five pairs: deal again
            return opening.position()
    raise ExampleError("cette main ne laisse pas jouer le premier tour.")


# The kinds of example that are a position to act in, each with the start of a practice
# game at that position (rules/examples/__init__.py, ``position``).
POSITIONS = {
    "main": position_remigio_hand,
    "fermeture": position_remigio_hand,
}
