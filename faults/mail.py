"""The fault run's mail server, one that stalls, and the task worker killed mid-send
(issue 33, item 3): every e-mail must reach the mail server exactly once.

The sink (aiosmtpd, in a thread of the run) records every message it is sent: its
Message-ID, recipients, subject, and whether it answered the end of DATA (a message the
client never heard accepted is not delivered: a real server drops it). Traps hold chosen
messages: ``before_answer`` stalls the end of DATA, ``after_answer`` accepts the message
and stalls the client's QUIT (the worker took the answer and has not committed yet); each
time, the run SIGKILLs ``db_worker`` and starts it again, as a process manager would.

The scene (``MailScene``), a few seconds at the start of the play: a turn e-mail (a
correspondence table of three players who want turn e-mails, none connected), a purchase
receipt (paid through the sandbox's webhook handler) and a queued allauth mail (a
password reset asked through the site's form), each trapped once. Then
``every_mail_exactly_once``: each reached the sink accepted, under one Message-ID (a
Message-ID received twice is one mail to a server that deduplicates; two Message-IDs for
one mail are two mails in the reader's box).

    python -m faults.mail provoke    (the site's side, with the site's settings: JSON out)

Nothing at import time needs Django: the run imports this module, the site runs in the
processes it starts.
"""

from __future__ import annotations

import asyncio
import email
import email.policy
import http.cookiejar
import json
import queue
import re
import sys
import threading
import time
import urllib.parse
import urllib.request
from dataclasses import dataclass, field

# How long a trap holds its answer at most: within the site's EMAIL_TIMEOUT (10 s), or
# the worker would give up by itself instead of being killed.
STALL_SECONDS = 8
# How long the scene may take, from the mails queued to each delivered; and once the
# worker was killed on every trap, how long the mails have to arrive (they come within
# seconds: a mail lost waits no longer).
SCENE_SECONDS = 90
SETTLE_SECONDS = 20
TURN_TABLE = "Poste restante"  # the subject of its turn e-mail names it
BUYER = "acheteur@example.com"
FORGETFUL = "oublieux@example.com"  # asks for a new password


@dataclass
class Trap:
    """Hold the first message matching ``subject`` (a part of it) or ``recipient``."""

    name: str
    when: str  # "before_answer" | "after_answer"
    subject: str = ""
    recipient: str = ""
    sprung_at: float | None = None

    def matches(self, record: dict) -> bool:
        return (bool(self.subject) and self.subject in record["subject"]) or (
            bool(self.recipient) and self.recipient in record["to"])


@dataclass
class MailSink:
    """An SMTP server on a free port of the loopback that records and, on traps, stalls."""

    port: int
    messages: list[dict] = field(default_factory=list)
    traps: list[Trap] = field(default_factory=list)
    sprung: queue.Queue = field(default_factory=queue.Queue)
    began: float = field(default_factory=time.monotonic)

    def __post_init__(self):
        from aiosmtpd.controller import Controller

        self.lock = threading.Lock()
        self.controller = Controller(self, hostname="127.0.0.1", port=self.port)

    def env(self) -> dict:
        """The site's settings that send to it (config/settings.py, MAILERS)."""
        return {"EMAIL_HOST": "127.0.0.1", "EMAIL_PORT": str(self.port),
                "EMAIL_TIMEOUT": "10"}

    def start(self) -> None:
        self.controller.start()
        self.started = True

    def stop(self) -> None:
        if getattr(self, "started", False):
            self.controller.stop()
            self.started = False

    def arm(self, *traps: Trap) -> None:
        """Hold the next messages that match ``traps``; times count from now."""
        with self.lock:
            self.began = time.monotonic()
            self.traps.extend(traps)

    def _trap_for(self, record: dict) -> Trap | None:
        with self.lock:
            for trap in self.traps:
                if trap.sprung_at is None and trap.matches(record):
                    trap.sprung_at = round(time.monotonic() - self.began, 1)
                    return trap
        return None

    async def _hold(self, trap: Trap) -> None:
        """Tell the run, then keep the client waiting (the run kills it meanwhile: this
        coroutine is then cancelled with the connection)."""
        self.sprung.put(trap)
        await asyncio.sleep(STALL_SECONDS)

    # aiosmtpd's handler hooks

    async def handle_DATA(self, server, session, envelope):
        parsed = email.message_from_bytes(envelope.original_content or envelope.content,
                                          policy=email.policy.default)
        record = {"message_id": str(parsed["Message-ID"] or ""),
                  "to": sorted(envelope.rcpt_tos), "subject": str(parsed["Subject"] or ""),
                  "scene_s": round(time.monotonic() - self.began, 1), "accepted": False}
        with self.lock:
            self.messages.append(record)
        trap = self._trap_for(record)
        if trap is not None and trap.when == "before_answer":
            await self._hold(trap)  # the client killed: never accepted
        record["accepted"] = True
        if trap is not None and trap.when == "after_answer":
            session.stall_quit = trap
        return "250 Message accepted for delivery"

    async def handle_QUIT(self, server, session, envelope):
        trap = getattr(session, "stall_quit", None)
        if trap is not None:
            await self._hold(trap)
        return "221 Bye"


def default_traps() -> list[Trap]:
    return [Trap("turn_email", "before_answer", subject=TURN_TABLE),
            Trap("receipt", "before_answer", recipient=BUYER),
            Trap("queued_mail", "after_answer", recipient=FORGETFUL)]


class MailScene:
    """The mails the run provokes, the worker killed on each trap, and the check."""

    def __init__(self, sink: MailSink, manage, env: dict, say):
        self.sink = sink
        self.manage = manage  # faults.run.manage: the site's commands in its environment
        self.env = env
        self.say = say
        self.traps = default_traps()
        self.kills: list[dict] = []
        self.provoked: dict | None = None
        self.error: str | None = None

    async def play(self, supervisor, server: str) -> None:
        """Provoke the three mails, and kill ``db_worker`` at each trap, until each one
        was accepted or SCENE_SECONDS passed."""
        try:
            self.sink.arm(*self.traps)
            done = await asyncio.to_thread(self.manage, self.env, "-m", "faults.mail",
                                           "provoke")
            if done.returncode:
                raise RuntimeError(f"provoke failed: {done.stderr[-1500:]}")
            self.provoked = json.loads(done.stdout.splitlines()[-1])
            self.provoked["password_reset"] = await asyncio.to_thread(
                ask_password_reset, server, FORGETFUL)
            deadline = time.monotonic() + SCENE_SECONDS
            # Until every trap sprang and every mail was accepted: an ``after_answer``
            # mail is accepted a moment before its trap springs (at the QUIT after it).
            while not self.finished() and time.monotonic() < deadline:
                try:
                    trap = await asyncio.to_thread(self.sink.sprung.get, True, 1)
                except queue.Empty:
                    continue
                if len(self.kills) + 1 == len(self.traps):
                    deadline = min(deadline, time.monotonic() + SETTLE_SECONDS)
                supervisor.kill("db_worker")
                self.kills.append({"trap": trap.name, "when": trap.when,
                                   "scene_s": trap.sprung_at})
                self.say(f"mail: db_worker killed while sending the {trap.name} "
                         f"({trap.when.replace('_', ' ')})")
                await asyncio.to_thread(supervisor.restart, "db_worker")
        except Exception as failure:  # noqa: BLE001 - reported by the check
            self.error = repr(failure)

    def expected(self) -> dict[str, list[dict]]:
        """Each mail the scene provoked, with what the sink received of it."""
        with self.sink.lock:
            messages = list(self.sink.messages)
        return {trap.name: [m for m in messages if trap.matches(m)] for trap in self.traps}

    def finished(self) -> bool:
        with self.sink.lock:
            sprung = all(trap.sprung_at is not None for trap in self.traps)
        return sprung and len(self.kills) == len(self.traps) and self.delivered()

    def delivered(self) -> bool:
        return all(any(m["accepted"] for m in received)
                   for received in self.expected().values())

    def check(self):
        from faults.checks import Check

        detail, ok = {}, self.error is None
        for name, received in self.expected().items():
            accepted = {m["message_id"] for m in received if m["accepted"]}
            detail[name] = {"sent": len(received),
                            "accepted": sum(1 for m in received if m["accepted"]),
                            "message_ids": sorted({m["message_id"] for m in received})}
            # lost (none accepted) or doubled (accepted under two Message-IDs)
            ok = ok and len(accepted) == 1
        trapped = {kill["trap"] for kill in self.kills}
        missed = [trap.name for trap in self.traps if trap.name not in trapped]
        ok = ok and not missed  # a mail the worker was never killed on proves nothing
        return Check("every_mail_exactly_once", ok,
                     {"mails": detail, "kills": self.kills, "not_killed_on": missed,
                      "provoked": self.provoked, "error": self.error})


def ask_password_reset(server: str, address: str) -> int:
    """A password reset asked through the site's form, as a visitor does: allauth's
    mail, queued by the request (taverne.mail.queue_email)."""
    opener = urllib.request.build_opener(
        urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
    url = f"{server}/compte/password/reset/"
    with opener.open(url, timeout=15) as page:
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"',
                          page.read().decode()).group(1)
    form = urllib.parse.urlencode({"csrfmiddlewaretoken": token, "email": address})
    with opener.open(url, data=form.encode(), timeout=15) as answer:
        return answer.status


# ----- the site's side (python -m faults.mail provoke) --------------------------------


def provoke() -> dict:
    """The turn e-mail's table, dealt, and the buyer's purchase, paid through the
    sandbox's webhook handler: their mails queued for db_worker."""
    from allauth.account.models import EmailAddress

    from accounts.models import User
    from economy import purchases
    from economy.models import SandboxSession, TokenBundle
    from play.actions import do_create_table, do_join

    def player(address: str, **notify) -> User:
        name = address.split("@")[0]
        user = User.objects.create_user(name, address, None, display_name=name.title(),
                                        **notify)
        EmailAddress.objects.create(user=user, email=address, primary=True, verified=True)
        return user

    posters = [player(f"postier{n}@example.com", notify_your_turn=True,
                      notify_by_email=True) for n in (1, 2, 3)]
    table = do_create_table(posters[0], "ascenseur", seat_count=3, pace="correspondence",
                            move_seconds=3 * 86400, name=TURN_TABLE)
    for poster in posters[1:]:
        do_join(table, poster)
    buyer = player(BUYER)
    player(FORGETFUL)
    bundle = TokenBundle.objects.create(name="Bourse du facteur", tokens=100,
                                        price_cents=199)
    purchase, _ = purchases.do_start_purchase(
        buyer, bundle, success_url="http://127.0.0.1/{purchase}/",
        cancel_url="http://127.0.0.1/{purchase}/")
    webhook = purchases.do_sandbox_checkout(SandboxSession.objects.get(purchase=purchase),
                                            "success")
    return {"table": table.pk, "purchase": purchase.pk, "webhook": webhook}


def main(argv: list[str]) -> None:
    import django

    django.setup()
    if argv[0] != "provoke":
        raise SystemExit(f"unknown command {argv[0]!r}: provoke")
    print(json.dumps(provoke()))


if __name__ == "__main__":
    main(sys.argv[1:])
