"""``python -m bot bench``: the cost of a move at scale, against the floor of discord.py itself.

See ``cli`` for the run and the README's Performance section for the latest
figures. Modules: ``floor`` (bare discord.py bot), ``arena`` (a world full of
live matches), ``tracker`` (when one interaction's handler is done),
``player`` (clicking through the real picker), ``load`` (one-at-a-time and
saturated phases), ``scale`` (one size), ``restart``, ``finished`` (whole
DRUMP games), ``whole`` (whole matches of every game: mentions, turns, DM
prompts, requests, and with ``table_heights``, ``taps``, ``new_dms``, ``stale``
what a phone player feels; ``bench whole`` runs only these), ``games`` (the
figures a game has of its own, one module per game that has any, found by
``game_figures``), ``engines``, ``soak`` (``bench soak``:
memory over 100,000 moves), ``ai_figures`` (``bench ai``: the AI levels' win rates),
``ai_latency`` (other matches' latency beside hard seats), ``hard_ledger`` (``bench hard``: hard
against normal over many sittings, game by game); ``jobs``/``child`` run
each measurement in a fresh interpreter; ``kinds``, ``prune``, ``stats``, ``machine``,
``report`` (``phone_report`` for the phone figures), ``targets``.
"""

from __future__ import annotations


def main(argv: list[str] | None = None) -> int:
    """Imported lazily so ``python -m tools.bench.child`` does not load the whole CLI first."""
    from tools.bench.cli import main as run

    return run(argv)


__all__ = ["main"]
