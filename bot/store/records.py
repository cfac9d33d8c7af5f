"""Who won what: players' records, leaderboards and match histories, from stored results only.

Only finished matches count (an abandoned or cancelled one never does), and a
match with AI seats counts only where the server allows it. Queries run in
SQLite with ``json_each`` over the stored player lists, so a busy server's
history is not loaded into memory to count it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.kernel.contract import apply_logged
from bot.kernel.module import get_game
from bot.kernel.i18n import t
from bot.store.sqlite import Storage

_COUNTED = """
    m.status = 'finished' AND m.guild_id = :guild
    AND (:count_ai OR NOT EXISTS (SELECT 1 FROM json_each(m.players) q WHERE q.value < 0))
"""


@dataclass(frozen=True)
class Record:
    """One player's results in one game."""

    player_id: int
    game: str
    played: int
    won: int

    @property
    def win_rate(self) -> float:
        return self.won / self.played if self.played else 0.0


async def player_records(storage: Storage, guild_id: int, player_id: int, *, count_ai: bool) -> list[Record]:
    """A player's record per game on one server (games they never finished are left out)."""
    sql = f"""
        SELECT m.game AS game, COUNT(*) AS played,
               SUM(EXISTS (SELECT 1 FROM json_each(m.result, '$.winners') w WHERE w.value = :player)) AS won
        FROM matches m, json_each(m.players) p
        WHERE p.value = :player AND {_COUNTED}
        GROUP BY m.game ORDER BY m.game
    """
    rows = await storage.query(sql, {"guild": guild_id, "player": player_id, "count_ai": int(count_ai)})
    return [Record(player_id, r["game"], r["played"], r["won"] or 0) for r in rows]


async def leaderboard(storage: Storage, guild_id: int, game: str, *, count_ai: bool, limit: int = 10,
                      min_played: int = 1) -> list[Record]:
    """The best human players of one game on one server: most wins, then best win rate."""
    sql = f"""
        SELECT p.value AS player, COUNT(*) AS played,
               SUM(EXISTS (SELECT 1 FROM json_each(m.result, '$.winners') w WHERE w.value = p.value)) AS won
        FROM matches m, json_each(m.players) p
        WHERE m.game = :game AND p.value > 0 AND {_COUNTED}
        GROUP BY p.value HAVING COUNT(*) >= :min_played
        ORDER BY won DESC, CAST(won AS REAL) / COUNT(*) DESC, played DESC, p.value
        LIMIT :limit
    """
    rows = await storage.query(sql, {"guild": guild_id, "game": game, "count_ai": int(count_ai),
                                     "limit": limit, "min_played": min_played})
    return [Record(r["player"], game, r["played"], r["won"] or 0) for r in rows]


@dataclass(frozen=True)
class History:
    match_id: int
    game: str
    names: dict[int, str]
    lines: list[str]
    result: dict[str, Any] | None
    replays_exactly: bool


async def match_history(storage: Storage, match_id: int) -> History | None:
    """The public move log of a finished match, rebuilt by replaying its stored actions.

    Replaying is also a check: the rebuilt state must equal the stored final state.
    """
    match = await storage.get_match(match_id)
    if match is None or match.status != "finished" or match.state is None:
        return None
    game = get_game(match.game)
    log = await storage.action_log(match_id)
    state = game.rules.new_game(match.players, match.seed, match.options)
    lines: list[str] = []
    for entry in log:
        for event in apply_logged(game.rules, state, entry.player_id, entry.action):
            if event.get("visible_to") is None:
                lines.append(game.presenter.event_line(event, match.names))
    exact = game.rules.state_to_json(state) == match.state
    if match.end_reason == "conceded":
        lines.append(t("The match ended by concession."))
    return History(match_id, match.game, match.names, lines, match.result, exact)


__all__ = ["History", "Record", "leaderboard", "match_history", "player_records"]
