"""All-fours' examples: a turn-up, a whole deal's points, a deal played move by move."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from cardgames import CHANCE, IllegalAction
from cardgames.all_fours import game as all_fours
from play.presentation import words
from play.presentation.games.all_fours import POINT_NAMES
from rules.examples import deal
from rules.examples.base import (
    Example,
    ExampleError,
    Position,
    Verdict,
    boolean,
    card_fr,
    card_short,
    cards,
    fold,
    in_french,
    names,
    options_for,
    refusal_fr,
    suit,
)

YES_NO = {True: ("oui", gettext_lazy("oui")), False: ("non", gettext_lazy("non"))}


def _cut_deck(pack: list[str], dealer: int, seats: int) -> list[str]:
    """A cut where ``dealer`` draws the only Ace and the others lower cards."""
    high = next(c for c in pack if c[0] == "A")
    low = [c for c in pack if c[0] not in "AKQJT"][: seats - 1]
    drawn = low[:dealer] + [high] + low[dealer:]
    return drawn + [c for c in pack if c not in drawn]


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
    # Seat 0 wins the cut and deals, with the turn-up after the six cards of each player.
    state = game.apply(state, {"type": "deal", "deck": _cut_deck(pack, 0, 2)})
    rest = [c for c in pack if c != turnup]
    state = game.apply(state, {"type": "deal", "deck": rest[:12] + [turnup] + rest[12:]})
    scored = state["scores"][all_fours.side_of(state["dealer"], 2)] > 0
    verdict = Verdict(rows=[(_("Retourne"), [turnup])])
    claimed = boolean(example.need("marque"), "marque")
    verdict.claim(
        gettext_lazy("marque"), YES_NO[claimed][0], YES_NO[scored][0], shown=YES_NO[scored][1]
    )
    return verdict


def _tricks(example: Example, players: list[str], n: int) -> list:
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
    return tricks


def _held(tricks, n: int) -> list[list[str]]:
    held = [[] for _ in range(n)]
    for trick in tricks:
        for seat, card in trick:
            held[seat].append(card)
    every = [c for h in held for c in h]
    if len(set(every)) != len(every):
        raise ExampleError("une carte est jouée deux fois.")
    if len({len(h) for h in held}) != 1:
        raise ExampleError("chaque joueur doit jouer le même nombre de cartes.")
    return held


def _play_tricks(tricks, held, players, trump, options):
    """Every card checked as the engine would; returns (cards won, rows of the tricks)."""
    n = len(players)
    won = [[] for _ in range(n)]
    hands = [list(h) for h in held]
    leader = tricks[0][0][0]
    rows = []
    for number, trick in enumerate(tricks, 1):
        if [seat for seat, _c in trick] != [(leader + i) % n for i in range(n)]:
            raise ExampleError(
                f"pli {number} : {players[leader]} entame, et l'on joue vers la droite "
                "dans l'ordre des joueurs."
            )
        for i, (seat, card) in enumerate(trick):
            allowed = all_fours.playable(hands[seat], trick[:i], trump, options["trumping"])
            if card not in allowed:
                raise ExampleError(
                    f"pli {number} : {players[seat]} ne peut pas jouer {card_fr(card, 'the')} "
                    f"(cartes permises : {' '.join(card_short(c) for c in allowed)})."
                )
            hands[seat].remove(card)
        first = leader
        leader = all_fours.trick_winner(trick, trump)
        won[leader] += [c for _s, c in trick]
        label = _("Pli %(number)s : %(first)s entame, %(winner)s le prend") % {
            "number": number,
            "first": players[first],
            "winner": players[leader],
        }
        rows.append((label, [c for _s, c in trick]))
    return won, rows


def side_names(players: list[str], side: int | None) -> str:
    """A side by its players: "Anne", "Anne et Chloé"; "personne" for nobody."""
    if side is None:
        return str(_("personne"))
    return words.join_and(players[s] for s in all_fours.side_seats(side, len(players)))


def side_names_fr(players: list[str], side: int | None) -> str:
    """A side in the words of the example block (French), for comparing claims."""
    return in_french(side_names, players, side)


def check_all_fours_deal(example: Example) -> Verdict:
    options = options_for(example, all_fours.GAME)
    players = names(example.need("joueurs"))
    n = len(players)
    if not 2 <= n <= 4:
        raise ExampleError("All-fours se joue à deux, trois ou quatre.")
    trump = suit(example.need("atout"))
    if trump is None:
        raise ExampleError("All-fours se joue toujours avec un atout.")
    tricks = _tricks(example, players, n)
    held = _held(tricks, n)
    won, rows = _play_tricks(tricks, held, players, trump, options)
    summary = all_fours.score_deal(trump, held, won, n, options["low_goes_to"])
    verdict = Verdict(rows=rows)
    verdict.facts.append((_("Atout"), words.suit_name(trump)))
    for kind in ("high", "low", "jack"):
        entry = summary[kind]
        engine = "personne" if entry is None else players[entry["seat"]]
        claimed = example.need(kind)
        if entry is not None and n == 4:
            if fold(claimed) == fold(side_names_fr(players, entry["side"])):
                engine = claimed
        shown = _("personne") if entry is None else engine
        verdict.claim(str(POINT_NAMES[kind]), claimed, engine, shown=shown)
    game = summary["game"]
    claimed = example.need("game")
    engine = side_names_fr(players, game["side"])
    same = fold(claimed) == fold(engine) or (
        game["side"] is not None and n < 4 and fold(claimed) == fold(players[game["side"]])
    )
    verdict.claim(str(POINT_NAMES["game"]), claimed, engine, same,
                  shown=side_names(players, game["side"]))
    points = [(side_names(players, side), p) for side, p in enumerate(game["points"])]
    french = ", ".join(
        f"{side_names_fr(players, side)} {p}" for side, p in enumerate(game["points"])
    )
    shown = ", ".join(f"{who} {p}" for who, p in points)
    if example.get("points") is None:
        verdict.facts.append((_("Points de levées"), shown))
    else:
        verdict.claim(gettext_lazy("points de levées"), example.get("points"), french, shown=shown)
    return verdict


# ----- a deal played move by move -----------------------------------------------------------

EVENT_TEXTS = {
    "turnup": gettext_lazy("La retourne : un point pour %(side)s."),
    "gift": gettext_lazy("Le point donné : un point pour %(side)s."),
    "high": gettext_lazy("Haut, le plus fort atout joué (%(card)s) : un point pour %(side)s."),
    "low": gettext_lazy("Bas, le plus faible atout joué (%(card)s) : un point pour %(side)s."),
    "jack": gettext_lazy("Valet, le valet d'atout pris dans un pli : un point pour %(side)s."),
    "game": gettext_lazy(
        "Jeu, le plus de points de levées (%(points)s) : un point pour %(side)s."
    ),
}


def _deal_line(text: str, players: list[str], eldest: int, rounds: int) -> list[str]:
    """The cards of a ``donne`` line in the order the engine takes them from the pack:
    ``rounds`` packets of three per player from the eldest, then the turn-up."""
    head, sep, turnup = text.rpartition("retourne")
    if not sep:
        raise ExampleError(f"« donne : {text} » : finir par « retourne Js ».")
    given = deal.dealt(head.strip().rstrip(","), players)
    n = len(players)
    order = [players[(eldest + i) % n] for i in range(n)]
    for name in order:
        if len(given.get(name, [])) != 3 * rounds:
            raise ExampleError(f"« donne : {text} » : {3 * rounds} cartes pour {name}.")
    wanted = []
    for packet in range(rounds):
        for name in order:
            wanted += given[name][3 * packet : 3 * packet + 3]
    return wanted + cards(turnup)


def _whole_deck(state, moves, players, dealer) -> list[str]:
    """Every card the deal's ``donne`` lines name, in the order the pack gives them."""
    eldest = (dealer + 1) % len(players)
    wanted = []
    for number, (_key, text) in enumerate(m for m in moves if m[0] == "donne"):
        wanted += _deal_line(text, players, eldest, 2 if number == 0 else 1)
    return deal.arrange(all_fours.GAME.chance_cards(state), wanted)


def _describe_deal(state, players, verdict) -> None:
    dealer = players[state["dealer"]]
    turnup = state["turnup"]
    verdict.part(_("La donne"))
    text = _("%(dealer)s donne six cartes à chacun et retourne %(card)s : %(suit)s est l'atout.")
    values = {"dealer": dealer, "card": words.card(turnup), "suit": words.suit_name(turnup[1])}
    if state["scores"][all_fours.side_of(state["dealer"], len(players))]:
        text = _(
            "%(dealer)s donne six cartes à chacun et retourne %(card)s : %(suit)s est l'atout, "
            "et la retourne rapporte un point au donneur."
        )
    verdict.step(text % values, [turnup])


def _say_move(before, after, action, players) -> tuple[str, list[str]]:
    """A sentence for one move, and the card it shows."""
    kind = action["type"]
    name = players[before["actor"]]
    values = {"name": name, "suit": words.suit_name(after["trump"] or before["turnup"][1])}
    if kind == "stand":
        return _("%(name)s garde : %(suit)s est l'atout.") % values, []
    if kind == "beg":
        return _("%(name)s mendie (demande un autre atout).") % values, []
    if kind == "give":
        eldest = (before["dealer"] + 1) % len(players)
        values["eldest"] = side_names(players, all_fours.side_of(eldest, len(players)))
        text = _("%(name)s ne refait pas l'atout : un point pour %(eldest)s ; on joue à %(suit)s.")
        return text % values, []
    if kind == "run":
        return _("%(name)s refait l'atout.") % values, []
    if kind == "discard":
        values["cards"] = words.cards(action["cards"])
        return _("%(name)s écarte %(cards)s sans les montrer.") % values, []
    card = action["card"]
    values["card"] = words.card(card)
    if len(before["trick"]) < before["seats"] - 1:
        return _("%(name)s joue %(card)s.") % values, [card]
    values["winner"] = players[after["last_trick"]["winner"]]
    return _("%(name)s joue %(card)s ; %(winner)s remporte le pli.") % values, [card]


def _action(state, verb: str, players) -> dict:
    """ "garde", "mendie", "donne un point", "refait", "écarte 2c 3d 4s", "Ah"."""
    move = fold(verb)
    if move == "garde":
        return {"type": "stand"}
    if move == "mendie":
        return {"type": "beg"}
    if move in ("donne un point", "donne le point"):
        return {"type": "give"}
    if move in ("refait", "refait l'atout"):
        return {"type": "run"}
    if move.startswith("ecarte "):
        return {"type": "discard", "cards": cards(verb.split(None, 1)[1])}
    found = cards(verb)
    if len(found) == 1 and state["phase"] == "play":
        return {"type": "play", "card": found[0]}
    raise ExampleError(
        f"coup « {verb} » inconnu ici (garde, mendie, donne un point, refait, écarte …, "
        "ou la carte jouée : « Anne Ah »)."
    )


def _new_turnups(before, after, players, verdict) -> None:
    """After the pack is run: the cards each player received and the new turn-up(s)."""
    n = len(players)
    eldest = (before["dealer"] + 1) % n
    for i in range(n):
        seat = (eldest + i) % n
        got = [c for c in after["hands"][seat] if c not in before["hands"][seat]]
        verdict.step(
            _("%(name)s reçoit %(cards)s.")
            % {"name": players[seat], "cards": words.cards(got)},
            got,
        )
    for card in after["set_aside"][1:]:
        verdict.step(
            _("Retourne de la couleur refusée, mise de côté : %(card)s.")
            % {"card": words.card(card)},
            [card],
        )
    verdict.step(
        _("Nouvelle retourne : %(card)s ; %(suit)s devient l'atout.")
        % {"card": words.card(after["turnup"]), "suit": words.suit_name(after["turnup"][1])},
        [after["turnup"]],
    )


def _scoring(summary, players, verdict) -> None:
    n = len(players)
    verdict.part(_("Les points de la donne"))
    points = summary["game_points"]
    for event in summary["events"]:
        values = {"side": side_names(players, event["side"])}
        if event["kind"] in ("high", "low"):
            values["card"] = words.card(event["rank"] + summary["trump"])
        if event["kind"] == "game":
            values["points"] = ", ".join(
                f"{side_names(players, side)} {p}" for side, p in enumerate(points)
            )
        verdict.step(str(EVENT_TEXTS[event["kind"]]) % values)
    kinds = {e["kind"] for e in summary["events"]}
    if "jack" not in kinds:
        verdict.step(_("Valet : le valet d'atout n'a pas été joué, personne ne le marque."))
    if "game" not in kinds and points and n:
        verdict.step(_("Jeu : égalité de points de levées, personne ne le marque."))


def check_all_fours_played(example: Example) -> Verdict:
    """``type: partie``: a whole deal, from the cut to the last point."""
    game = all_fours.GAME
    options = options_for(example, game)
    players = deal.players(example, game.min_seats, game.max_seats)
    n = len(players)
    dealer_name = example.need("donneur").strip()
    if dealer_name not in players:
        raise ExampleError(f"le donneur « {dealer_name} » n'est pas un des joueurs.")
    dealer = players.index(dealer_name)
    state = game.new(n, options)
    pack = sorted(game.chance_cards(state))
    state = game.apply(state, {"type": "deal", "deck": _cut_deck(pack, dealer, n)})
    moves = deal.moves(example)
    state = game.apply(state, {"type": "deal", "deck": _whole_deck(state, moves, players, dealer)})
    verdict = Verdict()
    _describe_deal(state, players, verdict)
    tricks = 0
    for key, text in moves[1:] if moves[0][0] == "donne" else moves:
        if key == "donne":
            continue  # its cards came with the pack; the engine serves them when the pack is run
        if state["actor"] in (None, CHANCE):
            raise ExampleError(f"« {text} » : la donne est déjà finie.")
        name, verb = deal.who(text, players)
        if name != players[state["actor"]]:
            raise ExampleError(f"« {text} » : c'est à {players[state['actor']]} de jouer.")
        action = _action(state, verb, players)
        try:
            after = game.apply(state, action)
        except IllegalAction as refusal:
            raise ExampleError(
                f"« {text} » est refusé par le moteur : {refusal_fr('all-fours', refusal)}"
            ) from None
        if action["type"] == "play" and not state["trick"]:
            tricks += 1
            verdict.part(_("Pli %(number)s") % {"number": tricks})
        sentence, shown = _say_move(state, after, action, players)
        verdict.step(sentence, shown)
        if action["type"] == "run" and after["phase"] != "deal":
            _new_turnups(state, after, players, verdict)
        state = after
    if state["deal_no"] != 1 or state["current"] is not None:
        raise ExampleError("la partie commentée doit aller jusqu'au décompte de la donne.")
    summary = state["deals"][0]
    _scoring(summary, players, verdict)
    scored = {players[s]: summary["scored"][all_fours.side_of(s, n)] for s in range(n)}
    deal.claim_scores(
        verdict,
        gettext_lazy("marque de la donne"),
        "marque",
        example.need("marque"),
        scored,
        players,
    )
    return verdict


# The kinds of example of this game (the ``type`` line), each with its checker.
KINDS = {
    "retourne": check_all_fours_turnup,
    "donne": check_all_fours_deal,
    "partie": check_all_fours_played,
}


def position_all_fours_turnup(example: Example, rng) -> Position:
    """``retourne``: the eldest hand's choice to stand or beg, at two, the dealer having
    turned up the example's card; the cut and the hands at random."""
    game = all_fours.GAME
    turnup = cards(example.need("retourne"))[0]
    opening = deal.Opening(game, 2, options_for(example, game))
    pack = game.chance_cards(opening.state)
    # The cut: the dealer (seat 0, as in the example) draws an ace, the other a lower card.
    ace = rng.choice([c for c in pack if c[0] == "A"])
    low = rng.choice([c for c in pack if c[0] not in "AKQJT"])
    opening.deal([ace, low], rng)
    opening.deal([None] * 12 + [turnup], rng)
    return opening.position()


# The kinds of example that are a position to act in, each with the start of a practice
# game at that position (rules/examples/__init__.py, ``position``).
POSITIONS = {"retourne": position_all_fours_turnup}
