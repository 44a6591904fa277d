"""All-fours' examples: a turn-up, a whole deal's points."""

from __future__ import annotations

from cardgames.all_fours import game as all_fours
from cardgames.cards import card_name
from rules.examples.base import (
    SUIT_NAMES_FR,
    Example,
    ExampleError,
    Verdict,
    boolean,
    card_short,
    cards,
    fold,
    names,
    options_for,
    suit,
)


def check_all_fours_turnup(example: Example) -> Verdict:
    game = all_fours.GAME
    options = options_for(example, game)
    turnup = cards(example.need("retourne"))
    if len(turnup) != 1:
        raise ExampleError("une seule retourne.")
    turnup = turnup[0]
    state = game.new(2, options)
    pack = sorted(game.chance_cards(state))
    if turnup not in pack:
        raise ExampleError(f"« {turnup} » n'est pas dans le jeu de {options['deck']} cartes.")
    # The cut: seat 0 draws the highest card and deals; then seat 0 deals with the turn-up
    # in its place, after the six cards of each player.
    high = max(pack, key=lambda c: all_fours.POWER[c[0]])
    low = min(pack, key=lambda c: all_fours.POWER[c[0]])
    state = game.apply(
        state, {"type": "deal", "deck": [high, low] + [c for c in pack if c not in (high, low)]}
    )
    rest = [c for c in pack if c != turnup]
    state = game.apply(state, {"type": "deal", "deck": rest[:12] + [turnup] + rest[12:]})
    scored = state["scores"][all_fours.side_of(state["dealer"], 2)] > 0
    verdict = Verdict(rows=[("Retourne", [turnup])])
    verdict.claim(
        "marque",
        "oui" if boolean(example.need("marque"), "marque") else "non",
        "oui" if scored else "non",
    )
    return verdict


def _people(text: str, players: list[str]) -> list[str]:
    found = [n for n in names(text.replace(" et ", " ")) if n]
    for n in found:
        if n not in players:
            raise ExampleError(f"« {n} » n'est pas un des joueurs.")
    return found


def check_all_fours_deal(example: Example) -> Verdict:
    options = options_for(example, all_fours.GAME)
    players = names(example.need("joueurs"))
    n = len(players)
    if not 2 <= n <= 4:
        raise ExampleError("All-fours se joue à deux, trois ou quatre.")
    trump = suit(example.need("atout"))
    if trump is None:
        raise ExampleError("All-fours se joue toujours avec un atout.")
    tricks = []
    for line in example.all("pli"):
        trick = []
        for play in filter(None, (p.strip() for p in line.split(","))):
            parts = play.split()
            if len(parts) != 2 or parts[0] not in players:
                raise ExampleError(f"« {play} » : écrire « Nom carte », par exemple « Anne Ah ».")
            trick.append([players.index(parts[0]), cards(parts[1])[0]])
        if len(trick) != n:
            raise ExampleError(f"le pli « {line} » doit compter une carte par joueur.")
        tricks.append(trick)
    if not tricks:
        raise ExampleError("il faut au moins une ligne « pli : … ».")
    held = [[] for _ in range(n)]
    for trick in tricks:
        for seat, card in trick:
            held[seat].append(card)
    every = [c for h in held for c in h]
    if len(set(every)) != len(every):
        raise ExampleError("une carte est jouée deux fois.")
    if len({len(h) for h in held}) != 1:
        raise ExampleError("chaque joueur doit jouer le même nombre de cartes.")
    won = [[] for _ in range(n)]
    hands = [list(h) for h in held]
    leader = tricks[0][0][0]
    trick_rows = []
    for number, trick in enumerate(tricks, 1):
        seats = [seat for seat, _ in trick]
        if seats != [(leader + i) % n for i in range(n)]:
            expected = players[leader]
            raise ExampleError(
                f"pli {number} : {expected} entame, et l'on joue vers la droite "
                "dans l'ordre des joueurs."
            )
        for i, (seat, card) in enumerate(trick):
            allowed = all_fours.playable(hands[seat], trick[:i], trump, options["trumping"])
            if card not in allowed:
                raise ExampleError(
                    f"pli {number} : {players[seat]} ne peut pas jouer le {card_name(card)} "
                    f"(cartes permises : {' '.join(card_short(c) for c in allowed)})."
                )
            hands[seat].remove(card)
        first = leader
        leader = all_fours.trick_winner(trick, trump)
        won[leader] += [c for _, c in trick]
        trick_rows.append(
            (
                f"Pli {number} : {players[first]} entame, {players[leader]} le prend",
                [c for _, c in trick],
            )
        )
    summary = all_fours.score_deal(trump, held, won, n, options["low_goes_to"])
    verdict = Verdict(rows=trick_rows)
    verdict.facts.append(("Atout", SUIT_NAMES_FR[trump]))

    def side_names(side: int | None) -> str:
        if side is None:
            return "personne"
        return " et ".join(players[s] for s in all_fours.side_seats(side, n))

    for kind in ("high", "low", "jack"):
        entry = summary[kind]
        engine = "personne" if entry is None else players[entry["seat"]]
        claimed = example.need(kind)
        if entry is not None and n == 4 and fold(claimed) == fold(side_names(entry["side"])):
            engine = claimed
        verdict.claim(kind.capitalize(), claimed, engine)
    game = summary["game"]
    claimed = example.need("game")
    engine = side_names(game["side"])
    same = fold(claimed) == fold(engine) or (
        game["side"] is not None and n < 4 and fold(claimed) == fold(players[game["side"]])
    )
    verdict.claim("Game", claimed, engine, same)
    points = ", ".join(f"{side_names(side)} {p}" for side, p in enumerate(game["points"]))
    if example.get("points") is None:
        verdict.facts.append(("Points de levées", points))
    else:
        verdict.claim("points", example.get("points"), points)
    return verdict


# The kinds of example of this game (the ``type`` line), each with its checker.
KINDS = {"retourne": check_all_fours_turnup, "donne": check_all_fours_deal}
