"""The socket protocol as data: every client and server message, the view a `state` frame
carries and each game's view keys and `legal_actions` entries, as pydantic models.

The one source of the protocol's JSON Schemas (docs/schemas/, written by
``manage.py protocol_schema``) and of the per-game part of docs/protocol.md; the tests
validate real frames of the five games against the files.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

# The account stream's challenge and paired events are the pairing's (pairing/schema.py).
from pairing.schema import ChallengeEvent, PairedEvent
from play.socket.protocol import PROTOCOL_VERSION

Card = Annotated[str, Field(description="A card: rank then suit (`Th`), `.N` for deck N.")]
Seat = Annotated[int, Field(ge=0)]


class Message(BaseModel):
    model_config = ConfigDict(extra="forbid")


# ----- templates of legal_actions ---------------------------------------------------------


class Entry(Message):
    """An entry of ``legal_actions`` sent as it is."""


class AmountTemplate(Message):
    """A template: send ``{"type": T, "amount": x}`` with ``min <= x <= max``."""

    min: int
    max: int


class CardsTemplate(Message):
    """A template: send ``{"type": T, "cards": [...]}``, between ``choose[0]`` and
    ``choose[1]`` distinct cards of ``from``."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)
    choose: Annotated[list[int], Field(min_length=2, max_length=2)]
    from_: list[Card] = Field(alias="from")


def _entry(base, kind: str, doc: str, **fields):
    """What a legal_actions entry of ``type`` ``kind`` is (made a model by ``_model``)."""
    return base, kind, doc, fields


def _camel(name: str) -> str:
    return "".join(part.title() for part in name.replace("-", "_").split("_"))


def _model(slug: str, spec) -> type[BaseModel]:
    base, kind, doc, fields = spec
    annotations = {"type": Literal[kind], **fields}
    return type(_camel(slug) + _camel(kind), (base,),
                {"__annotations__": annotations, "__doc__": doc, "__module__": __name__})


# Each game's entries of legal_actions, by type, with what each means (docs/protocol.md,
# "Games"). Templates (min/max, choose/from) say how to fill them in their docstring.
LEGAL_ACTIONS: dict[str, list] = {
    "ascenseur": [
        _entry(Entry, "bid", "Bid to win `tricks` tricks (the dealer may not make the "
                             "bids add up to the deal's size: `forbidden_bid`).",
               tricks=Annotated[int, Field(ge=0)]),
        _entry(Entry, "play", "Play `card` to the trick.", card=Card),
    ],
    "all-fours": [
        _entry(Entry, "stand", "Eldest hand keeps the turn-up as trump."),
        _entry(Entry, "beg", "Eldest hand begs: the dealer gives a point or runs the pack."),
        _entry(Entry, "give", "The dealer gives the beggar a point (the turn-up stays "
                              "trump)."),
        _entry(Entry, "run", "The dealer runs the pack: three more cards each and a new "
                             "turn-up."),
        _entry(CardsTemplate, "discard", "After running the pack, put cards aside unseen "
                                         "down to six: send `{\"type\": \"discard\", \"cards\": "
                                         "[...]}`, exactly `choose[0]` cards of `from`."),
        _entry(Entry, "play", "Play `card` to the trick.", card=Card),
    ],
    "ramponneau": [
        _entry(Entry, "fold", "Give up the hand (only when facing a bet)."),
        _entry(Entry, "check", "Bet nothing (nobody has bet this round)."),
        _entry(Entry, "call", "Match the bet: `amount` is what the call costs now, capped "
                              "by the stack (the whole stack: all-in).",
               amount=Annotated[int, Field(ge=0)]),
        _entry(AmountTemplate, "bet", "Open the betting of the round: send `{\"type\": "
                                      "\"bet\", \"amount\": x}`, the total bet of the round "
                                      "(`max`: all-in)."),
        _entry(AmountTemplate, "raise", "Raise: send `{\"type\": \"raise\", \"amount\": "
                                        "x}`, the total the bet is brought TO (`max`: "
                                        "all-in)."),
        _entry(Entry, "show", "At the showdown, turn a beaten hand face up."),
        _entry(Entry, "muck", "At the showdown, give up a beaten hand unseen (it wins "
                              "nothing)."),
    ],
    "ambigu": [
        _entry(Entry, "pass", "Speak without betting (first or second speech)."),
        _entry(Entry, "battez", "First speech: say « battez », paying `battez_stake` "
                                "chips into the batterie; the stock is shuffled and the "
                                "second phase begins."),
        _entry(AmountTemplate, "recave", "Bring chips back to the stack before the first "
                                         "speech: send `{\"type\": \"recave\", \"amount\": "
                                         "x}`."),
        _entry(CardsTemplate, "exchange", "Exchange cards: send `{\"type\": \"exchange\", "
                                          "\"cards\": [...]}`, between `choose[0]` and "
                                          "`choose[1]` cards of `from` (your hand)."),
        _entry(Entry, "mix", "Served from a stock rebuilt from the discards (option "
                             "`refuse_discard`): let your own discard be mixed into it."),
        _entry(Entry, "keep", "Served from a rebuilt stock: keep your own discard out of "
                              "it."),
        _entry(AmountTemplate, "vade", "Second speech, first to bet: open with a vade of "
                                       "`amount` chips (`{\"type\": \"vade\", \"amount\": "
                                       "x}`)."),
        _entry(Entry, "follow", "Second speech: put in the vade another player opened."),
        _entry(Entry, "tapis", "Go all-in for less than the vade or the bet to call (a "
                               "short stack)."),
        _entry(Entry, "check", "Renvis: bet nothing more (nothing to call)."),
        _entry(Entry, "call", "Renvis: match the highest bet."),
        _entry(Entry, "fold", "Renvis: give up the hand."),
        _entry(AmountTemplate, "renvi", "Renvis: raise, putting `amount` chips in now, "
                                        "more than a call costs (`{\"type\": \"renvi\", "
                                        "\"amount\": x}`)."),
    ],
    "remigio": [
        _entry(Entry, "draw", "Draw the top card of the stock or take the discard pile's "
                              "top card.", **{"from": Literal["stock", "discard"]}),
        _entry(Entry, "discard", "Discard `card` face up.", card=Card),
        _entry(Entry, "close", "Discard `card` and close the round: the rest of the hand "
                               "is all melded (`closings` tells how it scores).", card=Card),
    ],
}


LEGAL_ACTIONS = {slug: [_model(slug, spec) for spec in specs]
                 for slug, specs in LEGAL_ACTIONS.items()}


def one_of(models, key: str = "type"):
    """One of ``models``, told apart by their ``key``."""
    return Annotated[Union[tuple(models)], Field(discriminator=key)]  # noqa: UP007


# ----- the common view ----------------------------------------------------------------


class LogLine(Message):
    """A log entry: its sentence and who made the move."""

    text: str = Field(description="The sentence, in the reader's language.")
    by: Literal["player", "timer", "bot"] | None = Field(
        description="Who made the move: the seat's player, the server because the clock "
                    "ran out, or a bot (a bot's seat, or a stand-in for an absent player); "
                    "null for what nobody chose (a deal).")
    seat: Seat | None = Field(description="The seat the move was made for (null: a deal).")


class SeatingEntry(Message):
    position: Seat
    name: str | None = Field(description="null: a free place")
    bot: bool
    bot_level: Literal["", "debutant", "habitue", "maitre"]
    program: bool = Field(description="An account its player marked « Ce compte est un "
                                      "programme ».")
    staff: bool = Field(description="A member of the site's staff (shown « équipe »).")
    connected: bool
    sitting_out: bool = Field(description="Absent: the bot plays the seat until come_back.")
    you: bool


class ChatLine(Message):
    id: int
    user: str
    staff: bool = Field(description="Written by a member of the site's staff.")
    text: str = Field(description="What the player typed, not HTML: escape it.")
    at: str = Field(description="ISO 8601")


MissingReason = Literal["level", "no_hands", "not_enough_ecus", "not_caved", "must_recave",
                        "standing", "leaving"]
WaitingReason = Literal["seats_free", "rematch_invites", "cave_needed", "players_busted",
                        "ecus_needed", "hands_needed", "players_standing", "dealing"]


class Missing(Message):
    position: Seat
    reason: MissingReason
    busted: bool = Field(description="This player's chips at the table ran out.")


class Waiting(Message):
    """Why a waiting table deals nothing (docs/protocol.md, ``waiting``)."""

    reasons: list[WaitingReason] = Field(min_length=1)
    seats_free: Annotated[int, Field(ge=0)]
    kept: list[Seat] = Field(description="Free places kept for rematch invitees.")
    players_needed: Annotated[int, Field(ge=0)]
    ready: Annotated[int, Field(ge=0)] | None = Field(
        description="Chip table: players who would be dealt in now; null elsewhere.")
    cave_min: int | None = Field(description="Chip table: the least cave; null elsewhere.")
    missing: list[Missing]


class RematchInvite(Message):
    position: Seat
    name: str
    answer: Literal["waiting", "accepted", "declined"]


class Rematch(Message):
    table_id: int
    status: Literal["waiting", "playing", "finished", "closed"]
    proposed_by: Seat | None
    invited: list[RematchInvite]


# The keys of every view, whatever the game and the moment (docs/protocol.md, "The view").
class View(Message):
    game: str = Field(description="The game's slug (as `game_slug`).")
    seats: Annotated[int, Field(ge=1)] = Field(description="The number of places.")
    options: dict[str, Any] = Field(description="The table's options, resolved.")
    actor: Seat | Literal["chance"] | None = Field(
        description="The seat to act; null when nobody acts (no game yet, over, waiting).")
    you: Seat | None = Field(description="Your seat; null for a spectator.")
    result: dict[str, Any] | None = Field(description="null until the game is over.")
    legal_actions: list[Any] = Field(description="Your choices: empty unless you act.")
    version: Annotated[int, Field(ge=0)]
    table_id: int
    game_id: int | None
    game_number: Annotated[int, Field(ge=0)]
    game_slug: str
    status: Literal["waiting", "playing", "finished"]
    ending: Literal["", "resigned", "aborted"]
    table_status: Literal["waiting", "playing", "finished", "closed"]
    pace: Literal["live", "correspondence"]
    move_seconds: int
    seat_names: list[str | None]
    seating: list[SeatingEntry]
    deadline: str | None
    server_time: str
    log: list[LogLine]
    chat: list[ChatLine]
    chat_muted: bool
    waiting: Waiting | None
    rematch: Rematch | None


PLATFORM_KEYS = tuple(View.model_fields)

# Each game's own keys: present once a game is dealt (absent from a waiting table's view),
# some only in a seat's view or at some moments (the description says when).
_L, _D, _I, _S, _B = list[Any], dict[str, Any], int, str, bool
GAME_KEYS: dict[str, dict[str, tuple[Any, str]]] = {
    "ascenseur": {
        "phase": (_S, "`deal`, `bid`, `play` or `over`."),
        "size": (_I, "Cards dealt to each player this deal."),
        "dealer": (_I, "The dealer's seat."),
        "turnup": (_S | None, "The card turned up for trump."),
        "trump": (_S | None, "The trump suit (`c`, `d`, `h`, `s`), null: no trump."),
        "bids": (_L, "Each seat's bid this deal (null: not yet)."),
        "won": (_L, "Tricks each seat won this deal."),
        "leader": (_I | None, "Who led the current trick."),
        "trick": (_L, "The cards of the current trick, in play order."),
        "played": (_L, "Every card played this deal, by seat."),
        "last_trick": (_D | None, "The last trick taken and who won it."),
        "scores": (_L, "Each seat's score."),
        "history": (_L, "The deals played: bids, tricks, points."),
        "deal": (_I, "The number of the deal (from 1)."),
        "deals": (_I, "How many deals the game has."),
        "hand_sizes": (_L, "Cards in each seat's hand."),
        "hand": (_L | None, "Your cards; null for a spectator."),
        "forbidden_bid": (_I | None, "The bid the dealer may not make (only while the "
                                     "dealer bids)."),
    },
    "all-fours": {
        "phase": (_S, "`cut`, `deal`, `beg`, `dealer`, `discard`, `play` or `over`."),
        "dealer": (_I | None, "The dealer's seat."),
        "eldest": (_I | None, "Eldest hand (left of the dealer)."),
        "sides": (_L, "The seats of each side (partners at four)."),
        "scores": (_L, "Points of each side."),
        "target": (_I, "Points to win the game."),
        "cut": (_L | None, "The cut for the deal."),
        "turnup": (_S | None, "The card turned up for trump."),
        "set_aside": (_L, "Turn-ups set aside when the pack was run."),
        "begged": (_S | None, "What came of a beg."),
        "trump": (_S | None, "The trump suit."),
        "stock_count": (_I, "Cards left in the stock."),
        "hand_counts": (_L, "Cards in each hand."),
        "discard_counts": (_L, "Cards each seat discarded."),
        "trick": (_L, "The current trick: [seat, card] pairs."),
        "leader": (_I | None, "Who led the current trick."),
        "won": (_L, "Cards won by each side."),
        "played": (_L, "[seat, card] pairs played this deal."),
        "last_trick": (_D | None, "The last trick taken."),
        "deal_no": (_I, "The number of the deal."),
        "current": (_D | None, "This deal's points so far (high, low, jack, game)."),
        "deals": (_L, "The deals played and their points."),
        "gift_allowed": (_B, "The dealer may give a point to a beggar."),
        "hand": (_L, "Your cards (a seat's view only)."),
        "discarded": (_L, "Your discards (a seat's view only)."),
    },
    "ramponneau": {
        "street": (_S, "`preflop`, `flop`, `turn` or `river` while betting, else the "
                       "phase: `deal`, `showdown` or `over`."),
        "button": (_I, "The button's seat."),
        "small_blind_seat": (_I, "Who posts the small blind."),
        "big_blind_seat": (_I, "Who posts the big blind."),
        "blinds": (_L, "[small blind, big blind] in chips."),
        "order": (_L, "The seats dealt in, in order of play."),
        "dealt_in": (_L, "Per seat: dealt in this hand."),
        "stacks": (_L, "Chips in front of each seat (null: not dealt in)."),
        "bets": (_L, "Each seat's bet this round."),
        "committed": (_L, "Chips each seat put in this hand."),
        "folded": (_L, "Per seat: folded."),
        "all_in": (_L, "Per seat: all-in."),
        "board": (_L, "The community cards."),
        "pot": (_I, "Chips in the pots (bets of the round excluded)."),
        "pots": (_L, "The main pot and side pots: amount and who plays for it."),
        "total_pot": (_I, "Pot plus this round's bets."),
        "shown": (_L, "Per seat: the hole cards shown, null otherwise."),
        "mucked": (_L, "Per seat: mucked at the showdown."),
        "rake": (_I, "Chips the house took."),
        "awards": (_L, "Who won what at the end."),
        "history": (_L, "The hand's public actions."),
        "stats": (_L, "Per seat, counts of what everyone saw in the earlier hands at this "
                      "table (`hands`, `vpip`, `pfr`, all-ins, folds to a raise, showdowns, "
                      "bets and calls after the flop...: docs/engine.md, \"Public "
                      "statistics\"); zeros for a seat whose player changed."),
        "hand": (_L | None, "Your hole cards; null for a spectator or not dealt in."),
        "hand_value": (_D, "Your best hand (from the flop, seat's view)."),
        "to_call": (_I, "What a call costs you (while betting, seat's view)."),
        "shown_hands": (_D, "The value of each shown hand, by seat (a string key)."),
    },
    "ambigu": {
        "phase": (_S, "`draw`, `deal`, `speech1`, `exchange1`, `shuffle`, `keep`, "
                      "`speech2`, `exchange2`, `renvis` or `over`."),
        "phase_number": (_I, "The phase's rank, for progress bars."),
        "round": (_I, "The round of the hand."),
        "exchange_rounds": (_I, "Exchange rounds played."),
        "dealer": (_I | None, "The dealer's seat."),
        "players": (_L, "The seats in this hand."),
        "order": (_L, "The order of speech."),
        "stacks": (_L, "Each seat's chips."),
        "poule": (_I, "The pot."),
        "batterie": (_I, "Chips paid for battez."),
        "renvis": (_I, "Chips bet in the renvis."),
        "bets": (_L, "Each seat's bet in the renvis."),
        "high_bet": (_I, "The highest bet."),
        "to_call": (_I, "What you must put in to call."),
        "folded": (_L, "Per seat: folded."),
        "allin": (_L, "Per seat: all-in (tapis)."),
        "battez": (_I | None, "The seat that asked for battez, null: nobody."),
        "opener": (_I | None, "Who opened the vade."),
        "vade": (_I, "The vade's amount."),
        "last_raiser": (_I | None, "The last to renvi."),
        "dealer_paid": (_I, "What the dealer paid in."),
        "hand": (_L | None, "Your cards; null for a spectator."),
        "combination": (_D | None, "Your hand's combination (point, prime, séquence, "
                                   "tricon, flux, fredon)."),
        "hand_sizes": (_L, "Cards in each hand."),
        "exchanged": (_L, "Cards each seat exchanged."),
        "stock_size": (_I, "Cards left in the stock."),
        "discard_sizes": (_L, "Cards each seat discarded."),
        "my_discards": (_L | None, "Your discards (your écart); null for a spectator."),
        "draw": (_L, "The draw for the deal: [seat, card] pairs."),
        "revealed": (_L, "Per seat: the hand compared at the end, null otherwise."),
        "recave_open": (_B, "Players may recave now."),
        "recaved": (_L, "Per seat: recaved this hand."),
        "debts": (_L, "What each seat owes."),
    },
    "remigio": {
        "phase": (_S, "`deal`, `draw`, `discard`, `rebuild` or `over`."),
        "round": (_I, "The round's number."),
        "dealer": (_I, "The dealer's seat."),
        "turn": (_I | None, "The turn's number in the round."),
        "turns": (_I, "Turns played in the round."),
        "rebuilds": (_I, "Times the pile was shuffled into a new stock."),
        "scores": (_L, "Each seat's score."),
        "chips": (_L, "Each seat's chips (the stake)."),
        "out": (_L, "Per seat: out of the game."),
        "hand_counts": (_L, "Cards in each hand."),
        "stock_count": (_I, "Cards in the stock."),
        "pile_count": (_I, "Cards in the discard pile."),
        "discard_top": (_S | None, "The pile's top card."),
        "pile_faces": (_L, "The faces in the pile (each was seen face up)."),
        "taken": (_S | None, "The face taken from the pile this turn."),
        "last_round": (_D | None, "How the last round ended and scored."),
        "history": (_L, "The rounds played."),
        "hand": (_L, "Your cards (a seat's view only)."),
        "proposed": (_D | None, "The best arrangement of your hand in melds."),
        "drawn": (_S | None, "The card you just drew (the actor's view only)."),
        "closings": (_L, "The discards that close the round and how they score (the "
                         "actor's view, discard phase)."),
    },
}


def _game_view(slug: str) -> type[View]:
    name = "".join(part.title() for part in slug.split("-")) + "View"
    annotations = {"game": Literal[slug], "game_slug": Literal[slug],
                   "legal_actions": list[one_of(LEGAL_ACTIONS[slug])]}
    namespace = {"__module__": __name__, "__doc__": f"A view of a {slug} table."}
    for key, (kind, description) in GAME_KEYS[slug].items():
        annotations[key] = kind
        namespace[key] = Field(None, description=description)
    namespace["__annotations__"] = annotations
    namespace["legal_actions"] = Field(description="Your choices: empty unless you act.")
    return type(name, (View,), namespace)


GAME_VIEWS: dict[str, type[View]] = {slug: _game_view(slug) for slug in GAME_KEYS}
AnyView = one_of(GAME_VIEWS.values(), "game_slug")

# ----- server → client ------------------------------------------------------------------

ERROR_CODES = (
    "bad_json", "bad_message", "unknown_type", "too_large", "binary_unsupported",
    "rate_limited", "not_authenticated", "scope_missing", "forbidden", "not_found",
    "not_seated", "not_your_turn", "stale", "illegal", "game_over", "chat_too_long",
    "chat_rate", "account_required", "too_late", "too_many_aborts", "not_absent",
    "game_not_over", "not_invited", "server_error", "id_reused", "unknown_game", "busy",
    "unavailable",
    # a rematch accepted over the socket sits the player down: the refusals of a seat
    "table_full", "reserved", "already_seated", "no_hands",
)


class State(Message):
    """The whole view of your seat: on connect (always the first frame), after every
    change, on ``sync`` and after a refused stale action."""

    type: Literal["state"]
    protocol: Literal[PROTOCOL_VERSION]
    sequence: Annotated[int, Field(ge=0)] = Field(
        description="The table's sequence number: one more at each change the table's "
                    "connections are told of; a gap means a change was not seen.")
    version: Annotated[int, Field(ge=0)]
    game_id: int | None
    view: AnyView


class Ack(Message):
    type: Literal["ack"]
    id: str
    version: Annotated[int, Field(ge=0)]
    duplicate: bool


class Error(Message):
    type: Literal["error"]
    code: Literal[ERROR_CODES]
    message: str
    rule: str | None = Field(None, description="The game rule refused (`illegal`).")
    retry_after: Annotated[float, Field(ge=0)] | None = Field(
        None, description="Seconds to wait (`rate_limited`, `unavailable`).")
    id: str | None = Field(None, description="The id of the refused `act`.")


class ChatMessage(Message):
    type: Literal["chat"]
    message: ChatLine


class Presence(Message):
    type: Literal["presence"]
    seating: list[SeatingEntry]


class Pong(Message):
    type: Literal["pong"]


class RematchReply(Message):
    type: Literal["rematch"]
    table_id: int


class DeclineRematchReply(Message):
    type: Literal["decline_rematch"]
    table_id: int


SERVER_MESSAGES = {"state": State, "ack": Ack, "error": Error, "chat": ChatMessage,
                   "presence": Presence, "pong": Pong, "rematch": RematchReply,
                   "decline_rematch": DeclineRematchReply}

# ----- client → server ------------------------------------------------------------------

Digits = Annotated[str, Field(pattern=r"^\s*[0-9]{1,18}\s*$")]


class Act(Message):
    type: Literal["act"]
    action: dict[str, Any] | None = Field(
        None, description="An action built from an entry of `legal_actions`.")
    action_json: str | None = Field(None, description="The action as a JSON string "
                                                      "(forms), instead of `action`.")
    version: Annotated[int, Field(ge=0)] | Digits
    id: Annotated[str, Field(max_length=64)] | int | None = None
    game_id: Annotated[int, Field(ge=0)] | Digits = Field(
        description="The `game_id` of the view acted on: a move names its game.")


class Sync(Message):
    type: Literal["sync"]


class Chat(Message):
    type: Literal["chat"]
    text: Annotated[str, Field(min_length=1, max_length=300)]


class Mute(Message):
    type: Literal["mute"]
    muted: bool = True


class Ping(Message):
    type: Literal["ping"]


class Resign(Message):
    type: Literal["resign"]


class Abort(Message):
    type: Literal["abort"]


class ComeBack(Message):
    type: Literal["come_back"]


class RematchRequest(Message):
    type: Literal["rematch"]


class DeclineRematch(Message):
    type: Literal["decline_rematch"]


CLIENT_MESSAGES = {"act": Act, "sync": Sync, "chat": Chat, "mute": Mute, "ping": Ping,
                   "resign": Resign, "abort": Abort, "come_back": ComeBack,
                   "rematch": RematchRequest, "decline_rematch": DeclineRematch}


# ----- the account stream, /ws/account/ (docs/protocol.md, "The account stream") ----------


class AccountReady(Message):
    type: Literal["ready"]


class YourTurn(Message):
    type: Literal["your_turn"]
    table: int
    game: int
    deadline: str | None = Field(description="When your time runs out (ISO 8601).")
    pace: Literal["live", "correspondence"]


class TurnDone(Message):
    type: Literal["turn_done"]
    table: int
    game: int


class GameResult(BaseModel):
    scores: list | None = None
    winners: list[int] | None = None


class GameOver(Message):
    type: Literal["game_over"]
    table: int
    game: int
    ending: str = Field(description="\"\" (played out), \"resigned\", \"aborted\"...")
    you: int = Field(description="Your place.")
    won: bool
    result: GameResult


class NotificationEntry(BaseModel):
    id: int
    kind: Literal["your_turn", "challenge", "paired", "game_over"]
    url: str
    data: dict
    created_at: str
    read: bool


class NotificationEvent(Message):
    type: Literal["notification"]
    notification: NotificationEntry


class NotificationsRead(Message):
    type: Literal["notifications_read"]
    unread: int


ACCOUNT_EVENTS = {"ready": AccountReady, "your_turn": YourTurn, "turn_done": TurnDone,
                  "game_over": GameOver,
                  "notification": NotificationEvent, "notifications_read": NotificationsRead,
                  "challenge": ChallengeEvent, "paired": PairedEvent, "pong": Pong,
                  "error": Error}
ACCOUNT = TypeAdapter(one_of(ACCOUNT_EVENTS.values()))


SERVER = TypeAdapter(one_of(SERVER_MESSAGES.values()))
CLIENT = TypeAdapter(one_of(CLIENT_MESSAGES.values()))


# ----- the files (docs/schemas/) ---------------------------------------------------------

SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"
# Where the files are committed (docs/schemas/), beside docs/protocol.md.
DOCS = Path(__file__).resolve().parents[2] / "docs"


def _document(schema: dict, title: str) -> dict:
    return {"$schema": SCHEMA_DIALECT, "title": title, **schema}


def schema_documents() -> dict[str, dict]:
    """Every JSON Schema of the protocol, by its path under docs/schemas/."""
    documents = {
        "server.json": _document(SERVER.json_schema(), "Any server message"),
        "client.json": _document(CLIENT.json_schema(), "Any client message"),
    }
    for kind, model in SERVER_MESSAGES.items():
        documents[f"server/{kind}.json"] = _document(model.model_json_schema(), kind)
    for kind, model in CLIENT_MESSAGES.items():
        documents[f"client/{kind}.json"] = _document(model.model_json_schema(), kind)
    documents["account.json"] = _document(ACCOUNT.json_schema(), "Any account stream event")
    for kind, model in ACCOUNT_EVENTS.items():
        documents[f"account/{kind}.json"] = _document(model.model_json_schema(), kind)
    for slug, model in GAME_VIEWS.items():
        documents[f"views/{slug}.json"] = _document(model.model_json_schema(), model.__name__)
        entries = TypeAdapter(one_of(LEGAL_ACTIONS[slug])).json_schema()
        documents[f"legal_actions/{slug}.json"] = _document(entries, f"{slug} legal action")
    return documents


def schema_texts() -> dict[str, str]:
    """The files as committed: sorted keys, two-space indents, a final newline."""
    return {path: json.dumps(document, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
            for path, document in schema_documents().items()}


# ----- docs/protocol.md's section on the games --------------------------------------------

GAMES_BEGIN = "<!-- games: written by manage.py protocol_schema, do not edit -->"
GAMES_END = "<!-- games: end -->"
GAME_NAMES = {"ascenseur": "L'Ascenseur", "all-fours": "All-fours", "ramponneau":
              "Ramponneau (tavern Texas Hold'em)", "ambigu": "Ambigu", "remigio": "Remigio"}


def _fields(model) -> str:
    extra = [f"`{field.alias or name}`" for name, field in model.model_fields.items()
             if name != "type"]
    return ", ".join(extra) if extra else "none"


def games_section() -> str:
    """Each game's view keys and legal_actions entries, from the models above."""
    lines = [GAMES_BEGIN, ""]
    for slug in GAME_VIEWS:
        lines += [f"#### `{slug}`: {GAME_NAMES[slug]}", "",
                  f"Schema: [views/{slug}.json](schemas/views/{slug}.json), entries of "
                  f"`legal_actions`: [legal_actions/{slug}.json]"
                  f"(schemas/legal_actions/{slug}.json).", "",
                  "| entry `type` | other keys | meaning |", "|---|---|---|"]
        for model in LEGAL_ACTIONS[slug]:
            kind = model.model_fields["type"].annotation.__args__[0]
            lines.append(f"| `{kind}` | {_fields(model)} | {model.__doc__} |")
        lines += ["", "| view key | meaning |", "|---|---|"]
        for key, (_kind, description) in GAME_KEYS[slug].items():
            lines.append(f"| `{key}` | {description} |")
        lines.append("")
    lines.append(GAMES_END)
    return "\n".join(lines)


def with_games_section(document: str) -> str:
    """``document`` (docs/protocol.md) with its games section written again."""
    start, end = document.index(GAMES_BEGIN), document.index(GAMES_END) + len(GAMES_END)
    return document[:start] + games_section() + document[end:]
