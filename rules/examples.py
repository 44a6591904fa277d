"""Worked examples inside the rules text, checked by the games' engines.

An example is a fenced block of ``key: value`` lines in the markup::

    ```exemple
    jeu: ambigu
    type: combinaison
    main: Th Td Tc 9s
    combinaison: tricon avec grande prime
    valeur: 7
    ```

``jeu`` and ``type`` choose a checker; the other lines give the cards and what the text
CLAIMS about them. Each checker asks the engine (``cardgames``: ``ambigu.classify``,
``poker.evaluate`` and ``ramponneau.compute_pots``, the Ascenseur's ``legal_actions`` on a
state the engine dealt, ``all_fours.score_deal``, ``melds.best_arrangement``...) and
compares. A claim the engine disagrees with, a card that does not exist or a line the
checker does not understand is an ``ExampleError``: the editor sees it in the preview and
cannot publish. docs/rules.md lists every kind of example and its keys.
"""

from __future__ import annotations

import math
import unicodedata
from dataclasses import dataclass, field

from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe

from cardgames import CHANCE, IllegalAction, get_game
from cardgames.cards import SUIT_SYMBOLS, card_name, is_card
from play.card_svg import card_svg

SUITS_FR = {"coeur": "h", "carreau": "d", "trefle": "c", "pique": "s"}
SUIT_NAMES_FR = {"h": "cœur", "d": "carreau", "c": "trèfle", "s": "pique"}
YES = {"oui", "vrai", "yes", "true", "1"}
NO = {"non", "faux", "no", "false", "0"}
NOBODY = {"personne", "aucun", "aucune", "-"}
GAME_NAMES = {
    "ambigu": "Ambigu",
    "ascenseur": "Ascenseur",
    "ramponneau": "Ramponneau",
    "all-fours": "All-fours",
    "remigio": "Remigio",
}


class ExampleError(Exception):
    """An example that cannot be shown as it stands; the message is French, for editors."""


def fold(text: str) -> str:
    """Lower case, no accents, single spaces: how keys and values are compared."""
    text = str(text).replace("œ", "oe").replace("Œ", "Oe").replace("æ", "ae")
    text = unicodedata.normalize("NFKD", text)
    text = "".join(c for c in text if not unicodedata.combining(c))
    return " ".join(text.replace("’", "'").lower().split())


def card_short(code: str) -> str:
    """A card as text: "10♥", "A♠", "★" for a joker."""
    face = code[:2]
    if face[0] == "X":
        return "★"
    rank = {"T": "10", "J": "V", "Q": "D", "K": "R"}.get(face[0], face[0])
    return rank + SUIT_SYMBOLS[face[1]]


# ----- what a checker returns -------------------------------------------------------------


@dataclass
class Claim:
    label: str
    claimed: str
    engine: str
    ok: bool


@dataclass
class Verdict:
    rows: list = field(default_factory=list)  # (label, [cards])
    facts: list = field(default_factory=list)  # (label, text): the engine's say, no claim
    claims: list = field(default_factory=list)

    def claim(self, label: str, claimed, engine, ok: bool | None = None) -> None:
        if ok is None:
            ok = fold(claimed) == fold(engine)
        self.claims.append(Claim(label, str(claimed), str(engine), ok))

    @property
    def errors(self) -> list[str]:
        return [
            f"« {c.label} » : le texte dit « {c.claimed} », le moteur trouve « {c.engine} »."
            for c in self.claims
            if not c.ok
        ]


@dataclass
class Example:
    game: str
    kind: str
    title: str
    lines: list  # (folded key, raw key, value) in order

    def get(self, key: str, default=None):
        key = fold(key)
        for k, _, value in self.lines:
            if k == key:
                return value
        return default

    def need(self, key: str) -> str:
        value = self.get(fold(key))
        if value is None or value == "":
            raise ExampleError(f"il manque la ligne « {key} : … ».")
        return value

    def all(self, key: str) -> list[str]:
        return [value for k, _, value in self.lines if k == fold(key)]

    def prefixed(self, prefix: str) -> list[tuple[str, str]]:
        """Lines "main Anne: ..." → [("Anne", "...")] for prefix "main"."""
        found = []
        for k, raw, value in self.lines:
            if k.startswith(prefix + " "):
                found.append((raw.split(None, len(prefix.split()))[-1].strip(), value))
        return found


# ----- parsing --------------------------------------------------------------------------


def parse(text: str) -> Example:
    """The ``key: value`` lines of a block (blank lines and lines starting with # ignored)."""
    lines = []
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        key, sep, value = stripped.partition(":")
        if not sep or not key.strip():
            raise ExampleError(
                f"ligne {number} : « {stripped} » n'a pas la forme « clé : valeur »."
            )
        lines.append((fold(key), key.strip(), value.strip()))
    example = Example("", "", "", lines)
    game = fold(example.need("jeu"))
    if game not in CHECKERS:
        known = ", ".join(sorted(CHECKERS))
        raise ExampleError(f"jeu inconnu « {game} » (jeux connus : {known}).")
    kind = fold(example.need("type"))
    if kind not in CHECKERS[game]:
        known = ", ".join(sorted(CHECKERS[game]))
        raise ExampleError(f"type d'exemple « {kind} » inconnu pour ce jeu (types : {known}).")
    example.game, example.kind = game, kind
    example.title = example.get("titre", "")
    return example


def cards(text: str, *, copies: bool = False) -> list[str]:
    """Card codes from "Th 9h 8h"; with ``copies`` repeated faces get .1, .2 (Remigio)."""
    found = []
    seen: dict[str, int] = {}
    for token in text.replace(",", " ").split():
        code = token[0].upper() + token[1:].lower() if token[0] not in "xX" else "X" + token[1:]
        if not is_card(code):
            raise ExampleError(f"« {token} » n'est pas une carte (par exemple Th, 9h, As, Xr).")
        if copies:
            face = code[:2]
            seen[face] = seen.get(face, 0) + 1
            code = f"{face}.{seen[face]}"
        elif code in found:
            raise ExampleError(f"la carte « {token} » apparaît deux fois.")
        found.append(code)
    return found


def integer(text: str, what: str) -> int:
    try:
        return int(text.replace(" ", "").replace("−", "-"))
    except (ValueError, AttributeError):
        raise ExampleError(f"« {what} » doit être un nombre entier, pas « {text} ».") from None


def boolean(text: str, what: str) -> bool:
    value = fold(text)
    if value in YES:
        return True
    if value in NO:
        return False
    raise ExampleError(f"« {what} » vaut oui ou non, pas « {text} ».")


def suit(text: str) -> str | None:
    value = fold(text)
    if value in SUITS_FR:
        return SUITS_FR[value]
    if value in ("c", "d", "h", "s"):
        return value
    if value in ("sans", "sans atout", "aucun"):
        return None
    raise ExampleError(f"couleur inconnue « {text} » (cœur, carreau, trèfle, pique ou sans).")


def options_for(example: Example, game) -> dict:
    """``options: scoring=bonus, fredon_prime=oui`` resolved by the engine."""
    raw = example.get("options", "")
    given = {}
    by_key = {o.key: o for o in game.options}
    for item in filter(None, (p.strip() for p in raw.replace(";", ",").split(","))):
        key, sep, value = item.partition("=")
        key, value = key.strip(), value.strip()
        if not sep or key not in by_key:
            known = ", ".join(by_key)
            raise ExampleError(f"option inconnue « {item} » (options : {known}).")
        option = by_key[key]
        if option.kind == "bool":
            given[key] = boolean(value, key)
        elif option.kind == "int" or isinstance(option.default, int):
            given[key] = integer(value, key)
        else:
            given[key] = value
    try:
        return game.resolve_options(given)
    except Exception as refusal:  # BadOptions carries a French message
        raise ExampleError(getattr(refusal, "fr", str(refusal))) from None


def names(text: str) -> list[str]:
    return [n for n in text.replace(",", " ").split() if n]


# ----- Ambigu -------------------------------------------------------------------------------


def _ambigu_hand(text: str) -> list[str]:
    hand = cards(text)
    if not 2 <= len(hand) <= 4:
        raise ExampleError("une main d'Ambigu compte de deux à quatre cartes.")
    for c in hand:
        if c[0] in "JQKX":
            raise ExampleError(f"le jeu de l'Ambigu n'a pas de figures : « {c} ».")
    return hand


def check_ambigu_combination(example: Example) -> Verdict:
    from cardgames.ambigu import game as ambigu

    options = options_for(example, ambigu.GAME)
    hand = _ambigu_hand(example.need("main"))
    found = ambigu.classify(hand, fredon_prime=options["fredon_prime"])
    verdict = Verdict(rows=[("Main", hand)])
    if found is None:
        verdict.facts.append(("Combinaison", "aucune"))
        verdict.claim("combinaison", example.need("combinaison"), "aucune")
        return verdict
    verdict.claim("combinaison", example.need("combinaison"), found.name_fr)
    if example.get("hauteur") is not None:
        verdict.claim("hauteur", example.get("hauteur"), found.height[0])
    if example.get("valeur") is not None:
        verdict.claim("valeur", example.get("valeur"), f"{found.value}")
    verdict.facts.append(("Cartes de la combinaison", " ".join(card_short(c) for c in found.cards)))
    return verdict


def check_ambigu_showdown(example: Example) -> Verdict:
    from cardgames.ambigu import game as ambigu

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
        label = f"{found.name_fr}, hauteur {found.height[0]}" if found else "aucune"
        verdict.rows.append((f"{name} — {label}", hand))
        key = found.key if found else (0,)
        if best is None or key > best[0]:  # ties go to the first named: nearest the dealer's right
            best = (key, name)
    verdict.claim("gagnant", example.need("gagnant"), best[1])
    return verdict


# ----- L'Ascenseur -------------------------------------------------------------------------


def check_ascenseur_bids(example: Example) -> Verdict:
    from cardgames.ascenseur import game as ascenseur

    game = ascenseur.GAME
    options = options_for(example, game)
    seats = integer(example.get("joueurs", "4"), "joueurs")
    if not game.min_seats <= seats <= game.max_seats:
        raise ExampleError(f"l'Ascenseur se joue de {game.min_seats} à {game.max_seats}.")
    number = integer(example.need("donne"), "donne")
    sizes = ascenseur.deal_sizes(seats)
    if not 1 <= number <= len(sizes):
        raise ExampleError(f"à {seats} joueurs, la partie compte {len(sizes)} donnes.")
    bids = [integer(b, "annonces") for b in example.need("annonces").split()]
    if len(bids) != seats - 1:
        raise ExampleError(
            f"il faut les annonces des {seats - 1} joueurs qui parlent avant le donneur."
        )
    # The engine deals every deal from a fixed pack and plays the earlier ones by default.
    state = game.new(seats, options)
    deck = {"type": "deal", "deck": sorted(ascenseur.DECK)}
    while state["deal"] < number - 1:
        state = game.apply(state, deck if state["actor"] == CHANCE else game.default_action(state))
    state = game.apply(state, deck)
    verdict = Verdict()
    verdict.facts.append(("Cartes par joueur", str(state["size"])))
    if example.get("cartes") is not None:
        verdict.claim("cartes", example.get("cartes"), state["size"])
    if example.get("atout") is not None:
        verdict.claim(
            "atout",
            "oui" if boolean(example.get("atout"), "atout") else "non",
            "oui" if state["trump"] else "non",
        )
    if state["turnup"]:
        verdict.rows.append(("Retourne", [state["turnup"]]))
    for i, bid in enumerate(bids, 1):
        try:
            state = game.apply(state, {"type": "bid", "tricks": bid})
        except IllegalAction as refusal:
            raise ExampleError(
                f"annonce {i} ({bid}) refusée par le moteur : {refusal.fr}"
            ) from None
    if state["actor"] != state["dealer"]:
        raise ExampleError("après ces annonces, ce n'est pas au donneur de parler.")
    allowed = [a["tricks"] for a in game.legal_actions(state)]
    forbidden = [k for k in range(state["size"] + 1) if k not in allowed]
    engine = " ".join(map(str, forbidden)) or "aucune"
    verdict.facts.append(("Annonces permises au donneur", " ".join(map(str, allowed))))
    claimed = example.need("interdite")
    verdict.claim(
        "interdite",
        claimed,
        engine,
        fold(claimed) in NOBODY and not forbidden or fold(claimed) == fold(engine),
    )
    return verdict


def check_ascenseur_score(example: Example) -> Verdict:
    from cardgames.ascenseur import game as ascenseur

    options = options_for(example, ascenseur.GAME)
    bid = integer(example.need("annonce"), "annonce")
    won = integer(example.need("levées"), "levées")
    points = ascenseur.deal_points(bid, won, options["scoring"])
    verdict = Verdict()
    verdict.facts.append(("Annonce / levées", f"{bid} / {won}"))
    verdict.claim("points", example.need("points").replace("−", "-"), f"{points}")
    return verdict


def check_ascenseur_trick(example: Example) -> Verdict:
    from cardgames.ascenseur import game as ascenseur

    options = options_for(example, ascenseur.GAME)
    trump = suit(example.need("atout"))
    trick = cards(example.need("levée"))
    hand = cards(example.need("main"))
    if set(trick) & set(hand):
        raise ExampleError("une carte est à la fois dans la levée et dans la main.")
    allowed = ascenseur.playable(hand, trick, trump, options)
    verdict = Verdict(rows=[("Levée en cours", trick), ("Main", hand)])
    verdict.facts.append(("Atout", SUIT_NAMES_FR[trump] if trump else "sans atout"))
    claimed = cards(example.need("permises"))
    verdict.claim(
        "permises",
        " ".join(card_short(c) for c in claimed),
        " ".join(card_short(c) for c in allowed),
        sorted(claimed) == sorted(allowed),
    )
    return verdict


# ----- Ramponneau ---------------------------------------------------------------------------


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
    from cardgames import poker

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
    from cardgames import poker
    from cardgames.ramponneau import game as ramponneau

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
    from cardgames.ramponneau import game as ramponneau

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


# ----- All-fours ----------------------------------------------------------------------------


def check_all_fours_turnup(example: Example) -> Verdict:
    from cardgames.all_fours import game as all_fours

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
    from cardgames.all_fours import game as all_fours

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


# ----- Remigio ------------------------------------------------------------------------------

CLOSING_NAMES = {
    "plain": "simple",
    "couleur": "couleur",
    "sequence": "suite à la couleur",
    "remigio": "Remigio",
}
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
    from cardgames import melds
    from cardgames.remigio import game as remigio

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
    from cardgames import melds

    _, rules = _remigio_rules(example)
    hand = _remigio_hand(example.need("main"), None)
    best = melds.best_arrangement(hand, rules)
    verdict = Verdict(rows=[("Main", hand)])
    for meld in best.melds:
        verdict.rows.append(("Combinaison", list(meld)))
    if best.leftover:
        verdict.rows.append(("Cartes isolées", list(best.leftover)))
    verdict.claim("compte", example.need("compte"), best.count)
    # The melds the text names must be real melds, and leave the cards it says.
    pool = sorted(c[:2] for c in hand)
    named = []
    for text in filter(None, (m.strip() for m in example.get("combinaisons", "").split("|"))):
        meld = cards(text, copies=True)
        ok = melds.is_valid_meld(meld, rules)
        verdict.claim(
            "combinaison",
            " ".join(card_short(c) for c in meld),
            "valide" if ok else "pas une combinaison",
            ok,
        )
        named += [c[:2] for c in meld]
    left = [c[:2] for c in cards(example.get("reste", ""), copies=True)]
    if example.get("combinaisons") is not None or example.get("reste") is not None:
        ok = sorted(named + left) == pool
        verdict.claim(
            "combinaisons et reste",
            "toute la main",
            "toute la main" if ok else "les cartes ne correspondent pas à la main",
            ok,
        )
        value = sum(rules.value(c) for c in left)
        verdict.claim("valeur du reste", example.need("compte"), value)
    return verdict


def check_remigio_closing(example: Example) -> Verdict:
    from cardgames.remigio import game as remigio

    options, rules = _remigio_rules(example)
    hand = _remigio_hand(example.need("main"))
    kind = remigio.closing_kind(hand, rules, options["special"])
    verdict = Verdict(rows=[("Main", hand)])
    claimed = fold(example.need("fermeture"))
    if claimed not in CLOSING_ALIASES:
        raise ExampleError("fermeture : simple, couleur, suite à la couleur, Remigio ou aucune.")
    verdict.claim(
        "fermeture",
        example.need("fermeture"),
        CLOSING_NAMES[kind] if kind else "aucune",
        CLOSING_ALIASES[claimed] == kind,
    )
    if kind is None:
        return verdict
    mult = remigio.multiplier(kind, hand)
    if example.get("multiplicateur") is not None:
        verdict.claim("multiplicateur", example.get("multiplicateur"), mult)
    if example.get("compte adverse") is not None:
        count = integer(example.get("compte adverse"), "compte adverse")
        verdict.claim("points", example.need("points"), count * mult)
    return verdict


def check_remigio_five_pairs(example: Example) -> Verdict:
    from cardgames.remigio import game as remigio

    options, _ = _remigio_rules(example)
    hand = _remigio_hand(example.need("main"))
    found = remigio.has_five_pairs(hand, options["five_pairs"])
    verdict = Verdict(rows=[("Main", hand)])
    verdict.claim(
        "cinq paires",
        "oui" if boolean(example.need("cinq paires"), "cinq paires") else "non",
        "oui" if found else "non",
    )
    if found and example.get("compte adverse") is not None:
        count = integer(example.get("compte adverse"), "compte adverse")
        verdict.claim("points", example.need("points"), math.ceil(count / 2))
    return verdict


CHECKERS = {
    "ambigu": {"combinaison": check_ambigu_combination, "abattage": check_ambigu_showdown},
    "ascenseur": {
        "annonces": check_ascenseur_bids,
        "marque": check_ascenseur_score,
        "levee": check_ascenseur_trick,
    },
    "ramponneau": {"abattage": check_ramponneau_showdown, "encheres": check_ramponneau_betting},
    "all-fours": {"retourne": check_all_fours_turnup, "donne": check_all_fours_deal},
    "remigio": {
        "main": check_remigio_hand,
        "fermeture": check_remigio_closing,
        "cinq paires": check_remigio_five_pairs,
    },
}


def check(example: Example) -> Verdict:
    """Ask the engine; raises ExampleError on a malformed example or a claim it refutes."""
    try:
        verdict = CHECKERS[example.game][example.kind](example)
    except ExampleError:
        raise
    except IllegalAction as refusal:
        raise ExampleError(f"le moteur refuse : {refusal.fr}") from None
    except Exception as error:  # an engine that changed under the example: say so, do not crash
        raise ExampleError(
            f"le vérificateur a échoué ({type(error).__name__} : {error})."
        ) from error
    errors = verdict.errors
    if errors:
        raise ExampleError(" ".join(errors))
    return verdict


# ----- rendering ----------------------------------------------------------------------------


def _cards_html(codes) -> SafeString:
    items = "".join(f'<li class="card-row__item">{card_svg(c, lang="fr")}</li>' for c in codes)
    return mark_safe(f'<ul class="card-row card-row--small">{items}</ul>')


def render_html(example: Example, verdict: Verdict, number: int) -> str:
    """The example as a figure: its cards, the engine's facts and each claim checked."""
    title = f"Exemple {number}" + (f" · {example.title}" if example.title else "")
    parts = [
        f'<figure class="rules-example" id="exemple-{number}">',
        format_html(
            '<figcaption class="rules-example__title">{}'
            '<span class="rules-example__game">{}</span></figcaption>',
            title,
            GAME_NAMES[example.game],
        ),
    ]
    for label, codes in verdict.rows:
        parts.append(
            format_html(
                '<div class="rules-example__row">'
                '<span class="rules-example__label">{}</span>{}</div>',
                label,
                _cards_html(codes),
            )
        )
    if verdict.facts or verdict.claims:
        parts.append('<dl class="rules-example__claims">')
        for label, text in verdict.facts:
            parts.append(format_html("<div><dt>{}</dt><dd>{}</dd></div>", label, text))
        for c in verdict.claims:
            parts.append(
                format_html(
                    '<div class="rules-example__claim"><dt>{}</dt><dd>{} '
                    '<span class="rules-example__ok">'
                    '<span aria-hidden="true">✓</span> vérifié par le moteur</span></dd></div>',
                    c.label[:1].upper() + c.label[1:],
                    c.engine,
                )
            )
        parts.append("</dl>")
    parts.append("</figure>")
    return "".join(str(p) for p in parts)


def render_text(example: Example, verdict: Verdict, number: int) -> str:
    """The example in plain text (search index, feeds): cards as 10♥ and the verdicts."""
    lines = [f"Exemple {number}" + (f" : {example.title}" if example.title else "")]
    for label, codes in verdict.rows:
        lines.append(f"{label} : {' '.join(card_short(c) for c in codes)}")
    for label, text in verdict.facts:
        lines.append(f"{label} : {text}")
    for c in verdict.claims:
        lines.append(f"{c.label} : {c.engine}")
    return "\n".join(lines)


def error_html(message: str) -> str:
    return (
        '<div class="rules-error" role="alert"><strong>Exemple refusé</strong> : '
        f"{escape(message)}</div>"
    )


def options_html(game_slug: str) -> tuple[str, str]:
    """The table options of a game, read from the engine: (html table, plain text)."""
    game = get_game(game_slug)
    rows, text = [], []
    for option in game.options:
        if option.kind == "bool":
            default = "oui" if option.default else "non"
            others = "non" if option.default else "oui"
        elif option.kind == "int" and not option.choices:
            default = str(option.default)
            others = f"de {option.minimum} à {option.maximum}"
        else:
            labels = {value: fr for value, fr, _ in option.choices}
            default = labels.get(option.default, str(option.default))
            others = " ; ".join(fr for value, fr, _ in option.choices if value != option.default)
        help_text = f" <small>{escape(option.help_fr)}</small>" if option.help_fr else ""
        rows.append(
            format_html(
                '<tr><th scope="row">{}{}</th><td>{}</td><td>{}</td></tr>',
                option.label_fr,
                mark_safe(help_text),
                default,
                others,
            )
        )
        text.append(f"{option.label_fr} : {default} (autres : {others})")
    html = (
        '<div class="table-scroll"><table class="rules-options"><thead><tr>'
        '<th scope="col">Option</th>'
        '<th scope="col">Par défaut</th><th scope="col">Autres choix</th></tr></thead><tbody>'
        + "".join(str(r) for r in rows)
        + "</tbody></table></div>"
    )
    return html, "\n".join(text)
