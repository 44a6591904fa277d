"""Ramponneau's examples: a showdown with its pots, a betting round."""

from __future__ import annotations

from cardgames import CHANCE, IllegalAction, poker
from cardgames.ramponneau import game as ramponneau
from rules.examples.base import Example, ExampleError, Verdict, cards, fold, integer, names

RANK_WORDS_FR = dict(
    zip(
        "23456789TJQKA",
        (
            "deux",
            "trois",
            "quatre",
            "cinq",
            "six",
            "sept",
            "huit",
            "neuf",
            "dix",
            "valet",
            "dame",
            "roi",
            "as",
        ),
        strict=True,
    )
)
RANK_PLURALS_FR = {"valet": "valets", "dame": "dames", "roi": "rois"}  # numbers do not take an s


def poker_hand_fr(value) -> str:
    """A poker hand in French from the engine's value: "brelan de sept", "full aux dames par
    les quatre" (numbers take no s, unlike poker.describe_value's French)."""
    category, ranks = poker.decode(value)
    words = [RANK_WORDS_FR[poker.RANK_ORDER[r]] for r in ranks]
    plural = [RANK_PLURALS_FR.get(w, w) for w in words]

    def of(word):
        return f"d'{word}" if word[0] in "aeiou" else f"de {word}"

    return {
        poker.HIGH_CARD: lambda: f"hauteur {words[0]}",
        poker.PAIR: lambda: f"paire {of(plural[0])}",
        poker.TWO_PAIR: lambda: f"double paire {plural[0]} et {plural[1]}",
        poker.TRIPS: lambda: f"brelan {of(plural[0])}",
        poker.STRAIGHT: lambda: f"quinte hauteur {words[0]}",
        poker.FLUSH: lambda: f"couleur hauteur {words[0]}",
        poker.FULL_HOUSE: lambda: f"full aux {plural[0]} par les {plural[1]}",
        poker.QUADS: lambda: f"carré {of(plural[0])}",
        poker.STRAIGHT_FLUSH: lambda: f"quinte flush hauteur {words[0]}",
    }[category]()


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
    verdict = Verdict(rows=[("Tableau", board)])
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
        verdict.rows.append((f"{name} — {poker_hand_fr(values[name])}", hole))
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
        verdict.claim(f"combinaison {name}", text, poker_hand_fr(values[name]))
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
        claimed = f"{amount} pour {' '.join(eligible)}, gagné par {' '.join(winners)}"
        if i >= len(engine_pots):
            verdict.claim("pot", claimed, "pas de tel pot", False)
            continue
        e_amount, e_eligible, e_winners = engine_pots[i]
        engine = f"{e_amount} pour {' '.join(e_eligible)}, gagné par {' '.join(e_winners)}"
        ok = (
            amount == e_amount
            and set(eligible) == set(e_eligible)
            and set(winners) == set(e_winners)
        )
        verdict.claim("pot", claimed, engine, ok)
    for amount, eligible, _ in engine_pots[len(claimed_pots) :]:
        verdict.claim("pot", "(non cité)", f"{amount} pour {' '.join(eligible)}", False)
    return verdict


def _ramponneau_action(state, game, words: list[str]) -> dict:
    """ "suit", "parole", "passe", "mise 50", "relance à 300", "tapis" → an engine action."""
    legal = game.legal_actions(state)
    by_type = {a["type"]: a for a in legal}
    verb = fold(" ".join(words))
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
        f"action « {' '.join(words)} » inconnue (parole, passe, suit, mise N, relance à N, tapis)."
    )


def check_ramponneau_betting(example: Example) -> Verdict:
    game = ramponneau.GAME
    players = names(example.need("joueurs"))
    stacks = [integer(s, "tapis") for s in example.need("tapis").split()]
    if len(stacks) != len(players) or len(players) < 2:
        raise ExampleError("il faut autant de tapis que de joueurs, deux au moins.")
    button = example.need("bouton").strip()
    if button not in players:
        raise ExampleError(f"le bouton « {button} » n'est pas un des joueurs.")
    blinds = example.get("blindes", "10 20").split()
    if len(blinds) != 2:
        raise ExampleError("« blindes : petite grosse », par exemple « blindes : 10 20 ».")
    options = {
        "small_blind": integer(blinds[0], "blindes"),
        "big_blind": integer(blinds[1], "blindes"),
    }
    try:
        options = game.resolve_options(options)
        state = game.new(len(players), options, {"stacks": stacks, "button": players.index(button)})
    except Exception as refusal:
        raise ExampleError(getattr(refusal, "fr", str(refusal))) from None
    deal = {"type": "deal", "deck": sorted(game.chance_cards(state))}
    state = game.apply(state, deal)
    for step in filter(None, (s.strip() for s in example.need("actions").split(";"))):
        words = step.split()
        who = words[0]
        if who not in players:
            raise ExampleError(f"« {step} » : {who} n'est pas un des joueurs.")
        if state["actor"] is None or state["actor"] == CHANCE:
            raise ExampleError(f"« {step} » : la main est déjà finie.")
        expected = players[state["actor"]]
        if who != expected:
            raise ExampleError(f"« {step} » : c'est à {expected} de parler, pas à {who}.")
        action = _ramponneau_action(state, game, words[1:])
        try:
            state = game.apply(state, action)
        except IllegalAction as refusal:
            raise ExampleError(f"« {step} » est refusé par le moteur : {refusal.fr}") from None
    verdict = Verdict()
    verdict.facts.append(("Bouton, blindes", f"{button}, {blinds[0]} / {blinds[1]}"))
    verdict.facts.append(
        ("Actions", " ; ".join(s.strip() for s in example.need("actions").split(";") if s.strip()))
    )
    if state["actor"] is None or state["actor"] == CHANCE:
        raise ExampleError("après ces actions, personne n'a la parole.")
    actor = players[state["actor"]]
    legal = {a["type"]: a for a in game.legal_actions(state)}
    verdict.facts.append(("À parler", actor))
    verdict.facts.append(
        (
            "Mises du tour",
            ", ".join(
                f"{players[s]} {state['bets'][s]}" for s in range(len(players)) if state["bets"][s]
            )
            or "aucune",
        )
    )
    if example.get("pot") is not None:
        verdict.claim("pot", example.get("pot"), state["pot"])
    if example.get("a payer") is not None:
        verdict.claim(
            "à payer", example.get("a payer"), legal["call"]["amount"] if "call" in legal else 0
        )
    if example.get("relance minimale") is not None:
        raising = legal.get("raise") or legal.get("bet")
        verdict.claim(
            "relance minimale",
            example.get("relance minimale"),
            raising["min"] if raising else "aucune relance permise",
        )
    return verdict


# The kinds of example of this game (the ``type`` line), each with its checker.
KINDS = {"abattage": check_ramponneau_showdown, "encheres": check_ramponneau_betting}
