"""The lobby message and its option controls: rendering, components and their handlers in one place.

The lobby shows every option (the game's and the table's) with its current
value, and per-player values on each seat. The host opens **Options** (an
ephemeral panel with a select per match-wide option); every seated player
opens **My options** (an ephemeral panel with their per-player options).
Choosing a value stores it through the match service, which validates it by
the option's declaration, then the panel is redrawn and the lobby message in
the channel is edited to match.

Each component is a :class:`discord.ui.DynamicItem` defined once, with its
custom_id template, builder and handler side by side (the style of
discord.py's ``dynamic_counter`` example), so clicks on a lobby sent before a
restart still work. Discord's limits hold: at most 5 action rows (a panel
shows 5 selects, or 4 and a page row), 25 options per select, 100-character
custom ids.
"""

from __future__ import annotations

import logging
import re
from typing import TYPE_CHECKING, Any, Sequence

import discord

from bot.ai import levels
from bot.i18n import t, tn, translate
from bot.lobby import match_wide_option
from bot.match_types import LiveMatch, MatchError
from bot.options import TABLE_OPTIONS, Option
from bot.storage import LOBBY
from bot.ui.components import SNOWFLAKE, LobbyButton, run_handler
from bot.ui.render import COLOUR_LOBBY, Rendered, match_title, mention

if TYPE_CHECKING:
    from bot.table import Table

log = logging.getLogger(__name__)

Interaction = discord.Interaction[Any]

#: Discord allows five action rows: a panel is five selects, or four and a row of page buttons.
ROWS = 5
SELECT_OPTIONS = 25
_NAME = r"[a-z0-9_]{1,32}"
_MATCH = SNOWFLAKE


def host_options(live: LiveMatch) -> list[Option]:
    """The options the host sets for the whole match: the game's match-wide ones, then the table's."""
    return [o for o in live.game.options if not o.per_player] + list(TABLE_OPTIONS)


def player_options(live: LiveMatch) -> list[Option]:
    """The options each player sets for themselves."""
    return [o for o in live.game.options if o.per_player]


def current(live: LiveMatch, option: Option) -> Any:
    """A match-wide option's stored value (its default when not stored)."""
    store = live.record.table_options if option in TABLE_OPTIONS else live.record.options
    return store.get(option.name, option.default)


def player_value(live: LiveMatch, option: Option, player: int) -> Any:
    return (live.record.options.get(option.name) or {}).get(str(player), option.default)


def _pages(options: Sequence[Option]) -> list[list[Option]]:
    """Options in pages that fit a message: all on one page when they fit in five rows."""
    if len(options) <= ROWS:
        return [list(options)]
    per = ROWS - 1
    return [list(options[i:i + per]) for i in range(0, len(options), per)]


def _view(*items: discord.ui.Item[Any]) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for item in items:
        view.add_item(item)
    return view


def _controls(interaction: Interaction) -> "LobbyControls":
    return LobbyControls(interaction.client.table)  # type: ignore[attr-defined]


# --- components -------------------------------------------------------------------
class OptionsButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=rf"lopt:(?P<match>{_MATCH})"):
    """**Options** on the lobby: opens the host's ephemeral panel of match-wide options."""

    def __init__(self, match_id: int) -> None:
        super().__init__(discord.ui.Button(label=t("Options"), emoji="⚙️", style=discord.ButtonStyle.secondary,
                                           custom_id=self.custom_id_for(match_id), row=1))
        self.match_id = match_id

    @staticmethod
    def custom_id_for(match_id: int) -> str:
        return f"lopt:{match_id}"

    @classmethod
    async def from_custom_id(cls, interaction: Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> "OptionsButton":
        return cls(int(match["match"]))

    async def callback(self, interaction: Interaction) -> None:
        await run_handler(interaction, _controls(interaction).open_host_panel(interaction, self.match_id))


class MyOptionsButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=rf"lmine:(?P<match>{_MATCH})"):
    """**My options** on the lobby: opens the clicking player's ephemeral panel of per-player options."""

    def __init__(self, match_id: int) -> None:
        super().__init__(discord.ui.Button(label=t("My options"), style=discord.ButtonStyle.secondary,
                                           custom_id=self.custom_id_for(match_id), row=1))
        self.match_id = match_id

    @staticmethod
    def custom_id_for(match_id: int) -> str:
        return f"lmine:{match_id}"

    @classmethod
    async def from_custom_id(cls, interaction: Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> "MyOptionsButton":
        return cls(int(match["match"]))

    async def callback(self, interaction: Interaction) -> None:
        await run_handler(interaction, _controls(interaction).open_player_panel(interaction, self.match_id))


class PanelPageButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                      template=rf"lpage:(?P<match>{_MATCH}):(?P<who>host|{_MATCH}):(?P<page>[0-9]{{1,2}})"):
    """A page of a panel with more options than five rows hold (``who``: the host's panel, or a player's)."""

    def __init__(self, match_id: int, who: str, page: int, label: str | None = None) -> None:
        super().__init__(discord.ui.Button(label=t("Page") if label is None else label,
                                           style=discord.ButtonStyle.secondary,
                                           custom_id=self.custom_id_for(match_id, who, page)))
        self.match_id, self.who, self.page = match_id, who, page

    @staticmethod
    def custom_id_for(match_id: int, who: str, page: int) -> str:
        return f"lpage:{match_id}:{who}:{page}"

    @classmethod
    async def from_custom_id(cls, interaction: Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> "PanelPageButton":
        return cls(int(match["match"]), match["who"], int(match["page"]))

    async def callback(self, interaction: Interaction) -> None:
        await run_handler(interaction, _controls(interaction).turn_page(interaction, self.match_id, self.who, self.page))


class OptionSelect(discord.ui.DynamicItem[discord.ui.Select[Any]],
                   template=rf"lset:(?P<match>{_MATCH}):(?P<name>{_NAME})"):
    """One match-wide option on the host's panel; choosing a value sets it."""

    def __init__(self, match_id: int, name: str, options: Sequence[discord.SelectOption] = (),
                 placeholder: str | None = None) -> None:
        super().__init__(discord.ui.Select(custom_id=self.custom_id_for(match_id, name), options=list(options),
                                           placeholder=placeholder, min_values=1, max_values=1))
        self.match_id, self.name = match_id, name

    @staticmethod
    def custom_id_for(match_id: int, name: str) -> str:
        return f"lset:{match_id}:{name}"

    @classmethod
    async def from_custom_id(cls, interaction: Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> "OptionSelect":
        return cls(int(match["match"]), match["name"])

    async def callback(self, interaction: Interaction) -> None:
        value = self.item.values[0] if self.item.values else ""
        await run_handler(interaction, _controls(interaction).set_option(interaction, self.match_id, self.name, value))


class PlayerOptionSelect(discord.ui.DynamicItem[discord.ui.Select[Any]],
                         template=rf"lpset:(?P<match>{_MATCH}):(?P<player>{_MATCH}):(?P<name>{_NAME})"):
    """One per-player option on a player's own panel; the custom_id names whose option it is."""

    def __init__(self, match_id: int, player: int, name: str, options: Sequence[discord.SelectOption] = (),
                 placeholder: str | None = None) -> None:
        super().__init__(discord.ui.Select(custom_id=self.custom_id_for(match_id, player, name), options=list(options),
                                           placeholder=placeholder, min_values=1, max_values=1))
        self.match_id, self.player, self.name = match_id, player, name

    @staticmethod
    def custom_id_for(match_id: int, player: int, name: str) -> str:
        return f"lpset:{match_id}:{player}:{name}"

    @classmethod
    async def from_custom_id(cls, interaction: Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> "PlayerOptionSelect":
        return cls(int(match["match"]), int(match["player"]), match["name"])

    async def callback(self, interaction: Interaction) -> None:
        value = self.item.values[0] if self.item.values else ""
        await run_handler(interaction, _controls(interaction).set_player_option(
            interaction, self.match_id, self.player, self.name, value))


class AddAISelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=rf"laiadd:(?P<match>{_MATCH})"):
    """**Add AI…** on the lobby: the host picks a level (easy, normal, hard) and an AI takes a seat at it."""

    def __init__(self, match_id: int, options: Sequence[discord.SelectOption] = (), disabled: bool = False) -> None:
        super().__init__(discord.ui.Select(custom_id=self.custom_id_for(match_id), options=list(options),
                                           placeholder=t("🤖 Add AI at a level…"), min_values=1, max_values=1,
                                           disabled=disabled, row=2))
        self.match_id = match_id

    @staticmethod
    def custom_id_for(match_id: int) -> str:
        return f"laiadd:{match_id}"

    @classmethod
    async def from_custom_id(cls, interaction: Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> "AddAISelect":
        return cls(int(match["match"]))

    async def callback(self, interaction: Interaction) -> None:
        value = self.item.values[0] if self.item.values else ""
        await run_handler(interaction, _controls(interaction).add_ai(interaction, self.match_id, value))


LOBBY_ITEMS = (OptionsButton, MyOptionsButton, PanelPageButton, OptionSelect, PlayerOptionSelect, AddAISelect)


def add_ai_select(match_id: int, *, disabled: bool) -> discord.ui.Select[Any]:
    """The lobby's level choice for a new AI seat: one option per level, weakest first."""
    options = [discord.SelectOption(label=t("{level} AI", level=levels.label(level)), value=level,
                                    description=translate(levels.DESCRIPTIONS[level])[:100])
               for level in levels.LEVELS]
    return AddAISelect(match_id, options, disabled=disabled).item


# --- rendering -------------------------------------------------------------------
def _select_options(option: Option, value: Any) -> list[discord.SelectOption]:
    chosen = option.wire(value) if value is not None else None
    return [discord.SelectOption(label=label[:100], value=wire, default=wire == chosen)
            for wire, label in option.values(SELECT_OPTIONS)]


def _placeholder(option: Option, value: Any) -> str:
    return f"{option.title}: {option.show(value)}"[:150]


def options_text(live: LiveMatch) -> str:
    """The lobby's Options section: each option, its current value and what it means."""
    lines = [f"• **{o.title}:** {o.show(current(live, o))} — {translate(o.description)}"
             for o in host_options(live)]
    for option in player_options(live):
        lines.append(t("• **{option}** (each player, with **My options**) — {description}", option=option.title,
                       description=translate(option.description)))
    return "\n".join(lines)


def _seat_line(live: LiveMatch, number: int, player: int) -> str:
    rec = live.record
    extras = [f"{o.title}: {o.show(player_value(live, o, player))}" for o in player_options(live)]
    if player < 0:
        extras.insert(0, t("{level} AI", level=levels.label(levels.level_of(rec.table_options, player))))
    seat = (t("{number}. {player} (host)", number=number, player=mention(player)) if player == rec.host_id
            else f"{number}. {mention(player)}")
    return seat + (" · " + ", ".join(extras) if extras else "")


def lobby_message(live: LiveMatch) -> Rendered:
    """The lobby in the channel: seats (with their own options), the match options, and the buttons."""
    rec, game = live.record, live.game
    count = len(rec.players)
    if game.min_players == game.max_players:
        hosting = tn("{host} is hosting a game of **{game}** ({n} player).",
                     "{host} is hosting a game of **{game}** ({n} players).", game.min_players,
                     host=mention(rec.host_id), game=game.title)
    else:
        hosting = t("{host} is hosting a game of **{game}** ({low}–{high} players).", host=mention(rec.host_id),
                    game=game.title, low=game.min_players, high=game.max_players)
    seats = "\n".join(_seat_line(live, i, p) for i, p in enumerate(rec.players, 1))
    embed = discord.Embed(title=t("{title} · lobby", title=match_title(live)), colour=COLOUR_LOBBY, description=(
        f"{hosting}\n"
        + t("Press **Join** to take a seat; the host presses **Start** when everyone is in.") + "\n\n"
        + t("**Players ({count})**", count=count) + f"\n{seats}\n\n"
        + t("**Options** (the host changes them with **Options** before Start)") + f"\n{options_text(live)}"
    ))
    footer = t("Hands and secret roles are sent by DM when the match starts.")
    if any(p < 0 for p in rec.players):
        footer += " " + t("🤖 This match has AI players: it does not count in stats unless the server allows it.")
    embed.set_footer(text=footer)
    ready = game.min_players <= count <= game.max_players
    full = count >= game.max_players
    items: list[discord.ui.Item[Any]] = [
        LobbyButton.make(live.id, "join", disabled=full), LobbyButton.make(live.id, "leave"),
        LobbyButton.make(live.id, "start", disabled=not ready), LobbyButton.make(live.id, "cancel"),
        LobbyButton.make(live.id, "add_ai", disabled=full),
        LobbyButton.make(live.id, "remove_ai", disabled=not any(p < 0 for p in rec.players)),
        OptionsButton(live.id).item,
    ]
    if player_options(live):
        items.append(MyOptionsButton(live.id).item)
    items.append(add_ai_select(live.id, disabled=full))
    return Rendered(embed=embed, view=_view(*items))


def _panel(live: LiveMatch, who: str, options: Sequence[Option], values: Sequence[Any], selects: list[Any],
           page: int, title: str, header: str | None) -> Rendered:
    pages = _pages(options)
    page = max(0, min(page, len(pages) - 1))
    lines = [header] if header else []
    lines += [f"**{o.title}:** {o.show(v)}\n{translate(o.description)}" for o, v in zip(options, values)]
    embed = discord.Embed(title=f"{match_title(live)} · {title}", colour=COLOUR_LOBBY, description="\n\n".join(lines))
    shown = set(pages[page])
    view = _view(*(s.item for o, s in zip(options, selects) if o in shown))
    if len(pages) > 1:
        for number in range(len(pages)):
            view.add_item(PanelPageButton(live.id, who, number, t("Page {number}", number=number + 1)).item)
    return Rendered(embed=embed, view=view)


def host_panel(live: LiveMatch, *, page: int = 0, header: str | None = None) -> Rendered:
    """The host's ephemeral panel: a select per match-wide option, the current value preselected."""
    options = host_options(live)
    values = [current(live, o) for o in options]
    selects = [OptionSelect(live.id, o.name, _select_options(o, v), _placeholder(o, v)) for o, v in zip(options, values)]
    return _panel(live, "host", options, values, selects, page, t("match options"), header)


def player_panel(live: LiveMatch, player: int, *, page: int = 0, header: str | None = None) -> Rendered:
    """A player's ephemeral panel of their own per-player options."""
    options = player_options(live)
    values = [player_value(live, o, player) for o in options]
    selects = [PlayerOptionSelect(live.id, player, o.name, _select_options(o, v), _placeholder(o, v))
               for o, v in zip(options, values)]
    return _panel(live, str(player), options, values, selects, page, t("your options"), header)


# --- handlers ---------------------------------------------------------------------
class LobbyControls:
    """What the option components do; uses the table's service, announcer and replies (no rules here)."""

    def __init__(self, table: "Table") -> None:
        self.table = table
        self.service = table.service

    async def _open_lobby(self, interaction: Interaction, match_id: int) -> LiveMatch | None:
        live = await self.service.load(match_id)
        if live is None or live.record.status != LOBBY:
            await self.table.tell(interaction, t("This lobby is closed: options can only change before Start."))
            return None
        return live

    async def open_host_panel(self, interaction: Interaction, match_id: int) -> None:
        live = await self._open_lobby(interaction, match_id)
        if live is None:
            return
        if interaction.user.id != live.record.host_id:
            await self.table.tell(interaction, t("Only the host can change the match options."))
            return
        await interaction.response.send_message(ephemeral=True, **host_panel(live).send_kwargs())

    async def open_player_panel(self, interaction: Interaction, match_id: int) -> None:
        live = await self._open_lobby(interaction, match_id)
        if live is None:
            return
        if not player_options(live):
            await self.table.tell(interaction, t("{game} has no options of your own to set.", game=live.game.title))
            return
        if interaction.user.id not in live.record.players:
            await self.table.tell(interaction, t("Take a seat first (press Join): options are set per seated player."))
            return
        await interaction.response.send_message(ephemeral=True,
                                                **player_panel(live, interaction.user.id).send_kwargs())

    async def turn_page(self, interaction: Interaction, match_id: int, who: str, page: int) -> None:
        live = await self._open_lobby(interaction, match_id)
        if live is None:
            return
        if who == "host":
            if interaction.user.id != live.record.host_id:
                await self.table.tell(interaction, t("Only the host can change the match options."))
                return
            rendered = host_panel(live, page=page)
        else:
            if interaction.user.id != int(who):
                await self.table.tell(interaction, t("You can only change your own options."))
                return
            rendered = player_panel(live, int(who), page=page)
        await interaction.response.edit_message(**rendered.edit_kwargs())

    async def set_option(self, interaction: Interaction, match_id: int, name: str, value: str) -> None:
        async with self.table.locked(interaction, match_id):
            live = await self.service.set_option(match_id, interaction.user.id, name, value)
            option, _ = match_wide_option(live, name)
            await self._show_option_set(interaction, live, option)

    async def _show_option_set(self, interaction: Interaction, live: LiveMatch, option: Option) -> None:
        header = t("✅ {option}: {value}.", option=option.title, value=option.show(current(live, option)))
        page = next(i for i, p in enumerate(_pages(host_options(live))) if option in p)
        await interaction.response.edit_message(**host_panel(live, page=page, header=header).edit_kwargs())
        await self.refresh_lobby(live)

    async def set_player_option(self, interaction: Interaction, match_id: int, player: int, name: str,
                                value: str) -> None:
        async with self.table.locked(interaction, match_id):
            live = await self.service.set_player_option(match_id, interaction.user.id, player, name, value)
            await self._show_player_option_set(interaction, live, player, name)

    async def _show_player_option_set(self, interaction: Interaction, live: LiveMatch, player: int,
                                      name: str) -> None:
        option = next(o for o in player_options(live) if name in (o.name, *o.aliases))
        header = t("✅ {option}: {value}.", option=option.title,
                   value=option.show(player_value(live, option, player)))
        page = next(i for i, p in enumerate(_pages(player_options(live))) if option in p)
        await interaction.response.edit_message(**player_panel(live, player, page=page, header=header).edit_kwargs())
        await self.refresh_lobby(live)

    async def add_ai(self, interaction: Interaction, match_id: int, level: str) -> None:
        """The host chose a level in **Add AI…**: seat an AI at it and redraw the lobby clicked."""
        async with self.table.locked(interaction, match_id, update=True):
            live = await self.service.add_ai(match_id, interaction.user.id, level)
            if interaction.response.is_done():
                await interaction.edit_original_response(**lobby_message(live).edit_kwargs())
            else:
                await interaction.response.edit_message(**lobby_message(live).edit_kwargs())

    async def refresh_lobby(self, live: LiveMatch) -> None:
        """Edit the lobby message in the channel to show the new values (a channel message edit)."""
        if live.record.message_id is None:
            return
        partial = self.table.announcer.channel(live).get_partial_message(live.record.message_id)
        async with self.table.in_channel(live):
            rendered = lobby_message(live)
        try:
            await partial.edit(**rendered.edit_kwargs())
        except discord.HTTPException as exc:
            log.warning("could not refresh the lobby message: %s", exc)
