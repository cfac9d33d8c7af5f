"""Who won what: the queries behind players' records and the leaderboards, over stored results only.

Only finished matches count (an abandoned or cancelled one never does), and a match with
AI seats counts only where the server allows it. The queries run in the database, over the
stored player lists (SQLite's ``json_each``, PostgreSQL's ``jsonb_array_elements``), so a busy
server's history is not loaded into memory to count it.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.store.sql import Dialect, SqlDatabase

_COUNTED = """
    m.status = 'finished' AND m.guild_id = :guild
    AND (:count_ai OR NOT EXISTS (SELECT 1 FROM json_each(m.players) q WHERE q.value < 0))
"""

#: A player's games and wins per game on one server.
PLAYER_RECORDS = f"""
    SELECT m.game AS game, COUNT(*) AS played,
           SUM(EXISTS (SELECT 1 FROM json_each(m.result, '$.winners') w WHERE w.value = :player)) AS won
    FROM matches m, json_each(m.players) p
    WHERE p.value = :player AND {_COUNTED}
    GROUP BY m.game ORDER BY m.game
"""

#: The best human players of one game on one server: most wins, then best win rate, then most played.
LEADERBOARD = f"""
    SELECT p.value AS player, COUNT(*) AS played,
           SUM(EXISTS (SELECT 1 FROM json_each(m.result, '$.winners') w WHERE w.value = p.value)) AS won
    FROM matches m, json_each(m.players) p
    WHERE m.game = :game AND p.value > 0 AND {_COUNTED}
    GROUP BY p.value HAVING COUNT(*) >= :min_played
    ORDER BY won DESC, CAST(won AS REAL) / COUNT(*) DESC, played DESC, p.value
    LIMIT :limit
"""


_PG_COUNTED = """
    m.status = 'finished' AND m.guild_id = :guild
    AND (:count_ai OR NOT EXISTS (SELECT 1 FROM jsonb_array_elements(m.players::jsonb) q WHERE q.value::bigint < 0))
"""

#: Whether the stored result ``m.result`` names ``player`` (an SQL expression) among its winners, in PostgreSQL.
_PG_WON = "COALESCE(m.result::jsonb -> 'winners', '[]'::jsonb) @> to_jsonb({player})"

PG_PLAYER_RECORDS = f"""
    SELECT m.game AS game, COUNT(*) AS played,
           SUM(CASE WHEN {_PG_WON.format(player=":player::bigint")} THEN 1 END) AS won
    FROM matches m, jsonb_array_elements(m.players::jsonb) p
    WHERE p.value::bigint = :player AND {_PG_COUNTED}
    GROUP BY m.game ORDER BY m.game
"""

#: PostgreSQL orders by an output column only by its bare name, hence the inner query.
PG_LEADERBOARD = f"""
    SELECT player, played, won FROM (
        SELECT p.value::bigint AS player, COUNT(*) AS played,
               SUM(CASE WHEN {_PG_WON.format(player="p.value::bigint")} THEN 1 END) AS won
        FROM matches m, jsonb_array_elements(m.players::jsonb) p
        WHERE m.game = :game AND p.value::bigint > 0 AND {_PG_COUNTED}
        GROUP BY p.value::bigint HAVING COUNT(*) >= :min_played
    ) counted
    ORDER BY COALESCE(won, 0) DESC, COALESCE(won, 0)::float8 / played DESC, played DESC, player
    LIMIT :limit
"""

#: Each dialect's (player records, leaderboard) queries.
QUERIES: dict[Dialect, tuple[str, str]] = {
    "sqlite": (PLAYER_RECORDS, LEADERBOARD),
    "postgresql": (PG_PLAYER_RECORDS, PG_LEADERBOARD),
}


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


class RecordRows:
    """Players' records and the leaderboards, counted in the database."""

    def __init__(self, database: SqlDatabase) -> None:
        self._database = database
        self._player_records, self._leaderboard = QUERIES[database.dialect]

    async def player_records(self, guild_id: int, player_id: int, *, count_ai: bool) -> list[Record]:
        """A player's record per game on one server (games they never finished are left out)."""
        rows = await self._database.rows(
            self._player_records, {"guild": guild_id, "player": player_id, "count_ai": self._flag(count_ai)}
        )
        return [Record(player_id, r["game"], r["played"], r["won"] or 0) for r in rows]

    async def leaderboard(
        self, guild_id: int, game: str, *, count_ai: bool, limit: int = 10, min_played: int = 1
    ) -> list[Record]:
        """The best human players of one game on one server: most wins, then best win rate."""
        rows = await self._database.rows(
            self._leaderboard,
            {
                "guild": guild_id,
                "game": game,
                "count_ai": self._flag(count_ai),
                "limit": limit,
                "min_played": min_played,
            },
        )
        return [Record(r["player"], game, r["played"], r["won"] or 0) for r in rows]

    def _flag(self, value: bool) -> bool | int:
        """A yes/no parameter: PostgreSQL's is a boolean, SQLite's a number."""
        return value if self._database.dialect == "postgresql" else int(value)


__all__ = ["LEADERBOARD", "PG_LEADERBOARD", "PG_PLAYER_RECORDS", "PLAYER_RECORDS", "Record", "RecordRows"]
