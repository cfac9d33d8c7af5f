"""Laga Jakarta in Discord, whole matches through clicks: 2 and 6 seats, people and AI seats.

Genders are set from the lobby's "My options"; no Dream another player holds secretly is
ever shown in the channel or in anyone's DM or picker; SPG takes a Coin from the opposite
gender; a restart in the middle of a turn leaves the turn where it was.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from bot.frontend.ui.components import LobbyButton, MyOptionsButton, PlayerOptionSelect
from bot.games.laga.state import TILE_NAMES
from tests.frontend.any_table import HUMANS, GameTable, close_table, hidden_texts, open_table
from tools.sim import FakeMessage

GENDERS = ("female", "male", "female", "male", "female", "male")


def _private_text(message: FakeMessage) -> str:
    parts = [message.text]
    for select in message.selects():
        parts.extend(f"{o.label}\n{o.description or ''}" for o in select.options)
    return "\n".join(parts)


def _contains(text: str, needle: str) -> bool:
    return re.search(r"(?<!\w)" + re.escape(needle) + r"(?!\w)", text) is not None


#: The custom ids of a lobby's option panel (``PlayerOptionSelect``, ``PanelPageButton``).
PANEL = re.compile(r"\b(lpset|lpage):")


class Secrets:
    """Which Dreams each seat may know (its own, the cards it was shown), and what each human was shown."""

    def __init__(self, table: GameTable) -> None:
        self.table = table
        self.known: dict[int, set[str]] = {}
        self.leaks: list[tuple[int, str, str]] = []
        self.checks = 0
        #: Observations of a person deciding out of turn (a News reward, whether to ignore the News).
        self.out_of_turn = 0
        self.listen()

    def listen(self) -> None:
        """Cards shown privately to a seat (a look at the deck, a peek) become known to it."""

        def seen(outcome: Any) -> None:
            for event in outcome.events:
                for pid in event.get("visible_to", ()):
                    cards = event.get("cards") or [event.get("card")]
                    self.known.setdefault(pid, set()).update(c for c in cards if c)

        self.table.bot.announcer.move_listeners.append(seen)

    async def check(self) -> None:
        live = await self.table.live()
        if live is None or live.record.status != "active" or live.state is None:
            return
        for pid in live.record.players:
            self.known.setdefault(pid, set()).update(live.state.player(pid).dreams)
        waiting = live.waiting
        self.out_of_turn += any(p in self.table.humans and p != waiting.turn for p in waiting.actors)
        public = self.table.watch.ever_public
        for human in self.table.humans:
            others = set()
            for pid in live.record.players:
                if pid != human:
                    others |= hidden_texts(live, pid)
            secret = others - public - self.known.get(human, set())
            if not secret:
                continue
            self.checks += 1
            world = self.table.world
            # The private messages of the match (a lobby's option panel names cards in its help, not a hand).
            replies = [m for m in world.log.ephemeral_messages(human) if not PANEL.search(" ".join(m.custom_ids()))]
            for message in world.dm_messages(human) + replies[-3:]:
                text = _private_text(message)
                self.leaks.extend((human, s, text) for s in secret if _contains(text, s))


async def _open_with_genders(table: GameTable, genders: tuple[str, ...]) -> FakeMessage:
    """/laga new, every human joins and sets a gender from "My options", AI seats are added, Start."""
    host = table.humans[0]
    new = await table.slash(host, "new")
    lobby = new.message
    table.match_id = int(next(c for c in lobby.custom_ids() if c.startswith("lobby:")).split(":")[1])
    for player in table.humans[1:]:
        await table.click(player, table.world.message(lobby.id), LobbyButton.custom_id_for(table.match_id, "join"))
    for player, gender in zip(table.humans, genders, strict=True):
        panel = await table.click(player, table.world.message(lobby.id), MyOptionsButton.custom_id_for(table.match_id))
        assert panel.ephemeral and panel.message is not None, panel.text
        chosen = await table.world.select(
            table.bot,
            player,
            panel.message,
            PlayerOptionSelect.custom_id_for(table.match_id, player, "gender"),
            [gender],
        )
        await table.world.settle()
        assert chosen.responded, chosen.text
    for _ in range(table.ais):
        await table.click(host, table.world.message(lobby.id), LobbyButton.custom_id_for(table.match_id, "add_ai"))
    await table.click(host, table.world.message(lobby.id), LobbyButton.custom_id_for(table.match_id, "start"))
    live = await table.live()
    assert live.record.status == "active"
    table.table_id = live.record.message_id
    return table.world.message(table.table_id)


def _give_spg(live: Any, holder: int) -> None:
    """Arrange SPG (taken from the Job deck) for ``holder``, face up, and a Coin for everyone else."""
    state = live.state
    state.job_deck.remove("SPG")
    me = state.player(holder)
    me.jobs.append("SPG")
    me.face_down = False
    me.deactivated_by = None
    for p in state.players:
        if p.pid != holder:
            p.res["coin"] += 1


async def _play(table: GameTable, secrets: Secrets, limit: int = 3000, until: Any = None) -> Any:
    for _ in range(limit):
        live = await table.live()
        if until is not None and live is not None and live.record.status == "active" and until(live):
            return live
        if not await table.step():
            return None
        await secrets.check()
    raise AssertionError("the match did not end")


@pytest.mark.slow
async def test_two_seats_a_person_and_an_ai_play_to_the_end(db_path, clock):
    table = await open_table(db_path, clock, "laga", 1, 1, seed=5)
    try:
        secrets = Secrets(table)
        await _open_with_genders(table, GENDERS[:1])
        live = await table.live()
        assert {p.pid: p.gender for p in live.state.players if p.pid > 0} == {HUMANS[0]: "female"}
        assert "♀" in table.table_message().text  # shown where it matters: on the player's box
        mine = set(live.state.player(HUMANS[0]).dreams)
        assert mine and all(d in table.world.dm_messages(HUMANS[0])[0].text for d in mine)  # your Dreams: your DM
        await _play(table, secrets)
        assert not table.watch.leaks and not secrets.leaks, (table.watch.leaks[:1], secrets.leaks[:1])
        assert secrets.checks > 20 and table.watch.secret_checks > 20, (secrets.checks, table.watch.secret_checks)
        assert len(table.clicks) > 30
        record = await table.bot.storage.matches.get_match(table.match_id)
        assert record.status == "finished" and record.result is not None
        assert all(r.responded for r in table.clicks)
    finally:
        await close_table(table)


@pytest.mark.slow
async def test_six_seats_genders_spg_and_a_restart_mid_turn(db_path, clock):
    table = await open_table(db_path, clock, "laga", 3, 3, seed=7)
    try:
        secrets = Secrets(table)
        await _open_with_genders(table, GENDERS[:3])
        first = table.humans[0]
        # SPG for the first person (female) on her turn: the males with the most Coins are her targets.
        seduced = await _play(
            table,
            secrets,
            until=lambda lv: (
                lv.waiting.turn == first
                and lv.state.phase == "pre"
                and not lv.state.tasks
                and "SPG" in lv.state.job_deck
                and lv.state.news != "Bundaran HI Protest"
            ),
        )
        _give_spg(seduced, first)
        actions = seduced.game.rules.legal_actions(seduced.state, first)
        targets = [a for a in actions if a["type"] == "seduce"]
        assert targets, "SPG offers a target of the opposite gender"
        assert all(seduced.state.player(a["target"]).gender == "male" for a in targets)
        victim = targets[0]["target"]
        before = seduced.state.player(victim).res["coin"], seduced.state.player(first).res["coin"]
        await table.act(first, targets[0])
        after = await table.live()
        assert (after.state.player(victim).res["coin"], after.state.player(first).res["coin"]) == (
            before[0] - 1,
            before[1] + 1,
        )
        assert "Opposite Seduction" in "\n".join(after.record.recent)
        # Play on to a person's turn after their move (deciding what to do next), then restart.
        mid = await _play(
            table,
            secrets,
            until=lambda lv: (
                lv.waiting.turn in table.humans and lv.state.phase == "post" and table.human(lv, lv.waiting.turn)
            ),
        )
        player, seq = mid.waiting.turn, mid.record.seq
        legal = mid.game.rules.legal_actions(mid.state, player)
        old_table = table.world.message(table.table_id)
        before = await table.click(player, old_table, next(c for c in old_table.custom_ids() if c.startswith("act:")))
        old_picker = before.message
        await table.restart(db_path)
        secrets.listen()
        back = await table.live()
        assert back.record.seq == seq and back.waiting.turn == player and back.state.phase == "post"
        assert back.game.rules.legal_actions(back.state, player) == legal
        opened = await table.click(player, old_table, next(c for c in old_table.custom_ids() if c.startswith("act:")))
        assert (
            opened.ephemeral and opened.message is not None and (opened.message.selects() or opened.message.buttons())
        )
        # The picker opened before the restart still answers: End turn from it ends the turn.
        types = list(dict.fromkeys(a["type"] for a in legal))  # the post-move step asks the type first
        await table.world_choose(player, old_picker, (), types.index("end"))
        after_end = await table.live()
        assert after_end.record.seq > seq and (after_end.waiting.turn != player or after_end.state.phase == "pre")
        await _play(table, secrets)
        assert not table.watch.leaks and not secrets.leaks, (table.watch.leaks[:1], secrets.leaks[:1])
        record = await table.bot.storage.matches.get_match(table.match_id)
        assert record.status == "finished"
        assert all(r.responded for r in table.clicks)
        assert secrets.checks > 50 and len(table.clicks) > 200, (secrets.checks, len(table.clicks))
        assert table.watch.turns >= 12 * 6  # every round of the twelve News cards was played
        # Out-of-turn choices (News rewards, whether to ignore the News) are moves, never "respond" windows.
        assert secrets.out_of_turn > 0
        assert not any("respond" in s.text.lower() or "⚔️" in s.text for s in table.watch.snaps)
        assert not any("You may respond" in m.text for h in table.humans for m in table.world.dm_messages(h))
        # Quiet channel: at most a couple of mentions per player per turn.
        assert max(table.watch.mentions_by_turn.values()) <= 2
        assert any(TILE_NAMES["impian"] in s.text for s in table.watch.snaps)
    finally:
        await close_table(table)
