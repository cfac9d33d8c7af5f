"""Every button and select the bot sends, each defined once: its custom id, its look and what a click asks.

Each component is a :class:`discord.ui.DynamicItem`, matched by its custom id
template (by the bot's router, ``bot.frontend.ui.router``), so a click on a message
sent before a restart still reaches the bot. A class holds the id format
(``custom_id_for``; not ``id``, which discord.py's ``Item`` keeps for a component's
number in a layout), the template that
parses it back, the item as players see it (``make``, or the constructor), and
``answer``: the one call a click makes on its handler. The handler is not looked
up here: each component names the interface it calls as a :class:`typing.Protocol`
(:class:`SeatHandler`, :class:`PickerHandler`, :class:`HandHandler`,
:class:`OptionsHandler`), and the router, built where the bot is composed, hands
each claimed click to the object given for its class. So no game logic lives
here, no component is described in two places, and nothing here imports a handler.

A custom id carries what is needed to act on a click after a restart: the
match, and for prompts the decision number they were built for (a window
round keeps it while players answer, so others' answers never make a prompt
stale). Discord allows 100 characters; the longest here is well under that.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any, ClassVar, Protocol

import discord

from bot.frontend.ui.fit import PLACEHOLDER_LIMIT, clip
from bot.kernel.i18n import N_, t, translate

ButtonStyle = discord.ButtonStyle
_PATH = r"(?:[0-9]{1,3}(?:\.[0-9]{1,3}){0,11})?"

#: Discord ids (and match numbers) are snowflakes: SQLite stores them as signed 64-bit integers.
SNOWFLAKE_LIMIT = 2**63


def _at_most(limit: int) -> str:
    """A regex of the ASCII decimal numbers from 0 to ``limit`` (so a template never passes a larger one)."""
    digits = str(limit)
    parts = [rf"[0-9]{{1,{len(digits) - 1}}}"]
    for i, digit in enumerate(digits):
        if digit != "0":
            rest = len(digits) - i - 1
            parts.append(digits[:i] + f"[0-{int(digit) - 1}]" + (f"[0-9]{{{rest}}}" if rest else ""))
    parts.append(digits)
    return "(?:" + "|".join(parts) + ")"


#: A snowflake in a custom id template: ASCII digits only (``\d`` would take "٣"), below 2**63.
SNOWFLAKE = _at_most(SNOWFLAKE_LIMIT - 1)
_SNOWFLAKE_RE = re.compile(SNOWFLAKE)


def snowflake(text: str) -> int:
    """Parse an id a template matched; ValueError for anything that is not a snowflake below 2**63."""
    if not isinstance(text, str) or _SNOWFLAKE_RE.fullmatch(text) is None:
        raise ValueError(f"not a snowflake: {text!r}")
    return int(text)


def is_snowflake(value: object) -> bool:
    """Whether ``value`` is an int that fits a stored id (1 to 2**63 - 1)."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 < value < SNOWFLAKE_LIMIT


def match_of(interaction: discord.Interaction[Any]) -> int | None:
    """The match a component belongs to: every custom id here is ``kind:match:...``."""
    data = interaction.data
    custom_id = data.get("custom_id") if data is not None else None
    parts = custom_id.split(":") if isinstance(custom_id, str) else []
    try:
        return snowflake(parts[1]) if len(parts) > 1 else None
    except ValueError:
        return None


def path_text(path: tuple[int, ...] | list[int]) -> str:
    return ".".join(str(i) for i in path)


def parse_path(text: str) -> tuple[int, ...]:
    return tuple(int(p) for p in text.split(".")) if text else ()


Interaction = discord.Interaction[Any]


# --- what a click asks of its handler --------------------------------------------------
class SeatHandler(Protocol):
    """What the lobby's seat buttons call (``bot.frontend.handlers.lobby``)."""

    async def on_lobby(self, interaction: Interaction, match_id: int, op: str) -> None: ...


class PickerHandler(Protocol):
    """What Take action / Respond…, a prompt's Pass and the picker's steps call
    (``bot.frontend.handlers.picking``)."""

    async def on_act(self, interaction: Interaction, match_id: int) -> None: ...

    async def on_pass(
        self, interaction: Interaction, match_id: int, decision: int, asked: str | None = None
    ) -> None: ...

    async def on_pick(
        self,
        interaction: Interaction,
        match_id: int,
        decision: int,
        legal_print: str,
        path: tuple[int, ...],
        choice: str,
    ) -> None: ...


class HandHandler(Protocol):
    """What My hand and a player's own switches call (``bot.frontend.handlers.hand``)."""

    async def on_hand(self, interaction: Interaction, match_id: int) -> None: ...

    async def on_pref(self, interaction: Interaction, match_id: int, key: str, on: bool) -> None: ...


class VoteHandler(Protocol):
    """What the reminder's vote button calls (``bot.frontend.handlers.seat_vote``)."""

    async def on_vote(self, interaction: Interaction, match_id: int, decision: int, absent: int) -> None: ...


class PictureHandler(Protocol):
    """What the table's Picture button calls (``bot.frontend.handlers.table_picture``)."""

    async def on_picture(self, interaction: Interaction, match_id: int) -> None: ...


class LogHandler(Protocol):
    """What the table's Log button and its pages call (``bot.frontend.handlers.match_log``)."""

    async def on_log(self, interaction: Interaction, match_id: int, page: int | None) -> None: ...


class OptionsHandler(Protocol):
    """What the lobby's option controls call (``bot.frontend.handlers.lobby_options``)."""

    async def open_host_panel(self, interaction: Interaction, match_id: int) -> None: ...

    async def open_player_panel(self, interaction: Interaction, match_id: int) -> None: ...

    async def turn_page(self, interaction: Interaction, match_id: int, who: str, page: int) -> None: ...

    async def set_option(self, interaction: Interaction, match_id: int, name: str, value: str) -> None: ...

    async def set_player_option(
        self, interaction: Interaction, match_id: int, player: int, name: str, value: str
    ) -> None: ...

    async def add_ai(self, interaction: Interaction, match_id: int, level: str) -> None: ...

    async def set_language(self, interaction: Interaction, match_id: int, value: str) -> None: ...


# --- the table's components -----------------------------------------------------------
class LobbyButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"lobby:(?P<match>{SNOWFLAKE}):(?P<op>join|leave|start|cancel|add_ai|remove_ai|rematch)",
):
    """The lobby's seat buttons: Join, Leave, Start, Cancel, Add AI, Remove AI; and on a finished table,
    Rematch (a new lobby with the same game, options and AI seats)."""

    OPS: ClassVar[dict[str, tuple[str, ButtonStyle, int]]] = {
        "join": (N_("Join"), ButtonStyle.success, 0),
        "leave": (N_("Leave"), ButtonStyle.secondary, 0),
        "start": (N_("Start"), ButtonStyle.primary, 0),
        "cancel": (N_("Cancel"), ButtonStyle.danger, 0),
        "add_ai": (N_("Add AI"), ButtonStyle.secondary, 1),
        "remove_ai": (N_("Remove AI"), ButtonStyle.secondary, 1),
        "rematch": (N_("🔁 Rematch"), ButtonStyle.success, 0),
    }

    def __init__(self, match_id: int, op: str) -> None:
        super().__init__(discord.ui.Button(custom_id=self.custom_id_for(match_id, op)))
        self.match_id, self.op = match_id, op

    @staticmethod
    def custom_id_for(match_id: int, op: str) -> str:
        return f"lobby:{match_id}:{op}"

    @classmethod
    def make(cls, match_id: int, op: str, *, disabled: bool = False) -> discord.ui.Button[Any]:
        label, style, row = cls.OPS[op]
        return discord.ui.Button(
            label=translate(label), style=style, custom_id=cls.custom_id_for(match_id, op), disabled=disabled, row=row
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> LobbyButton:
        return cls(snowflake(match["match"]), match["op"])

    async def answer(self, interaction: Interaction, handler: SeatHandler) -> None:
        await handler.on_lobby(interaction, self.match_id, self.op)


class ActButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=rf"act:(?P<match>{SNOWFLAKE}):(?P<decision>[0-9]{{1,9}})"
):
    """ "Take action" / "Respond": opens the private picker at today's question (never stale)."""

    def __init__(self, match_id: int, decision: int) -> None:
        super().__init__(discord.ui.Button(custom_id=self.custom_id_for(match_id, decision)))
        self.match_id, self.decision = match_id, decision

    @staticmethod
    def custom_id_for(match_id: int, decision: int) -> str:
        return f"act:{match_id}:{decision}"

    @classmethod
    def make(
        cls, match_id: int, decision: int, *, label: str | None = None, style: ButtonStyle = ButtonStyle.primary
    ) -> discord.ui.Button[Any]:
        label = t("Take action") if label is None else label
        return discord.ui.Button(label=label, style=style, custom_id=cls.custom_id_for(match_id, decision))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ActButton:
        return cls(snowflake(match["match"]), int(match["decision"]))

    async def answer(self, interaction: Interaction, handler: PickerHandler) -> None:
        await handler.on_act(interaction, self.match_id)


class PassButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"pass:(?P<match>{SNOWFLAKE}):(?P<decision>[0-9]{{1,9}})(?::(?P<print>[0-9a-f]{{6}}))?",
):
    """One click to pass in a response window, straight from its notification.

    ``print`` (see ``bot.frontend.ui.render.picker_print``) names the question the prompt asked:
    in a later round of the same window with the same choices, the pass still counts (the prompt was left
    as it was).
    """

    def __init__(self, match_id: int, decision: int, print_: str | None = None) -> None:
        super().__init__(discord.ui.Button(custom_id=self.custom_id_for(match_id, decision, print_)))
        self.match_id, self.decision, self.print = match_id, decision, print_

    @staticmethod
    def custom_id_for(match_id: int, decision: int, print_: str | None = None) -> str:
        return f"pass:{match_id}:{decision}:{print_}" if print_ else f"pass:{match_id}:{decision}"

    @staticmethod
    def on(custom_ids: Iterable[str], match_id: int, decision: int) -> str | None:
        """The id of this decision's Pass among a message's components, with or without its print."""
        exact = f"pass:{match_id}:{decision}"
        return next((cid for cid in custom_ids if cid == exact or cid.startswith(exact + ":")), None)

    @classmethod
    def make(
        cls, match_id: int, decision: int, label: str | None = None, print_: str | None = None
    ) -> discord.ui.Button[Any]:
        label = t("Pass") if label is None else label
        return discord.ui.Button(
            label=label[:80], style=ButtonStyle.secondary, custom_id=cls.custom_id_for(match_id, decision, print_)
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> PassButton:
        return cls(snowflake(match["match"]), int(match["decision"]), match["print"])

    async def answer(self, interaction: Interaction, handler: PickerHandler) -> None:
        await handler.on_pass(interaction, self.match_id, self.decision, self.print)


class PrefButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"pref:(?P<match>{SNOWFLAKE}):(?P<key>skip|ask):(?P<on>on|off)",
):
    """A player's own switches: pass until my turn (this match), always ask me (everywhere)."""

    LABELS: ClassVar[dict[tuple[str, bool], str]] = {
        ("skip", True): N_("⏭️ Pass until my turn"),
        ("skip", False): N_("▶️ Stop passing"),
        ("ask", True): N_("🔔 Always ask me"),
        ("ask", False): N_("🔕 Skip windows I can only pass"),
    }

    def __init__(self, match_id: int, key: str, on: bool) -> None:
        super().__init__(discord.ui.Button(custom_id=self.custom_id_for(match_id, key, on)))
        self.match_id, self.key, self.on = match_id, key, on

    @staticmethod
    def custom_id_for(match_id: int, key: str, on: bool) -> str:
        return f"pref:{match_id}:{key}:{'on' if on else 'off'}"

    @classmethod
    def make(cls, match_id: int, key: str, on: bool, *, row: int | None = None) -> discord.ui.Button[Any]:
        return discord.ui.Button(
            label=translate(cls.LABELS[(key, on)]),
            style=ButtonStyle.secondary,
            custom_id=cls.custom_id_for(match_id, key, on),
            row=row,
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> PrefButton:
        return cls(snowflake(match["match"]), match["key"], match["on"] == "on")

    async def answer(self, interaction: Interaction, handler: HandHandler) -> None:
        await handler.on_pref(interaction, self.match_id, self.key, self.on)


class HandButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=rf"hand:(?P<match>{SNOWFLAKE})"):
    """ "My hand": the private view, whether or not DMs are open."""

    def __init__(self, match_id: int) -> None:
        super().__init__(discord.ui.Button(custom_id=self.custom_id_for(match_id)))
        self.match_id = match_id

    @staticmethod
    def custom_id_for(match_id: int) -> str:
        return f"hand:{match_id}"

    @classmethod
    def make(cls, match_id: int) -> discord.ui.Button[Any]:
        return discord.ui.Button(label=t("My hand"), style=ButtonStyle.secondary, custom_id=cls.custom_id_for(match_id))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> HandButton:
        return cls(snowflake(match["match"]))

    async def answer(self, interaction: Interaction, handler: HandHandler) -> None:
        await handler.on_hand(interaction, self.match_id)


class LogButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=rf"log:(?P<match>{SNOWFLAKE})(?::(?P<page>[0-9]{{1,4}}))?"
):
    """ "Log": the match's last moves, privately, in the reader's language; ``page`` turns its pages (0: newest)."""

    def __init__(self, match_id: int, page: int | None = None) -> None:
        super().__init__(discord.ui.Button(custom_id=self.custom_id_for(match_id, page)))
        self.match_id, self.page = match_id, page

    @staticmethod
    def custom_id_for(match_id: int, page: int | None = None) -> str:
        return f"log:{match_id}" if page is None else f"log:{match_id}:{page}"

    @classmethod
    def make(
        cls, match_id: int, page: int | None = None, *, label: str | None = None, disabled: bool = False
    ) -> discord.ui.Button[Any]:
        return discord.ui.Button(
            label=t("Log") if label is None else label,
            emoji="📜" if page is None else None,
            style=ButtonStyle.secondary,
            custom_id=cls.custom_id_for(match_id, page),
            disabled=disabled,
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> LogButton:
        return cls(snowflake(match["match"]), int(match["page"]) if match["page"] is not None else None)

    async def answer(self, interaction: Interaction, handler: LogHandler) -> None:
        await handler.on_log(interaction, self.match_id, self.page)


class VoteButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"vote:(?P<match>{SNOWFLAKE}):(?P<decision>[0-9]{{1,9}}):(?P<absent>{SNOWFLAKE})",
):
    """On a reminder: the others vote to let the AI play an absent player's seat now (a majority hands it over)."""

    def __init__(self, match_id: int, decision: int, absent: int) -> None:
        super().__init__(discord.ui.Button(custom_id=self.custom_id_for(match_id, decision, absent)))
        self.match_id, self.decision, self.absent = match_id, decision, absent

    @staticmethod
    def custom_id_for(match_id: int, decision: int, absent: int) -> str:
        return f"vote:{match_id}:{decision}:{absent}"

    @classmethod
    def make(cls, match_id: int, decision: int, absent: int, *, label: str) -> discord.ui.Button[Any]:
        return discord.ui.Button(
            label=label,
            emoji="🤖",
            style=ButtonStyle.secondary,
            custom_id=cls.custom_id_for(match_id, decision, absent),
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> VoteButton:
        return cls(snowflake(match["match"]), int(match["decision"]), snowflake(match["absent"]))

    async def answer(self, interaction: Interaction, handler: VoteHandler) -> None:
        await handler.on_vote(interaction, self.match_id, self.decision, self.absent)


class PictureButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=rf"pic:(?P<match>{SNOWFLAKE})"):
    """ "Picture": the board as it stands, drawn for the clicking person alone (the table itself is text)."""

    def __init__(self, match_id: int) -> None:
        super().__init__(discord.ui.Button(custom_id=self.custom_id_for(match_id)))
        self.match_id = match_id

    @staticmethod
    def custom_id_for(match_id: int) -> str:
        return f"pic:{match_id}"

    @classmethod
    def make(cls, match_id: int) -> discord.ui.Button[Any]:
        return discord.ui.Button(
            label=t("Picture"), emoji="🖼️", style=ButtonStyle.secondary, custom_id=cls.custom_id_for(match_id)
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> PictureButton:
        return cls(snowflake(match["match"]))

    async def answer(self, interaction: Interaction, handler: PictureHandler) -> None:
        await handler.on_picture(interaction, self.match_id)


class PickButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=(
        rf"pkb:(?P<match>{SNOWFLAKE}):(?P<decision>[0-9]{{1,9}}):(?P<legal>[0-9a-f]{{6}}):"
        rf"(?P<path>{_PATH}):(?P<choice>[0-9]{{1,3}}|back)"
    ),
):
    """One option of a picker step (or Back). ``legal`` fingerprints the choices it was built from."""

    def __init__(self, match_id: int, decision: int, legal: str, path: tuple[int, ...], choice: str) -> None:
        super().__init__(discord.ui.Button(custom_id=self.custom_id_for(match_id, decision, legal, path, choice)))
        self.match_id, self.decision, self.legal, self.path, self.choice = match_id, decision, legal, path, choice

    @staticmethod
    def custom_id_for(match_id: int, decision: int, legal: str, path: tuple[int, ...], choice: int | str) -> str:
        return f"pkb:{match_id}:{decision}:{legal}:{path_text(path)}:{choice}"

    @classmethod
    def make(
        cls,
        match_id: int,
        decision: int,
        legal: str,
        path: tuple[int, ...],
        choice: int | str,
        *,
        label: str,
        style: ButtonStyle = ButtonStyle.primary,
    ) -> discord.ui.Button[Any]:
        return discord.ui.Button(
            label=label, style=style, custom_id=cls.custom_id_for(match_id, decision, legal, path, choice)
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> PickButton:
        return cls(
            snowflake(match["match"]),
            int(match["decision"]),
            match["legal"],
            parse_path(match["path"]),
            match["choice"],
        )

    async def answer(self, interaction: Interaction, handler: PickerHandler) -> None:
        await handler.on_pick(interaction, self.match_id, self.decision, self.legal, self.path, self.choice)


class PickSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=(
        rf"pks:(?P<match>{SNOWFLAKE}):(?P<decision>[0-9]{{1,9}}):(?P<legal>[0-9a-f]{{6}}):"
        rf"(?P<path>{_PATH}):(?P<chunk>[0-9])"
    ),
):
    """A picker step with many options, as selects of 25 (``chunk`` keeps their ids apart)."""

    def __init__(self, match_id: int, decision: int, legal: str, path: tuple[int, ...], chunk: int) -> None:
        super().__init__(discord.ui.Select(custom_id=self.custom_id_for(match_id, decision, legal, path, chunk)))
        self.match_id, self.decision, self.legal, self.path = match_id, decision, legal, path

    @staticmethod
    def custom_id_for(match_id: int, decision: int, legal: str, path: tuple[int, ...], chunk: int = 0) -> str:
        return f"pks:{match_id}:{decision}:{legal}:{path_text(path)}:{chunk}"

    @classmethod
    def make(
        cls,
        match_id: int,
        decision: int,
        legal: str,
        path: tuple[int, ...],
        chunk: int,
        *,
        placeholder: str,
        options: list[discord.SelectOption],
    ) -> discord.ui.Select[Any]:
        return discord.ui.Select(
            custom_id=cls.custom_id_for(match_id, decision, legal, path, chunk),
            placeholder=clip(placeholder, PLACEHOLDER_LIMIT),
            min_values=1,
            max_values=1,
            options=options,
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> PickSelect:
        return cls(
            snowflake(match["match"]),
            int(match["decision"]),
            match["legal"],
            parse_path(match["path"]),
            int(match["chunk"]),
        )

    async def answer(self, interaction: Interaction, handler: PickerHandler) -> None:
        values = self.item.values
        choice = values[0] if values else ""
        await handler.on_pick(interaction, self.match_id, self.decision, self.legal, self.path, choice)


_NAME = r"[a-z0-9_]{1,32}"
_MATCH = SNOWFLAKE


# --- the lobby's option controls (their panels are drawn by bot.frontend.ui.lobby_view) -----
class OptionsButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=rf"lopt:(?P<match>{_MATCH})"):
    """**Options** on the lobby: opens the host's ephemeral panel of match-wide options."""

    def __init__(self, match_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                label=t("Options"),
                emoji="⚙️",
                style=discord.ButtonStyle.secondary,
                custom_id=self.custom_id_for(match_id),
                row=1,
            )
        )
        self.match_id = match_id

    @staticmethod
    def custom_id_for(match_id: int) -> str:
        return f"lopt:{match_id}"

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> OptionsButton:
        return cls(int(match["match"]))

    async def answer(self, interaction: Interaction, handler: OptionsHandler) -> None:
        await handler.open_host_panel(interaction, self.match_id)


class MyOptionsButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=rf"lmine:(?P<match>{_MATCH})"):
    """**My options** on the lobby: opens the clicking player's ephemeral panel of per-player options."""

    def __init__(self, match_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                label=t("My options"),
                style=discord.ButtonStyle.secondary,
                custom_id=self.custom_id_for(match_id),
                row=1,
            )
        )
        self.match_id = match_id

    @staticmethod
    def custom_id_for(match_id: int) -> str:
        return f"lmine:{match_id}"

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> MyOptionsButton:
        return cls(int(match["match"]))

    async def answer(self, interaction: Interaction, handler: OptionsHandler) -> None:
        await handler.open_player_panel(interaction, self.match_id)


class PanelPageButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"lpage:(?P<match>{_MATCH}):(?P<who>host|{_MATCH}):(?P<page>[0-9]{{1,2}})",
):
    """A page of a panel with more options than five rows hold (``who``: the host's panel, or a player's)."""

    def __init__(self, match_id: int, who: str, page: int, label: str | None = None) -> None:
        super().__init__(
            discord.ui.Button(
                label=t("Page") if label is None else label,
                style=discord.ButtonStyle.secondary,
                custom_id=self.custom_id_for(match_id, who, page),
            )
        )
        self.match_id, self.who, self.page = match_id, who, page

    @staticmethod
    def custom_id_for(match_id: int, who: str, page: int) -> str:
        return f"lpage:{match_id}:{who}:{page}"

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> PanelPageButton:
        return cls(int(match["match"]), match["who"], int(match["page"]))

    async def answer(self, interaction: Interaction, handler: OptionsHandler) -> None:
        await handler.turn_page(interaction, self.match_id, self.who, self.page)


class OptionSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]], template=rf"lset:(?P<match>{_MATCH}):(?P<name>{_NAME})"
):
    """One match-wide option on the host's panel; choosing a value sets it."""

    def __init__(
        self, match_id: int, name: str, options: Sequence[discord.SelectOption] = (), placeholder: str | None = None
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=self.custom_id_for(match_id, name),
                options=list(options),
                placeholder=placeholder,
                min_values=1,
                max_values=1,
            )
        )
        self.match_id, self.name = match_id, name

    @staticmethod
    def custom_id_for(match_id: int, name: str) -> str:
        return f"lset:{match_id}:{name}"

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> OptionSelect:
        return cls(int(match["match"]), match["name"])

    async def answer(self, interaction: Interaction, handler: OptionsHandler) -> None:
        value = self.item.values[0] if self.item.values else ""
        await handler.set_option(interaction, self.match_id, self.name, value)


class PlayerOptionSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=rf"lpset:(?P<match>{_MATCH}):(?P<player>{_MATCH}):(?P<name>{_NAME})",
):
    """One per-player option on a player's own panel; the custom_id names whose option it is."""

    def __init__(
        self,
        match_id: int,
        player: int,
        name: str,
        options: Sequence[discord.SelectOption] = (),
        placeholder: str | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=self.custom_id_for(match_id, player, name),
                options=list(options),
                placeholder=placeholder,
                min_values=1,
                max_values=1,
            )
        )
        self.match_id, self.player, self.name = match_id, player, name

    @staticmethod
    def custom_id_for(match_id: int, player: int, name: str) -> str:
        return f"lpset:{match_id}:{player}:{name}"

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> PlayerOptionSelect:
        return cls(int(match["match"]), int(match["player"]), match["name"])

    async def answer(self, interaction: Interaction, handler: OptionsHandler) -> None:
        value = self.item.values[0] if self.item.values else ""
        await handler.set_player_option(interaction, self.match_id, self.player, self.name, value)


class AddAISelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=rf"laiadd:(?P<match>{_MATCH})"):
    """**Add AI…** on the lobby: the host picks a level (easy, normal, hard) and an AI takes a seat at it."""

    def __init__(self, match_id: int, options: Sequence[discord.SelectOption] = (), disabled: bool = False) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=self.custom_id_for(match_id),
                options=list(options),
                placeholder=t("🤖 Add AI at a level…"),
                min_values=1,
                max_values=1,
                disabled=disabled,
                row=2,
            )
        )
        self.match_id = match_id

    @staticmethod
    def custom_id_for(match_id: int) -> str:
        return f"laiadd:{match_id}"

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> AddAISelect:
        return cls(int(match["match"]))

    async def answer(self, interaction: Interaction, handler: OptionsHandler) -> None:
        value = self.item.values[0] if self.item.values else ""
        await handler.add_ai(interaction, self.match_id, value)


class LanguageSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=rf"llang:(?P<match>{_MATCH})"):
    """**Your language** on a player's own panel: what only the clicker sees is written in it (as ``/language``)."""

    def __init__(
        self, match_id: int, options: Sequence[discord.SelectOption] = (), placeholder: str | None = None
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=self.custom_id_for(match_id),
                options=list(options),
                placeholder=placeholder,
                min_values=1,
                max_values=1,
            )
        )
        self.match_id = match_id

    @staticmethod
    def custom_id_for(match_id: int) -> str:
        return f"llang:{match_id}"

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> LanguageSelect:
        return cls(int(match["match"]))

    async def answer(self, interaction: Interaction, handler: OptionsHandler) -> None:
        value = self.item.values[0] if self.item.values else ""
        await handler.set_language(interaction, self.match_id, value)


#: Every component the bot answers: the router is given a handler for each (``bot.frontend.client``).
COMPONENTS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    LobbyButton,
    ActButton,
    PassButton,
    PrefButton,
    HandButton,
    LogButton,
    PictureButton,
    VoteButton,
    PickButton,
    PickSelect,
    OptionsButton,
    MyOptionsButton,
    PanelPageButton,
    OptionSelect,
    PlayerOptionSelect,
    AddAISelect,
    LanguageSelect,
)
