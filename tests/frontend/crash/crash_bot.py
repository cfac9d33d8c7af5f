"""The bot a crash test runs in a child process (``tools.sim.remote_child`` builds it with :func:`make_bot`).

It is the real ``GameBot`` with one test-only hook, called from the parent:
``die_before(name)`` names a write of the stored matches (``create_match``,
``save_lobby``, ``start_match``, ``record_action``, ``end_match``); the
process SIGKILLs itself when the bot next calls it, so the crash lands just
before that commit. The moments just
after a commit are reached from the parent instead, by killing at the
bot's next request (see ``tools.sim.remote``).
"""

from __future__ import annotations

import os
import signal
from typing import Any

from bot.frontend.client import GameBot
from bot.play.clock import ManualClock

#: The child's clock never moves: no deadline, reminder or AI wake-up fires, so every request
#: the bot makes answers something the test did, in the order it did it.
CLOCK_START = 1_800_000_000.0


class CrashableBot(GameBot):
    def die_before(self, method: str) -> None:
        """From now on, the next call of ``storage.matches.<method>`` kills the process before it runs."""
        assert self.storage is not None
        rows = self.storage.matches
        original = getattr(rows, method)

        async def die(*args: Any, **kwargs: Any) -> Any:
            os.kill(os.getpid(), signal.SIGKILL)
            return await original(*args, **kwargs)  # never reached

        setattr(rows, method, die)

    def served(self) -> list[int]:
        """The partitions this process serves now."""
        return sorted(self.ownership.serving)


#: On PostgreSQL, the processes of a failover test share one partition by default: one serves everything, the
#: other waits to take it all over (a hot standby), so every kill of the one serving is a failover. A test of
#: live processes sharing the matches out gives ``make_bot`` more (``test_failover_partitions.py``).
PARTITIONS = 1


def make_bot(database_path: str, seed: int, partitions: int = PARTITIONS) -> GameBot:
    seeds = iter(range(seed, seed + 1000))
    return CrashableBot(
        database=database_path, clock=ManualClock(CLOCK_START), seeds=lambda: next(seeds), partitions=partitions
    )
