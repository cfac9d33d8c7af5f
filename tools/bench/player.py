"""Players clicking through the real picker, and the instant each click's handler is done.

A move is played the way a person plays it: from the notification that asked
them (a DM prompt: its choices right there, or its Respond…), else "Take
action" on the table (or the picker still open from their last move), then
the picker's buttons and selects down to the click that applies the action. Only that last click is
the timed *move*: engine ``apply``, SQLite commit, the reply editing the
picker, then the announcements (table edit, pings, DMs).

Each click returns once the bot's handler for it is done (see ``tracker``),
so other matches' moves can interleave with it.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from bot.frontend.ui.components import ActButton, PassButton, PickButton
from bot.frontend.ui.picker import walk
from bot.frontend.ui.render import picker_print
from bot.kernel.contract import Action, next_mover
from bot.kernel.rng import Rng
from bot.play.match_types import LiveMatch
from bot.play.record import ACTIVE
from tools.bench import prune
from tools.bench.arena import Arena
from tools.sim import FakeMessage, RecordedRequest
from tools.sim.seat import next_pick, one_tap, shown_path

#: Share of choices that pick a card play (place, summon, attack) when one is legal, as players do.
PLAY_BIAS = 0.6
_PLAYS = frozenset({"place", "summon", "attack"})


@dataclass
class MoveSample:
    """One timed move: the final picker click and what it cost."""

    match_id: int
    #: Dispatch of the click to the bot's first request for it (the reply), seconds.
    latency: float
    #: CPU time of the process (all threads) from dispatch until the handler returned, seconds:
    #: unlike latency, other work on the machine barely changes it.
    cpu: float
    #: Clicks before the final one (Take action, picker steps).
    setup_clicks: int
    #: The match ended with this move.
    finished: bool
    #: The action's type (``place``, ``attack``...), to break figures down.
    action: str = ""
    #: Requests made while the final click was handled (only when moves run one at a time).
    requests: list[RecordedRequest] = field(default_factory=list)


def _shows_root(message: FakeMessage, match_id: int, decision: int, legal: str) -> bool:
    """Whether the message shows the first step of this decision's picker (a prompt with Respond… carries only a
    few of its answers: not a picker)."""
    root = (f"pkb:{match_id}:{decision}:{legal}::", f"pks:{match_id}:{decision}:{legal}::")
    ids = message.custom_ids()
    return any(cid.startswith(root) for cid in ids) and not any(cid.startswith("act:") for cid in ids)


def act_on(message: FakeMessage, match_id: int, decision: int) -> str:
    """The Take action / Respond button a person sees on ``message``.

    The table is edited in the background after a move, so a quick player may see it one
    move behind; its button still opens the picker at today's question.
    """
    for cid in message.custom_ids():
        if cid.startswith(f"act:{match_id}:"):
            return cid
    return ActButton.custom_id_for(match_id, decision)


def choose_action(legal: list[Action], rng: Rng) -> Action:
    """Mostly card plays when there are any, as people play, so boards fill and fights happen;
    uniform choice alone would spend most moves on exchanges (the most numerous legal actions)."""
    plays = [a for a in legal if a["type"] in _PLAYS]
    if plays and rng.random() < PLAY_BIAS:
        return rng.choice(plays)
    return rng.choice(legal)


class Driver:
    """Plays moves in any match of an arena through the bot's real interaction handlers."""

    def __init__(self, arena: Arena, rng: Rng) -> None:
        self.arena = arena
        self.rng = rng
        #: Each player's latest picker: an ephemeral message under the table, or a DM prompt they clicked.
        self.pickers: dict[int, FakeMessage] = {}
        #: Each player's latest ephemeral picker under the table: it stays on their screen while they answer
        #: on DM prompts, and the bot may bring it up to their next question.
        self.under_table: dict[int, FakeMessage] = {}

    def _keep_picker(self, user: int, message: FakeMessage | None) -> None:
        """Remember the player's newest picker; a new one under the table replaces the old one there."""
        if message is None:
            return
        if message.visible_to is not None:
            old = self.under_table.get(user)
            if old is not None and old is not message:
                prune.drop_message(self.arena.world, old)  # an ephemeral reply they moved on from (a DM stays)
            self.under_table[user] = message
        self.pickers[user] = message

    def _open_picker(self, user: int, match_id: int, decision: int, legal: str) -> FakeMessage | None:
        """The player's picker (their newest, or the one under the table) if it shows this decision's first step."""
        for message in (self.pickers.get(user), self.under_table.get(user)):
            if message is not None and not message.deleted and _shows_root(message, match_id, decision, legal):
                return message
        return None

    def _newest_prompt(self, user: int, match_id: int) -> FakeMessage | None:
        """The player's newest DM of this match that asks something (buttons to answer with)."""
        ours = (f"act:{match_id}:", f"pkb:{match_id}:", f"pks:{match_id}:")
        dms = reversed(self.arena.world.dm_messages(user))
        return next((m for m in dms if any(cid.startswith(ours) for cid in m.custom_ids())), None)

    async def _from_prompt(self, user: int, match_id: int, decision: int, legal: str) -> tuple[FakeMessage | None, int]:
        """The player's newest DM of this match, when it asks this question: its choices if it shows them
        (a decider's prompt), else its Respond… clicked (the prompt becomes the picker); and the clicks spent."""
        prompt = self._newest_prompt(user, match_id)
        if prompt is None:
            return None, 0
        if _shows_root(prompt, match_id, decision, legal):
            return prompt, 0  # a decider's prompt: its choices are the picker's first step
        respond = next((cid for cid in prompt.custom_ids() if cid.startswith(f"act:{match_id}:")), None)
        if respond is None:
            return None, 0
        return (await self.arena.send(user, prompt, respond)).message, 1

    async def play_move(
        self,
        match_id: int,
        *,
        record_requests: bool = False,
        player: int | None = None,
        choose: Callable[[int, list[Action]], Action] | None = None,
    ) -> MoveSample:
        """Choose a legal move for ``player`` (default: the first who may act) and click it through.

        ``choose(player, legal)`` picks the action (default: :func:`choose_action`). Returns the timed final click.
        """
        live = self.arena.service.matches._cache[match_id]
        game, state, decision = live.game, live.state, live.decision
        if player is None:
            player = next_mover(game.rules, state)
            assert player is not None, "nobody may move"
        legal = game.rules.legal_actions(state, player)
        fingerprint = picker_print(live, legal)
        action = choose(player, legal) if choose is not None else choose_action(legal, self.rng)
        passing = action == game.rules.timeout_action(state, player)
        clicks = 0
        message = self._open_picker(player, match_id, decision, fingerprint)
        if message is None:
            prompt = self._newest_prompt(player, match_id)
            tap = None
            if prompt is not None:  # Pass, or an answer the prompt carries: one tap
                tap = PassButton.on(prompt.custom_ids(), match_id, decision) if passing else None
                tap = tap or one_tap(prompt, legal, action)
            if prompt is not None and tap is not None:
                return await self._last_tap(player, prompt, tap, live, action, 0, record_requests)
            message, clicks = await self._from_prompt(player, match_id, decision, fingerprint)
            self._keep_picker(player, message)
        if message is None:
            table = self.arena.world.message(live.record.message_id)
            record = await self.arena.send(player, table, act_on(table, match_id, decision))
            clicks += 1
            message = record.message
            self._keep_picker(player, message)
        tap = PassButton.on(message.custom_ids(), match_id, decision) if passing else None
        if tap is not None:  # declining (a helper's "no") is the picker's Pass button, not one of its options
            return await self._last_tap(player, message, tap, live, action, clicks, record_requests, keep_picker=True)
        path = shown_path(message)  # Respond… in a window may open past the first step
        while path and action not in walk(legal, path).candidates:
            record = await self.arena.send(
                player, message, PickButton.custom_id_for(match_id, decision, fingerprint, path, "back")
            )
            clicks += 1
            message, path = record.message, path[:-1]
        while True:
            pick = next_pick(message, legal, path, action)
            mark = len(self.arena.world.requests)
            cpu = time.process_time()
            if pick.value is None:
                record = await self.arena.send(player, message, pick.custom_id)
            else:
                record = await self.arena.send(player, message, pick.custom_id, pick.value)
            cpu = time.process_time() - cpu
            self._keep_picker(player, record.message)
            if pick.final:
                first = record.requests[0]
                return MoveSample(
                    match_id=match_id,
                    latency=first.at - record.created_at,
                    cpu=cpu,
                    setup_clicks=clicks,
                    finished=live.record.status != ACTIVE,
                    action=action["type"],
                    requests=list(self.arena.world.requests[mark:]) if record_requests else [],
                )
            clicks += 1
            message, path = record.message, pick.path

    async def _last_tap(
        self,
        player: int,
        message: FakeMessage,
        custom_id: str,
        live: LiveMatch,
        action: Action,
        setup_clicks: int,
        record_requests: bool,
        *,
        keep_picker: bool = False,
    ) -> MoveSample:
        """One tap that applies the move (a prompt's answer or Pass, a picker's Pass), timed; ``keep_picker``:
        the tapped message is the player's picker, kept for their next move."""
        mark = len(self.arena.world.requests)
        cpu = time.process_time()
        record = await self.arena.send(player, message, custom_id)
        cpu = time.process_time() - cpu
        if keep_picker:
            self._keep_picker(player, record.message)
        return MoveSample(
            match_id=live.id,
            latency=record.requests[0].at - record.created_at,
            cpu=cpu,
            setup_clicks=setup_clicks,
            finished=live.record.status != ACTIVE,
            action=action["type"],
            requests=list(self.arena.world.requests[mark:]) if record_requests else [],
        )

    def forget_players(self, players: tuple[int, ...]) -> None:
        """Their match ended: their pickers belong to it and are dropped."""
        for user in players:
            for kept in (self.pickers, self.under_table):
                old = kept.pop(user, None)
                if old is not None:
                    prune.drop_message(self.arena.world, old)
