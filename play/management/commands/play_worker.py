import asyncio
import signal

from django.core.management.base import BaseCommand

from play.clock.scheduler import INTERVAL, run_forever
from play.snapshots import snapshots


class Command(BaseCommand):
    help = (
        "Play the moves that are due (timers run out, bots to move) every half second. "
        "Run one (or more) next to the daphne processes in production; embedded mode "
        "runs the same loop inside the server."
    )

    def add_arguments(self, parser):
        parser.add_argument("--interval", type=float, default=INTERVAL)

    def handle(self, *args, **options):
        snapshots.stop_keeping()  # no socket here reads them
        asyncio.run(self._main(options["interval"]))

    async def _main(self, interval):
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, stop.set)
        self.stdout.write(f"play_worker: looking for due moves every {interval}s")
        await run_forever(interval, stop)
