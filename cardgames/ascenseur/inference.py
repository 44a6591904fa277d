"""What one seat of L'Ascenseur knows about the hidden hands, from its view only.

The view lists the cards of the finished tricks in order (``played``) and the trick under
way; since the first trick is led by the dealer's right-hand neighbour and each winner
leads the next, who played every card follows. The rules then tell what each player
cannot hold: a player who did not follow is void in the suit led; a player who could have
climbed (played higher in the suit led) but played lower holds nothing above the best card
of the trick; a player void in the suit led who did not trump (or did not overtrump) holds
no trump (no trump above the best one). ``sample_hands`` deals the unseen cards to the other
seats and to the undealt rest of the pack accordingly.
"""

from __future__ import annotations

from ..determinize import deal_hidden
from .game import DECK, POWER, trick_winner

ACE = POWER["As"]
STOCK = "stock"  # the undealt rest of the pack (and, before it, nothing else is hidden)


def tricks_so_far(view: dict) -> list[tuple[int, list[str]]]:
    """(leader, cards) of every trick of the deal, the one under way last."""
    seats, trump = view["seats"], view["trump"]
    leader = (view["dealer"] + 1) % seats
    played = view.get("played") or []
    tricks = []
    for start in range(0, len(played), seats):
        cards = played[start : start + seats]
        tricks.append((leader, cards))
        leader = trick_winner(cards, leader, trump, seats)
    if view["trick"]:
        tricks.append((view["leader"], list(view["trick"])))
    return tricks


def ceilings(view: dict) -> list[dict[str, int]]:
    """Per seat and suit, the highest power a card it may still hold can have (-1: void)."""
    seats, trump, options = view["seats"], view["trump"], view["options"]
    top = [dict.fromkeys("cdhs", ACE) for _ in range(seats)]
    for leader, cards in tricks_so_far(view):
        led = cards[0][1]
        best_led, best_trump = POWER[cards[0]], None
        for i, card in enumerate(cards[1:], 1):
            seat = (leader + i) % seats
            cap = top[seat]
            if card[1] == led:
                if options["must_climb"] and POWER[card] < best_led:
                    cap[led] = min(cap[led], best_led - 1)
                best_led = max(best_led, POWER[card])
                continue
            cap[led] = -1
            if trump is None or options["void_rule"] == "free":
                continue
            if card[1] == trump:
                if best_trump is not None and POWER[card] < best_trump:
                    cap[trump] = min(cap[trump], best_trump - 1)
                best_trump = POWER[card] if best_trump is None else max(best_trump, POWER[card])
            elif options["void_rule"] == "undertrump" or best_trump is None:
                cap[trump] = -1
            else:
                cap[trump] = min(cap[trump], best_trump - 1)
    return top


def unseen_cards(view: dict) -> list[str]:
    seen = set(view["hand"]) | set(view["trick"]) | set(view.get("played") or ())
    if view["turnup"]:
        seen.add(view["turnup"])
    return [c for c in DECK if c not in seen]


class HandSampler:
    """Deals the unseen cards to the other seats (and the undealt pack) again and again."""

    def __init__(self, view: dict):
        me, seats = view["you"], view["seats"]
        self.unseen = unseen_cards(view)
        self.sizes = {s: view["hand_sizes"][s] for s in range(seats) if s != me}
        self.sizes[STOCK] = len(self.unseen) - sum(self.sizes.values())
        self.top = ceilings(view)

    def allowed(self, holder, card: str) -> bool:
        return holder == STOCK or POWER[card] <= self.top[holder][card[1]]

    def sample(self, rng) -> dict:
        """One consistent deal: seat (or ``STOCK``) -> cards."""
        return deal_hidden(self.unseen, self.sizes, rng, self.allowed)
