"""The lobby message and its option panels, drawn (their components: ``components``; handlers: ``lobby_options``).

The lobby shows every option (the game's and the table's) with its current
value, and per-player values on each seat. The host opens **Options** (an
ephemeral panel with a select per match-wide option); every seated player
opens **My options** (an ephemeral panel with their own language, the one
``/language`` sets, then the game's per-player options).
Choosing a value stores it through the match service, which validates it by
the option's declaration, then the panel is redrawn and the lobby message in
the channel is edited to match (``bot.frontend.handlers.lobby_options``).

The controls themselves are :class:`discord.ui.DynamicItem` classes defined once, with
their custom_id template and the handler call, in :mod:`bot.frontend.ui.components`
(the style of discord.py's ``dynamic_counter`` example), so clicks on a lobby sent
before a restart still work; this module only lays them out. Discord's limits hold:
at most 5 action rows (a panel shows 5 selects, or 4 and a page row), 25 options
per select, 100-character custom ids.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

import discord

from bot.ai import levels
from bot.frontend.ui.components import (
    AddAISelect,
    LanguageSelect,
    LobbyButton,
    MyOptionsButton,
    OptionsButton,
    OptionSelect,
    PanelPageButton,
    PlayerOptionSelect,
)
from bot.frontend.ui.fit import OPTION_LIMIT, PLACEHOLDER_LIMIT, clip
from bot.frontend.ui.render import COLOUR_LOBBY, Rendered, match_title, mention
from bot.kernel.i18n import t, tn, translate
from bot.kernel.languages import LANGUAGES, language_name
from bot.kernel.options import TABLE_OPTIONS, Option
from bot.play.match_types import LiveMatch

log = logging.getLogger(__name__)

#: Discord allows five action rows: a panel is five selects, or four and a row of page buttons.
ROWS = 5
SELECT_OPTIONS = 25


def host_options(live: LiveMatch) -> list[Option]:
    """The options the host sets for the whole match: the game's match-wide ones, then the table's."""
    return [o for o in live.game.rules.options if not o.per_player] + list(TABLE_OPTIONS)


def player_options(live: LiveMatch) -> list[Option]:
    """The options each player sets for themselves."""
    return [o for o in live.game.rules.options if o.per_player]


def current(live: LiveMatch, option: Option) -> Any:
    """A match-wide option's stored value (its default when not stored)."""
    store = live.record.table_options if option in TABLE_OPTIONS else live.record.options
    return store.get(option.name, option.default)


def player_value(live: LiveMatch, option: Option, player: int) -> Any:
    return (live.record.options.get(option.name) or {}).get(str(player), option.default)


def panel_pages(options: Sequence[Option], lead: int = 0) -> list[list[Option]]:
    """Options in pages that fit a message: all on one page when they fit in five rows.

    ``lead`` rows of the first page are taken by what comes before the options (a player's language).
    """
    if len(options) + lead <= ROWS:
        return [list(options)]
    per = ROWS - 1
    first = per - lead
    return [list(options[:first])] + [list(options[i : i + per]) for i in range(first, len(options), per)]


def _view(*items: discord.ui.Item[Any]) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for item in items:
        view.add_item(item)
    return view


#: The language choice that goes back to the server's (or the player's Discord's), as ``/language`` has it.
SERVER_LANGUAGE = "server"


def add_ai_select(match_id: int, *, disabled: bool) -> discord.ui.Select[Any]:
    """The lobby's level choice for a new AI seat: one option per level, weakest first."""
    options = [
        discord.SelectOption(
            label=t("{level} AI", level=levels.label(level)),
            value=level,
            description=clip(translate(levels.DESCRIPTIONS[level]), OPTION_LIMIT),
        )
        for level in levels.LEVELS
    ]
    return AddAISelect(match_id, options, disabled=disabled).item


# --- rendering -------------------------------------------------------------------
def _select_options(option: Option, value: Any) -> list[discord.SelectOption]:
    chosen = option.wire(value) if value is not None else None
    return [
        discord.SelectOption(label=clip(label, OPTION_LIMIT), value=wire, default=wire == chosen)
        for wire, label in option.values(SELECT_OPTIONS)
    ]


def _placeholder(option: Option, value: Any) -> str:
    return clip(f"{option.title}: {option.show(value)}", PLACEHOLDER_LIMIT)


def options_text(live: LiveMatch) -> str:
    """The lobby's Options section: each option, its current value and what it means."""
    lines = [f"• **{o.title}:** {o.show(current(live, o))} — {translate(o.description)}" for o in host_options(live)]
    for option in player_options(live):
        lines.append(
            t(
                "• **{option}** (each player, with **My options**) — {description}",
                option=option.title,
                description=translate(option.description),
            )
        )
    return "\n".join(lines)


def _seat_line(live: LiveMatch, number: int, player: int) -> str:
    rec = live.record
    extras = [f"{o.title}: {o.show(player_value(live, o, player))}" for o in player_options(live)]
    if player < 0:
        extras.insert(0, t("{level} AI", level=levels.label(levels.level_of(rec.table_options, player))))
    seat = (
        t("{number}. {player} (host)", number=number, player=mention(player))
        if player == rec.host_id
        else f"{number}. {mention(player)}"
    )
    return seat + (" · " + ", ".join(extras) if extras else "")


def lobby_message(live: LiveMatch) -> Rendered:
    """The lobby in the channel: seats (with their own options), the match options, and the buttons."""
    rec, game = live.record, live.game
    count = len(rec.players)
    if game.rules.min_players == game.rules.max_players:
        hosting = tn(
            "{host} is hosting a game of **{game}** ({n} player).",
            "{host} is hosting a game of **{game}** ({n} players).",
            game.rules.min_players,
            host=mention(rec.host_id),
            game=game.title,
        )
    else:
        hosting = t(
            "{host} is hosting a game of **{game}** ({low}–{high} players).",
            host=mention(rec.host_id),
            game=game.title,
            low=game.rules.min_players,
            high=game.rules.max_players,
        )
    seats = "\n".join(_seat_line(live, i, p) for i, p in enumerate(rec.players, 1))
    embed = discord.Embed(
        title=t("{title} · lobby", title=match_title(live)),
        colour=COLOUR_LOBBY,
        description=(
            f"{hosting}\n"
            + t("Press **Join** to take a seat; the host presses **Start** when everyone is in.")
            + "\n\n"
            + t("**Players ({count})**", count=count)
            + f"\n{seats}\n\n"
            + t("**Options** (the host changes them with **Options** before Start)")
            + f"\n{options_text(live)}"
        ),
    )
    footer = (
        t("Hands and secret roles are sent by DM when the match starts.")
        + " "
        + t("Choose the language they are in with My options.")
    )
    if any(p < 0 for p in rec.players):
        footer += " " + t("🤖 This match has AI players: it does not count in stats unless the server allows it.")
    embed.set_footer(text=footer)
    ready = game.rules.min_players <= count <= game.rules.max_players
    full = count >= game.rules.max_players
    items: list[discord.ui.Item[Any]] = [
        LobbyButton.make(live.id, "join", disabled=full),
        LobbyButton.make(live.id, "leave"),
        LobbyButton.make(live.id, "start", disabled=not ready),
        LobbyButton.make(live.id, "cancel"),
        LobbyButton.make(live.id, "add_ai", disabled=full),
        LobbyButton.make(live.id, "remove_ai", disabled=not any(p < 0 for p in rec.players)),
        OptionsButton(live.id).item,
        MyOptionsButton(live.id).item,
    ]
    items.append(add_ai_select(live.id, disabled=full))
    return Rendered(embed=embed, view=_view(*items))


def _panel(
    live: LiveMatch,
    who: str,
    options: Sequence[Option],
    values: Sequence[Any],
    selects: list[Any],
    page: int,
    title: str,
    header: str | None,
    lead: Sequence[tuple[str, Any]] = (),
) -> Rendered:
    """``lead``: (line, select) pairs shown before the options, their selects on the first page."""
    pages = panel_pages(options, len(lead))
    page = max(0, min(page, len(pages) - 1))
    lines = [header] if header else []
    lines += [line for line, _ in lead]
    lines += [f"**{o.title}:** {o.show(v)}\n{translate(o.description)}" for o, v in zip(options, values, strict=True)]
    embed = discord.Embed(title=f"{match_title(live)} · {title}", colour=COLOUR_LOBBY, description="\n\n".join(lines))
    shown = set(pages[page])
    view = _view(
        *(select.item for _, select in (lead if page == 0 else ())),
        *(s.item for o, s in zip(options, selects, strict=True) if o in shown),
    )
    if len(pages) > 1:
        for number in range(len(pages)):
            view.add_item(PanelPageButton(live.id, who, number, t("Page {number}", number=number + 1)).item)
    return Rendered(embed=embed, view=view)


def host_panel(live: LiveMatch, *, page: int = 0, header: str | None = None) -> Rendered:
    """The host's ephemeral panel: a select per match-wide option, the current value preselected."""
    options = host_options(live)
    values = [current(live, o) for o in options]
    selects = [
        OptionSelect(live.id, o.name, _select_options(o, v), _placeholder(o, v))
        for o, v in zip(options, values, strict=True)
    ]
    return _panel(live, "host", options, values, selects, page, t("match options"), header)


def language_entry(match_id: int, chosen: str | None, reading: str) -> tuple[str, LanguageSelect]:
    """The panel's first entry: the language the player reads (``reading``), and a select preset to their choice."""
    options = [discord.SelectOption(label=name, value=code, default=code == chosen) for code, name in LANGUAGES.items()]
    options.append(
        discord.SelectOption(label=t("The server's language"), value=SERVER_LANGUAGE, default=chosen is None)
    )
    line = (
        t("**Your language:** {language}", language=language_name(reading))
        + "\n"
        + t(
            "Your DMs, pickers and replies only you see are written in it; the table stays in the server's "
            "language. `/language` changes it too."
        )
    )
    return line, LanguageSelect(match_id, options, t("Your language: {language}", language=language_name(reading)))


def player_panel(
    live: LiveMatch, player: int, *, chosen: str | None, reading: str, page: int = 0, header: str | None = None
) -> Rendered:
    """A player's ephemeral panel: their own language (``chosen``, or None; ``reading`` the one in effect), then
    the game's per-player options."""
    options = player_options(live)
    values = [player_value(live, o, player) for o in options]
    selects = [
        PlayerOptionSelect(live.id, player, o.name, _select_options(o, v), _placeholder(o, v))
        for o, v in zip(options, values, strict=True)
    ]
    return _panel(
        live,
        str(player),
        options,
        values,
        selects,
        page,
        t("your options"),
        header,
        lead=[language_entry(live.id, chosen, reading)],
    )
