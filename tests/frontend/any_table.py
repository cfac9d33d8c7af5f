"""Drive any registered game, at any player count, through the real bot and the Discord stand-in.

Every move is a click on something the bot really sent: ``/<game> new``,
Join by each human, Add AI, Start, then the table's Take action button or a
window's DM prompt (Respond… / Pass), and the picker's buttons and selects.
The engine's legal actions are read only to decide *which* option a seat
clicks (chosen by the game's own AI policy, seeded), never to act behind the
bot's back.

While it plays, the driver watches every message the bot posts or edits in
the channel (from the recorded requests, so nothing shown for a moment and
edited away is missed) and collects what the tests assert on: hidden text
that went public, mentions per player per turn, mentions during secret
windows, refusals and redraws.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from bot.frontend.client import GameBot
from bot.frontend.ui.components import LobbyButton, PassButton
from bot.kernel.contract import Action
from bot.kernel.module import GameModule, get_game
from bot.kernel.rng import Rng
from bot.play.clock import ManualClock
from tools.sim import FakeDiscord, FakeMessage, InteractionRecord, components as comp, seat

GUILD, CHANNEL = 7_300_000_000_000_001, 7_300_000_000_000_002
HUMANS = tuple(7_310_000_000_000_001 + i for i in range(6))
STRANGER = 7_319_000_000_000_099
HUMAN_NAMES = ("Aisyah", "Budi", "Citra", "Dewi", "Eka", "Fajar")
MENTION = re.compile(r"<@!?(\d+)>")
#: What the bot says when a click arrives for a question that is over or changed.
STALE_TEXTS = ("That question is over", "The question changed", "That window is over")


def make_world(humans: int = 6) -> FakeDiscord:
    world = FakeDiscord()
    world.add_guild(GUILD, "Kedai Kopi")
    world.add_channel(GUILD, CHANNEL, "meja-kad")
    for user, name in zip(HUMANS[:humans], HUMAN_NAMES, strict=False):
        world.add_member(GUILD, user, name)
    world.add_member(GUILD, STRANGER, "Orang Asing")
    return world


def make_bot(db_path: Any, clock: ManualClock, seed: int = 4321) -> GameBot:
    seeds = iter(range(seed, seed + 1000))
    return GameBot(database=str(db_path), clock=clock, seeds=lambda: next(seeds))


# --- what must never reach the channel ---------------------------------------------
#: The hidden texts of games a test defines (a toy game registers its own here).
EXTRA_HIDDEN: dict[str, Callable[[Any, int], set[str]]] = {}


def hidden_texts(live: Any, player: int) -> set[str]:
    """Display strings only ``player`` may see now, built with the game's own text functions."""
    state, name = live.state, live.game.name
    if state is None:
        return set()
    if name == "drump":
        from bot.games.drump.cards import label

        side = state.sides[state.players.index(player)]
        secret = set(side.hand)
        for cards, ups in zip(side.zones, side.up, strict=True):
            secret.update(c for c, up in zip(cards, ups, strict=True) if not up)
        return {label(c) for c in secret}
    if name == "drama":
        from bot.games.drama.state import CARDS, NAMES, player as seat_of

        me = seat_of(state, player)
        out = {NAMES[c] for c in me.hand}
        if state.phase == "pick" and player in state.dealt:
            out.add(CARDS.hero(state.dealt[player]).sides[0][0])
        return out
    if name == "laga":
        me = state.player(player)
        out = set(me.dreams)
        top = state.tasks[-1] if state.tasks else None  # the cards being looked at belong to the top task
        if top is not None and top.kind == "cards" and top.player == player:
            out.update(state.looking)
        return out
    if name == "goceng":
        from bot.games.goceng.view import character_name

        if player in state.revealed:
            return set()
        return {character_name(state.characters[player])}
    if name in EXTRA_HIDDEN:
        return EXTRA_HIDDEN[name](live, player)
    raise AssertionError(f"no hidden_texts for {name}: add the game here")


def secret_texts(live: Any) -> set[str]:
    """Everything no spectator may see now: every seat's hidden texts, plus face-down shared cards."""
    out: set[str] = set()
    for player in live.record.players:
        out |= hidden_texts(live, player)
    if live.game.name == "drama" and live.state is not None:
        from bot.games.drama.state import NAMES

        out.update(
            NAMES[c]
            for c, down in zip(live.state.kedai, live.state.kedai_hidden, strict=True)
            if down and c is not None
        )
    return out


def public_texts(live: Any) -> str:
    """What the rules make public now: the spectator board (text and fields) and the public move lines."""
    game = live.game
    board = ""
    if live.state is not None:
        public = game.rules.view(live.state, None)
        fields = list(game.presenter.board(public, live.record.names).fields)
        board = "\n".join(
            [game.presenter.board(public, live.record.names).text] + [f"{f.name}\n{f.value}" for f in fields]
        )
    return board + "\n" + "\n".join(live.record.recent)


def _contains(text: str, needle: str) -> bool:
    return re.search(r"(?<!\w)" + re.escape(needle) + r"(?!\w)", text) is not None


def without_title(text: str, title: str) -> str:
    """``text`` without the places that name the game itself ("Mat Goceng · match #1", "Mat Goceng #1"),
    so a secret that shares the game's name (the character Mat Goceng) is looked for only elsewhere;
    and without phrases that look secret but are not (an objective names the characters it is about,
    never who holds them)."""
    text = re.sub(re.escape(title) + r"(?= ·| #| match| hand| view|\*\* ·|: )", "", text)
    for phrase in not_secret(title):
        text = text.replace(phrase, "")
    return text


def not_secret(title: str) -> tuple[str, ...]:
    if title == "Mat Goceng":
        from bot.games.goceng.board import WIN_RULES
        from bot.games.goceng.cards import load_cards

        return (*(c.objective for c in load_cards().characters.values()), *WIN_RULES.values())
    return ()


def snapshot_text(message: dict[str, Any]) -> str:
    parts = [message.get("content") or ""]
    for embed in message.get("embeds") or []:
        parts.extend(comp.embed_text(embed))
    parts.extend(comp.text_displays(message.get("components")))
    parts.extend(b.label or "" for b in comp.buttons(message.get("components")))
    return "\n".join(p for p in parts if p)


def _message_json(request: Any) -> dict[str, Any] | None:
    response = request.response
    if not isinstance(response, dict):
        return None
    data = response.get("resource", {}).get("message") if "resource" in response else response
    return data if isinstance(data, dict) and "id" in data and "channel_id" in data else None


@dataclass
class Snap:
    method: str
    message_id: int
    text: str
    turn_index: int


@dataclass
class Watch:
    """What the driver saw in the channel, checked as it went."""

    leaks: list[tuple[str, str]] = field(default_factory=list)
    secret_mentions: list[tuple[int, str]] = field(default_factory=list)
    mentions: Counter = field(default_factory=Counter)  # type: ignore[type-arg]
    mentions_by_turn: Counter = field(default_factory=Counter)  # type: ignore[type-arg]
    turns: int = 0
    last_turn: Any = object()
    snaps: list[Snap] = field(default_factory=list)
    #: Hidden-looking strings the rules have made public at some point (a played card, a revealed character).
    ever_public: set[str] = field(default_factory=set)
    #: Observations with something secret to look for (a sanity check that the check checks something).
    secret_checks: int = 0
    windows_seen: Counter = field(default_factory=Counter)  # type: ignore[type-arg]
    multi_human_windows: int = 0


@dataclass
class GameTable:
    world: FakeDiscord
    bot: GameBot
    clock: ManualClock
    game: GameModule
    humans: list[int]
    ais: int
    seed: int = 1
    match_id: int = 0
    table_id: int = 0
    watch: Watch = field(default_factory=Watch)
    _seen: int = 0
    rng: Rng = field(default_factory=lambda: Rng.seeded(1))
    #: "ai": the game's own policy chooses each move; "random": uniformly among the legal actions.
    policy: str = "ai"
    #: Action types chosen whenever legal (say, to open response windows more often).
    prefer: frozenset[str] = frozenset()
    #: Every click the driver made (to check each was answered and count refusals).
    clicks: list[InteractionRecord] = field(default_factory=list)

    # --- clicking ----------------------------------------------------------------------
    async def slash(self, user: int, sub: str) -> InteractionRecord:
        record = await self.world.slash(self.bot, user, CHANNEL, self.game.name, sub)
        await self.world.settle()
        self.clicks.append(record)
        await self.observe()
        return record

    async def click(self, user: int, message: FakeMessage, custom_id: str, **kw: Any) -> InteractionRecord:
        record = await self.world.click(self.bot, user, message, custom_id, **kw)
        await self.world.settle()
        self.clicks.append(record)
        await self.observe()
        return record

    # --- reading -----------------------------------------------------------------------
    async def live(self) -> Any:
        return await self.bot.service.matches.load(self.match_id)

    def table_message(self) -> FakeMessage:
        live = self.bot.service.matches._cache.get(self.match_id)
        return self.world.message(live.record.message_id if live is not None else self.table_id)

    def table_versions(self) -> list[dict[str, Any]]:
        """Every version of the match's table message the bot sent or edited in the channel (not its lobby), in
        order, as the JSON Discord answered with: what a phone showed at each moment."""
        title = f"{self.game.title} · match #{self.match_id}"
        versions = []
        for request in self.world.requests:
            message = _message_json(request)
            if message is None or int(message["channel_id"]) != CHANNEL or int(message.get("flags") or 0) & 64:
                continue
            if any(embed.get("title") == title for embed in message.get("embeds") or ()):
                versions.append(message)
        return versions

    def prompt_for(self, player: int, decision: int) -> FakeMessage | None:
        """The player's DM window prompt for this decision, if the bot sent one (newest first)."""
        for message in reversed(self.world.dm_messages(player)):
            ids = message.custom_ids()
            if PassButton.on(ids, self.match_id, decision):
                return message
        return None

    def ping_for(self, decision: int) -> FakeMessage | None:
        for message in reversed(self.world.channel_messages(CHANNEL)):
            if PassButton.on(message.custom_ids(), self.match_id, decision):
                return message
        return None

    # --- watching the channel ----------------------------------------------------------
    async def observe(self) -> None:
        """Check every channel message posted or edited since the last look against the state now."""
        live = await self.live() if self.match_id else None
        running = live is not None and live.record.status == "active" and live.state is not None
        watch = self.watch
        secret: set[str] = set()
        window_actors: set[int] = set()
        if running:
            waiting = live.waiting
            if waiting.turn != watch.last_turn:
                watch.last_turn, watch.turns = waiting.turn, watch.turns + 1
            public = without_title(public_texts(live), live.game.title)
            candidates = secret_texts(live) - watch.ever_public
            watch.ever_public.update(s for s in candidates if _contains(public, s))
            secret = candidates - watch.ever_public
            watch.secret_checks += bool(secret)
            if waiting.window is not None and not waiting.window.public:
                window_actors = set(waiting.actors)
        for request in self.world.requests[self._seen :]:
            message = _message_json(request)
            if message is None or int(message["channel_id"]) != CHANNEL or int(message.get("flags") or 0) & 64:
                continue
            text = snapshot_text(message)
            watch.snaps.append(Snap(request.method, int(message["id"]), text, watch.turns))
            if request.method == "POST":
                for user in set(int(m) for m in MENTION.findall(message.get("content") or "")):
                    watch.mentions[user] += 1
                    watch.mentions_by_turn[(user, watch.turns)] += 1
            if running:
                bare = without_title(text, live.game.title)
                watch.leaks.extend((s, text) for s in secret if _contains(bare, s))
                watch.secret_mentions.extend((int(m), text) for m in MENTION.findall(text) if int(m) in window_actors)
        self._seen = len(self.world.requests)

    # --- a whole match -----------------------------------------------------------------
    async def open_and_start(self) -> FakeMessage:
        host = self.humans[0]
        new = await self.slash(host, "new")
        assert new.message is not None and not new.ephemeral, new.text
        lobby = new.message
        self.match_id = int(next(c for c in lobby.custom_ids() if c.startswith("lobby:")).split(":")[1])
        for player in self.humans[1:]:
            joined = await self.click(
                player, self.world.message(lobby.id), LobbyButton.custom_id_for(self.match_id, "join")
            )
            assert joined.responded and not joined.ephemeral, joined.text
        for _ in range(self.ais):
            await self.click(host, self.world.message(lobby.id), LobbyButton.custom_id_for(self.match_id, "add_ai"))
        await self.click(host, self.world.message(lobby.id), LobbyButton.custom_id_for(self.match_id, "start"))
        live = await self.live()
        assert live.record.status == "active", self.world.message(lobby.id).text
        self.table_id = live.record.message_id
        return self.world.message(self.table_id)

    def choose(self, live: Any, player: int) -> Action:
        legal = live.game.rules.legal_actions(live.state, player)
        preferred = [a for a in legal if a.get("type") in self.prefer]
        if preferred:
            return preferred[0]
        if self.policy == "random":
            return self.rng.choice(legal)
        return live.game.policies["normal"]().choose(live.game.rules.view(live.state, player), legal, self.rng)

    async def act(self, player: int, action: Action | None = None, *, via: str = "auto") -> InteractionRecord:
        """``player`` makes ``action`` (default: their policy's choice) by clicking.

        In a window with a DM prompt for this decision: Pass on the prompt for the
        pass, else Respond… then the picker; otherwise the table's Take action.
        """
        live = await self.live()
        legal = live.game.rules.legal_actions(live.state, player)
        action = action if action is not None else self.choose(live, player)
        waiting = live.waiting
        decision = live.record.decision_seq
        prompt = self.prompt_for(player, decision) if waiting.in_window and via in ("auto", "prompt") else None
        if prompt is None and waiting.in_window and via == "auto":
            prompt = self.ping_for(decision)
        if prompt is not None:
            passing = live.game.rules.timeout_action(live.state, player)
            if action == passing:
                return await self.click(player, prompt, PassButton.on(prompt.custom_ids(), self.match_id, decision))
            tap = seat.one_tap(prompt, legal, action)
            if tap is not None:  # the prompt carries its answers: one tap
                return await self.click(player, prompt, tap)
            opened = await self.click(player, prompt, seat.act_button(prompt))
        else:
            table = self.table_message()
            opened = await self.click(player, table, seat.act_button(table))
        # Respond… on a DM prompt turns it into the picker; Take action in the channel opens an ephemeral one.
        assert opened.message is not None and (opened.ephemeral or opened.message.channel_id != CHANNEL), opened.text
        last = await self._click_through(player, opened.message, legal, action)
        return last or opened

    async def world_choose(
        self, player: int, picker: FakeMessage, path: tuple[int, ...], index: int
    ) -> InteractionRecord:
        record = await seat.choose(self.world, self.bot, player, picker, path, index)
        await self._clicked(record)
        return record

    async def _click_through(
        self, player: int, picker: FakeMessage, legal: list[Action], action: Action
    ) -> InteractionRecord | None:
        return await seat.click_through(self.world, self.bot, player, picker, legal, action, after_click=self._clicked)

    async def _clicked(self, record: InteractionRecord) -> None:
        self.clicks.append(record)
        await self.observe()

    def human(self, live: Any, player: int) -> bool:
        return player > 0 and not live.ai_controls(player)

    async def wait_for_bot(self) -> None:
        """No human can act: let the simulated time run to the next wake-up (an AI move, a deadline)."""
        pending = self.bot.scheduler.pending()
        assert self.match_id in pending, "the match waits for nobody"
        self.clock.advance(max(0.0, pending[self.match_id] - self.clock.now()))
        await self.bot.scheduler.run_due()
        await self.world.settle()
        await self.observe()

    async def step(self) -> bool:
        """One human move or one bot wake-up; False once the match is over."""
        live = await self.live()
        if live is None or live.record.status != "active":
            return False
        waiting = live.waiting
        humans = [p for p in sorted(waiting.actors) if self.human(live, p)]
        if waiting.window is not None:
            self.watch.windows_seen["public" if waiting.window.public else "secret"] += 1
            if len(humans) >= 2:
                self.watch.multi_human_windows += 1
            decider = waiting.window.decider
            others_ai = any(not self.human(live, p) and p != decider for p in waiting.actors)
            responders = [p for p in humans if p != decider]
            if not responders and others_ai:
                humans = []  # the human decider waits for the AI responders' offers
            else:
                humans = responders or humans
        if not humans:
            await self.wait_for_bot()
            return True
        await self.act(humans[0])
        return True

    async def play_out(self, limit: int = 3000, until: Callable[[Any], bool] | None = None) -> Any:
        for _ in range(limit):
            live = await self.live()
            if until is not None and live is not None and live.record.status == "active" and until(live):
                return live
            if not await self.step():
                return None
        raise AssertionError("the match did not end")

    async def restart(self, db_path: Any) -> None:
        await self.bot.close()
        fresh = make_bot(db_path, self.clock, seed=9999)
        await self.world.connect(fresh)
        self.bot = fresh
        await self.world.settle()
        await self.observe()


async def open_table(
    db_path: Any, clock: ManualClock, game_name: str, humans: int, ais: int, seed: int = 1
) -> GameTable:
    world = make_world(humans)
    bot = make_bot(db_path, clock, seed=1000 + seed)
    await world.connect(bot)
    table = GameTable(
        world, bot, clock, get_game(game_name), list(HUMANS[:humans]), ais, seed=seed, rng=Rng.seeded(seed)
    )
    return table


async def close_table(table: GameTable) -> None:
    if not table.bot.is_closed():
        await table.bot.close()
    table.world.close()
