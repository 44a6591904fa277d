"""Every change to tables and games goes through these action functions (``do_*``).

Each one is a single transaction that locks the row it changes (``select_for_update`` on
the table or the game) or checks the version the client acted on, checks everything
inside the transaction, and broadcasts with ``transaction.on_commit``, so nobody hears of
a change that was rolled back. Views and consumers stay thin and call these.

- ``tables``: create a table (a cap on waiting tables per player), sit, add or remove a
  bot, free a seat (the host), leave, "play now";
- ``expiry``: waiting tables that waited too long close;
- ``positions``: a practice table started at a rules example's position;
- ``games``: deal the next game, apply a move (``do_act``), set the clocks;
- ``leaving``: resign, abort, come back after being marked absent, take a new stack at a
  practice chip table whose session is over;
- ``stacks``: when a practice chip table's session ends (its chips ran out);
- ``rematch``: propose, accept or decline a rematch of a finished table;
- ``scheduled``: the moves nobody sends (timers, bots), the correspondence reminders;
- ``hands``: the daily hand allowance at counted tables;
- ``economy_host``: what play does when the economy asks (economy/host.py);
- ``guests``: a visitor's guest account, played by the bot while they sign up, moved to
  the account they sign up for, purged;
- ``presence``, ``chat``: sockets open at a table (a row each, with an expiry), the
  table's chat;
- ``notices``: a turn shown late to a seat whose socket missed its notice;
- ``broadcast``, ``lookups``, ``errors``: what they share.
"""

from play.actions.broadcast import broadcast_table_changed, remember_server_loop
from play.actions.chat import do_chat, do_mute_chat
from play.actions.errors import ActResult, ServiceError
from play.actions.expiry import do_expire_waiting_tables
from play.actions.games import do_act, start_game
from play.actions.guests import (
    do_adopt_guest,
    do_create_guest,
    do_purge_guests,
    do_stand_in_while_signing_up,
)
from play.actions.leaving import do_abort, do_come_back, do_new_stack, do_resign
from play.actions.notices import do_restart_missed_turn
from play.actions.positions import do_try_position
from play.actions.presence import (
    do_connect,
    do_disconnect,
    do_heartbeat,
    do_sweep_presence,
)
from play.actions.rematch import do_decline_rematch, do_rematch
from play.actions.scheduled import do_bot_move, do_remind, do_timeout
from play.actions.tables import (
    BOT_NAMES,
    do_add_bot,
    do_create_table,
    do_free_seat,
    do_join,
    do_leave,
    do_open_table,
    do_play_now,
    do_remove_bot,
)

__all__ = [
    "BOT_NAMES",
    "ActResult",
    "ServiceError",
    "broadcast_table_changed",
    "do_abort",
    "do_act",
    "do_add_bot",
    "do_adopt_guest",
    "do_bot_move",
    "do_chat",
    "do_come_back",
    "do_connect",
    "do_create_guest",
    "do_create_table",
    "do_decline_rematch",
    "do_disconnect",
    "do_heartbeat",
    "do_join",
    "do_leave",
    "do_mute_chat",
    "do_new_stack",
    "do_open_table",
    "do_play_now",
    "do_purge_guests",
    "do_rematch",
    "do_remind",
    "do_remove_bot",
    "do_free_seat",
    "do_expire_waiting_tables",
    "do_resign",
    "do_stand_in_while_signing_up",
    "do_restart_missed_turn",
    "do_sweep_presence",
    "do_timeout",
    "do_try_position",
    "remember_server_loop",
    "start_game",
]
