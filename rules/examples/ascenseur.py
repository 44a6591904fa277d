"""L'Ascenseur's examples: the bids (the dealer's constraint), a deal's score, a trick, and a
whole deal played card by card."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from cardgames import CHANCE, IllegalAction
from cardgames.ascenseur import game as ascenseur
from play.presentation import words
from rules.examples import deal
from rules.examples.base import (
    NOBODY,
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
    suit,
)

YES_NO = {True: ("oui", gettext_lazy("oui")), False: ("non", gettext_lazy("non"))}


def _play_up_to(state, number: int) -> dict:
    """The engine deals every deal before ``number`` from a fixed pack and plays it by
    default, so that deal ``number`` is next (chance to act)."""
    game = ascenseur.GAME
    deck = {"type": "deal", "deck": sorted(ascenseur.DECK)}
    while state["deal"] < number - 1:
        state = game.apply(state, deck if state["actor"] == CHANCE else game.default_action(state))
    return state


def _deal_number(example: Example, key: str, seats: int) -> int:
    game = ascenseur.GAME
    if not game.min_seats <= seats <= game.max_seats:
        raise ExampleError(f"l'Ascenseur se joue de {game.min_seats} à {game.max_seats}.")
    number = integer(example.need(key), key)
    sizes = ascenseur.deal_sizes(seats)
    if not 1 <= number <= len(sizes):
        raise ExampleError(f"à {seats} joueurs, la partie compte {len(sizes)} donnes.")
    return number


def check_ascenseur_bids(example: Example) -> Verdict:
    game = ascenseur.GAME
    options = options_for(example, game)
    seats = integer(example.get("joueurs", "4"), "joueurs")
    number = _deal_number(example, "donne", seats)
    bids = [integer(b, "annonces") for b in example.need("annonces").split()]
    if len(bids) != seats - 1:
        raise ExampleError(
            f"il faut les annonces des {seats - 1} joueurs qui parlent avant le donneur."
        )
    state = _play_up_to(game.new(seats, options), number)
    state = game.apply(state, {"type": "deal", "deck": sorted(ascenseur.DECK)})
    verdict = Verdict()
    verdict.facts.append((_("Cartes par joueur"), str(state["size"])))
    if example.get("cartes") is not None:
        verdict.claim(gettext_lazy("cartes"), example.get("cartes"), state["size"])
    if example.get("atout") is not None:
        claimed = boolean(example.get("atout"), "atout")
        trump = bool(state["trump"])
        verdict.claim(
            gettext_lazy("atout"), YES_NO[claimed][0], YES_NO[trump][0], shown=YES_NO[trump][1]
        )
    if state["turnup"]:
        verdict.rows.append((_("Retourne"), [state["turnup"]]))
    for i, bid in enumerate(bids, 1):
        try:
            state = game.apply(state, {"type": "bid", "tricks": bid})
        except IllegalAction as refusal:
            raise ExampleError(
                f"annonce {i} ({bid}) refusée par le moteur : "
                f"{refusal_fr('ascenseur', refusal)}"
            ) from None
    if state["actor"] != state["dealer"]:
        raise ExampleError("après ces annonces, ce n'est pas au donneur de parler.")
    allowed = [a["tricks"] for a in game.legal_actions(state)]
    forbidden = [k for k in range(state["size"] + 1) if k not in allowed]
    engine = " ".join(map(str, forbidden)) or "aucune"
    verdict.facts.append((_("Annonces permises au donneur"), " ".join(map(str, allowed))))
    claimed = example.need("interdite")
    verdict.claim(
        gettext_lazy("annonce interdite au donneur"),
        claimed,
        engine,
        fold(claimed) in NOBODY and not forbidden or fold(claimed) == fold(engine),
        shown=" ".join(map(str, forbidden)) or _("aucune"),
    )
    return verdict


def check_ascenseur_score(example: Example) -> Verdict:
    options = options_for(example, ascenseur.GAME)
    bid = integer(example.need("annonce"), "annonce")
    won = integer(example.need("levées"), "levées")
    points = ascenseur.deal_points(bid, won, options["scoring"])
    verdict = Verdict()
    verdict.facts.append((_("Annonce / levées"), f"{bid} / {won}"))
    verdict.claim(
        gettext_lazy("points"),
        example.need("points").replace("−", "-"),
        f"{points}",
        shown=deal.signed(points),
    )
    return verdict


def check_ascenseur_trick(example: Example) -> Verdict:
    options = options_for(example, ascenseur.GAME)
    trump = suit(example.need("atout"))
    trick = cards(example.need("levée"))
    hand = cards(example.need("main"))
    if set(trick) & set(hand):
        raise ExampleError("une carte est à la fois dans la levée et dans la main.")
    allowed = ascenseur.playable(hand, trick, trump, options)
    verdict = Verdict(rows=[(_("Levée en cours"), trick), (_("Main"), hand)])
    verdict.facts.append((_("Atout"), words.suit_name(trump) if trump else _("sans atout")))
    claimed = cards(example.need("permises"))
    verdict.claim(
        gettext_lazy("cartes permises"),
        " ".join(card_short(c) for c in claimed),
        " ".join(card_short(c) for c in allowed),
        sorted(claimed) == sorted(allowed),
    )
    return verdict


# ----- a whole deal, card by card ------------------------------------------------------------


def tricks(n: int) -> str:
    """ "aucune levée", "1 levée", "3 levées" (French takes no plural after zero)."""
    if n == 0:
        return _("aucune levée")
    return ngettext("%(count)s levée", "%(count)s levées", n) % {"count": n}


def _deal_deck(state, text: str, players: list[str]) -> list[str]:
    """The pack for a ``donne`` line: one card at a time from the dealer's right, then the
    turn-up ("retourne Kd") when cards are left."""
    head, sep, turnup = text.rpartition("retourne")
    given = deal.dealt(head.strip().rstrip(",") if sep else text, players)
    n, size, dealer = state["seats"], state["size"], state["dealer"]
    for name in players:
        if len(given.get(name, [])) != size:
            raise ExampleError(f"« donne : {text} » : {size} cartes pour {name}.")
    wanted = [given[players[(dealer + 1 + i) % n]][i // n] for i in range(n * size)]
    if sep:
        wanted += cards(turnup)
    return deal.arrange(ascenseur.GAME.chance_cards(state), wanted)


def _say_bid(state, bid: int, players) -> str:
    name = players[state["actor"]]
    values = {"name": name, "tricks": tricks(bid)}
    if state["actor"] != state["dealer"]:
        return _("%(name)s annonce %(tricks)s.") % values
    forbidden = ascenseur.forbidden_bid(
        state["bids"], state["size"], state["dealer"], state["options"]
    )
    if forbidden is None:
        return _("%(name)s annonce %(tricks)s.") % values
    values["forbidden"] = forbidden
    values["total"] = state["size"]
    return (
        _(
            "%(name)s annonce %(tricks)s : le donneur ne pouvait pas annoncer %(forbidden)s, "
            "qui aurait porté le total à %(total)s."
        )
        % values
    )


def _say_card(before, after, card: str, players) -> str:
    values = {"name": players[before["actor"]], "card": words.card(card)}
    if len(before["trick"]) < before["seats"] - 1:
        return _("%(name)s joue %(card)s.") % values
    values["winner"] = players[after["last_trick"]["winner"]]
    return _("%(name)s joue %(card)s ; %(winner)s remporte la levée.") % values


def _say_scores(record, players, verdict) -> None:
    verdict.part(_("La marque"))
    for seat, name in enumerate(players):
        bid, won, points = record["bids"][seat], record["won"][seat], record["points"][seat]
        values = {"name": name, "won": tricks(won), "bid": bid, "points": deal.signed(points)}
        if bid == won:
            text = _("%(name)s : %(won)s (annonce : %(bid)s), contrat réussi : %(points)s.")
        else:
            text = _("%(name)s : %(won)s (annonce : %(bid)s), contrat manqué : %(points)s.")
        verdict.step(text % values)


def _move(state, text: str, players, verdict) -> dict:
    game = ascenseur.GAME
    name, verb = deal.who(text, players)
    if state["actor"] in (None, CHANCE):
        raise ExampleError(f"« {text} » : la donne est déjà finie.")
    if name != players[state["actor"]]:
        raise ExampleError(f"« {text} » : c'est à {players[state['actor']]} de jouer.")
    tokens = fold(verb).split()
    if tokens and tokens[0] == "annonce":
        action = {"type": "bid", "tricks": integer(tokens[-1], "annonce")}
        sentence = _say_bid(state, action["tricks"], players)
    else:
        action = {"type": "play", "card": cards(verb)[0]}
    try:
        after = game.apply(state, action)
    except IllegalAction as refusal:
        raise ExampleError(
            f"« {text} » est refusé par le moteur : {refusal_fr('ascenseur', refusal)}"
        ) from None
    if action["type"] == "play":
        if not state["trick"]:
            verdict.part(
                _("Levée %(number)s") % {"number": len(state["played"]) // state["seats"] + 1}
            )
        verdict.step(_say_card(state, after, action["card"], players), [action["card"]])
    else:
        verdict.step(sentence)
    return after


def check_ascenseur_played(example: Example) -> Verdict:
    """``type: partie``: one deal of a game, from the deal to the score sheet."""
    game = ascenseur.GAME
    options = options_for(example, game)
    players = deal.players(example, game.min_seats, game.max_seats)
    number = _deal_number(example, "numero de donne", len(players))
    state = _play_up_to(game.new(len(players), options), number)
    moves = deal.moves(example)
    if moves[0][0] != "donne":
        raise ExampleError("la partie commence par la ligne « donne : … ».")
    state = game.apply(state, {"type": "deal", "deck": _deal_deck(state, moves[0][1], players)})
    verdict = Verdict()
    verdict.part(_("La donne et les annonces"))
    size = state["size"]
    values = {
        "dealer": players[state["dealer"]],
        "cards": ngettext("%(count)s carte", "%(count)s cartes", size) % {"count": size},
    }
    if state["turnup"]:
        values.update(card=words.card(state["turnup"]), suit=words.suit_name(state["turnup"][1]))
        text = _("%(dealer)s donne %(cards)s à chacun et retourne %(card)s : %(suit)s est l'atout.")
        verdict.step(text % values, [state["turnup"]])
    else:
        verdict.step(_("%(dealer)s donne %(cards)s à chacun ; on joue sans atout.") % values)
    for key, text in moves[1:]:
        if key == "donne" or state["actor"] == CHANCE:
            raise ExampleError(f"« {text} » : la donne est déjà finie.")
        state = _move(state, text, players, verdict)
    if state["phase"] not in ("deal", "over") or len(state["history"]) != number:
        raise ExampleError("la partie commentée doit aller jusqu'à la fin de la donne.")
    record = state["history"][-1]
    _say_scores(record, players, verdict)
    scored = dict(zip(players, record["points"], strict=True))
    deal.claim_scores(
        verdict,
        gettext_lazy("points de la donne"),
        "points",
        example.need("points"),
        scored,
        players,
    )
    return verdict


# The kinds of example of this game (the ``type`` line), each with its checker.
KINDS = {
    "annonces": check_ascenseur_bids,
    "marque": check_ascenseur_score,
    "levee": check_ascenseur_trick,
    "partie": check_ascenseur_played,
}


# ----- positions to try at a practice table ----------------------------------------------


def _opening_up_to(example: Example, seats: int, number: int, rng) -> deal.Opening:
    """A game whose deals before ``number`` were played by the bots, chance to deal."""
    opening = deal.Opening(ascenseur.GAME, seats, options_for(example, ascenseur.GAME))
    while opening.state["deal"] < number - 1 or opening.state["actor"] != CHANCE:
        opening.bot(rng)
    return opening


def position_ascenseur_bids(example: Example, rng) -> Position:
    """``annonces``: the dealer's bid to choose, after the others' bids; the cards at
    random, the earlier deals played by the bots."""
    seats = integer(example.get("joueurs", "4"), "joueurs")
    number = _deal_number(example, "donne", seats)
    opening = _opening_up_to(example, seats, number, rng)
    opening.deal([], rng)
    for bid in example.need("annonces").split():
        opening.apply({"type": "bid", "tricks": integer(bid, "annonces")})
    return opening.position()


def _trick_deal(seats: int, size: int, trump: str | None) -> int:
    """The first deal of ``size`` cards each, with a turn-up of ``trump`` (or none)."""
    for number, dealt in enumerate(ascenseur.deal_sizes(seats), 1):
        if dealt == size and (seats * size < len(ascenseur.DECK)) == (trump is not None):
            return number
    raise ExampleError(f"aucune donne à {seats} joueurs ne sert {size} cartes ainsi.")


def _hand_for(card: str, before: list[str], pool: list[str], size: int, trump, options, rng):
    """``size`` cards with ``card`` among them, the others from ``pool``, such that the
    rules let ``card`` go on the trick ``before``: the hand of a player who played it."""
    for _attempt in range(2000):
        hand = [card, *rng.sample(pool, size - 1)]
        if card in ascenseur.playable(hand, before, trump, options):
            return hand
    raise ExampleError(f"aucune main ne permet de jouer {card_short(card)} sur cette levée.")


def position_ascenseur_trick(example: Example, rng) -> Position:
    """``levée``: the reader's card to play on a trick begun, in the first deal that
    serves their hand with that trump; the other hands at random, each consistent with
    the card its player put on the trick; the bids made by the bots."""
    game = ascenseur.GAME
    options = options_for(example, game)
    seats = integer(example.get("joueurs", "4"), "joueurs")
    trump = suit(example.need("atout"))
    trick, hand = cards(example.need("levée")), cards(example.need("main"))
    if not len(trick) < seats:
        raise ExampleError(f"à {seats} joueurs, une levée en cours compte moins de {seats} cartes.")
    size = len(hand)
    opening = _opening_up_to(example, seats, _trick_deal(seats, size, trump), rng)
    dealer = opening.state["dealer"]
    pool = [c for c in ascenseur.DECK if c not in hand and c not in trick]
    turnup = None
    if trump is not None:
        turnup = rng.choice([c for c in pool if c[1] == trump])
        pool.remove(turnup)
    hands = {}
    for i, card in enumerate(trick):
        held = _hand_for(card, trick[:i], pool, size, trump, options, rng)
        hands[(dealer + 1 + i) % seats] = held
        pool = [c for c in pool if c not in held]
    hands[(dealer + 1 + len(trick)) % seats] = hand
    rng.shuffle(pool)
    for seat in range(seats):
        if seat not in hands:
            hands[seat], pool = pool[:size], pool[size:]
    wanted = [hands[(dealer + 1 + i % seats) % seats][i // seats] for i in range(seats * size)]
    opening.deal(wanted + ([turnup] if turnup else []), rng)
    while opening.state["phase"] == "bid":
        opening.bot(rng)
    for card in trick:
        opening.apply({"type": "play", "card": card})
    return opening.position()


# The kinds of example that are a position to act in, each with the start of a practice
# game at that position (rules/examples/__init__.py, ``position``).
POSITIONS = {
    "annonces": position_ascenseur_bids,
    "levee": position_ascenseur_trick,
}
