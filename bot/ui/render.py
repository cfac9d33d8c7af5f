"""Messages the bot sends, built from engine views and match records.

Rendering is kept apart from sending so that each builder is a plain
function of its inputs: the public message is only ever built from the
spectator view (``view(state, None)``), which is what keeps hidden cards out
of channels; private text is built from that player's own view.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

import discord

from bot.engine import Result
from bot.matches import LiveMatch
from bot.storage import ABANDONED, ACTIVE, FINISHED
from bot.ui import custom_ids
from bot.ui.picker import Step

COLOUR_LOBBY = discord.Colour.blurple()
COLOUR_PLAY = discord.Colour.green()
COLOUR_WINDOW = discord.Colour.orange()
COLOUR_OVER = discord.Colour.dark_grey()

EMBED_LIMIT = 4000
SELECT_OPTIONS = 25
MAX_SELECTS = 4
BUTTON_CHOICES = 5


@dataclass
class Rendered:
    """Arguments for ``send``/``edit``: content, one embed and components."""

    content: str | None = None
    embed: discord.Embed | None = None
    view: discord.ui.View | None = None

    def __post_init__(self) -> None:
        # Every click is routed by the registered DynamicItem templates, so the view is only
        # markup. A stopped view is sent as is and never kept in discord.py's view store
        # (which would otherwise hold every message's view for good, plus a timer per picker).
        if self.view is not None:
            self.view.stop()

    def send_kwargs(self) -> dict[str, Any]:
        kwargs: dict[str, Any] = {"content": self.content, "embed": self.embed}
        if self.view is not None:
            kwargs["view"] = self.view
        return kwargs

    def edit_kwargs(self) -> dict[str, Any]:
        return {"content": self.content, "embed": self.embed, "view": self.view}


def _clip(text: str, limit: int = EMBED_LIMIT) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def mention(player: int) -> str:
    return f"<@{player}>" if player > 0 else f"🤖 AI {abs(player)}"


def relative_time(timestamp: float) -> str:
    return f"<t:{int(timestamp)}:R>"


def match_title(live: LiveMatch) -> str:
    return f"{live.game.title} · match #{live.id}"


def _static_view(*items: discord.ui.Item[Any]) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for item in items:
        view.add_item(item)
    return view


# --- lobby --------------------------------------------------------------------
def lobby_message(live: LiveMatch) -> Rendered:
    """The lobby message; built in :mod:`bot.ui.lobby_view`, next to its option controls."""
    from bot.ui.lobby_view import lobby_message as build

    return build(live)


def lobby_closed_message(live: LiveMatch, text: str) -> Rendered:
    embed = discord.Embed(title=f"{match_title(live)} · lobby closed", colour=COLOUR_OVER, description=text)
    return Rendered(embed=embed, view=discord.ui.View(timeout=None))


# --- the public turn message ---------------------------------------------------
def status_line(live: LiveMatch) -> str:
    game, state, rec = live.game, live.state, live.record
    if rec.status != ACTIVE or state is None:
        return ""
    actors = sorted(game.actors(state))
    who = ", ".join(mention(p) for p in actors)
    if game.waiting(state).in_window:
        closes = f" · closes {relative_time(rec.deadline)}" if rec.deadline else ""
        return f"⏳ Waiting for {who} to respond{closes}"
    return f"▶️ {who} to play"


def result_text(live: LiveMatch, result: Result | None, reason: str | None = None) -> str:
    if result is None:
        return {"cancelled": "The lobby was cancelled.", "ended": "The match was ended early; it counts for no one.",
                "conceded": "A player conceded; the match counts for no one."}.get(reason or "", "The match ended.")
    if result.is_draw:
        head = "🤝 **Draw.**"
    else:
        head = "🏆 **" + ", ".join(live.name_of(p) for p in result.winners) + (" wins!**" if len(result.winners) == 1
                                                                                   else " win!**")
    parts = [head]
    if result.summary:
        parts.append(result.summary)
    if result.scores:
        parts.append(" · ".join(f"{live.name_of(p)}: {s}" for p, s in result.scores.items()))
    return "\n".join(parts)


def turn_message(live: LiveMatch, recent: Sequence[str], *, result: Result | None = None,
                 end_reason: str | None = None) -> Rendered:
    """The one public message of a running match: board, whose turn, last moves, buttons."""
    game, rec = live.game, live.record
    board = game.render_view(game.view(live.state, None), rec.names) if live.state is not None else ""
    lines = [board]
    if recent:
        lines.append("**Last moves**\n" + "\n".join(f"• {line}" for line in recent[-6:]))
    over = rec.status in (FINISHED, ABANDONED)
    if over:
        lines.append(result_text(live, result, end_reason))
        colour = COLOUR_OVER
    else:
        lines.append(status_line(live))
        colour = COLOUR_WINDOW if game.waiting(live.state).in_window else COLOUR_PLAY
    embed = discord.Embed(title=match_title(live), colour=colour, description=_clip("\n\n".join(l for l in lines if l)))
    players = " vs ".join(live.name_of(p) for p in rec.players)
    ai_note = " · 🤖 with AI players" if any(p < 0 for p in rec.players) else ""
    embed.set_footer(text=f"{players}{ai_note} · use /{game.name} hand to see your cards")
    if over:
        return Rendered(embed=embed, view=discord.ui.View(timeout=None))
    view = _static_view(
        discord.ui.Button(label="Take action", style=discord.ButtonStyle.primary,
                          custom_id=custom_ids.act(live.id, rec.seq)),
        discord.ui.Button(label="My hand", style=discord.ButtonStyle.secondary, custom_id=custom_ids.hand(live.id)),
    )
    return Rendered(embed=embed, view=view)


def window_ping(live: LiveMatch, players: Sequence[int], what: str) -> Rendered:
    """The notice that opens a response window: every eligible player is prompted the same way."""
    who = " ".join(mention(p) for p in players)
    closes = f" Closes {relative_time(live.record.deadline)}." if live.record.deadline else ""
    view = _static_view(discord.ui.Button(label="Respond", style=discord.ButtonStyle.danger,
                                          custom_id=custom_ids.act(live.id, live.record.seq)))
    return Rendered(content=f"⚔️ {who}: {what} — you may respond now.{closes}", view=view)


def reminder(live: LiveMatch, players: Sequence[int]) -> Rendered:
    who = " ".join(mention(p) for p in players)
    view = _static_view(discord.ui.Button(label="Take action", style=discord.ButtonStyle.primary,
                                          custom_id=custom_ids.act(live.id, live.record.seq)))
    closes = relative_time(live.record.deadline) if live.record.deadline else "soon"
    return Rendered(content=f"⏰ {who}: {live.game.title} match #{live.id} is waiting for you. Time runs out "
                            f"{closes}; then the bot plays for you.", view=view)


def reminder_dm(live: LiveMatch, guild_name: str, jump_url: str | None) -> str:
    closes = relative_time(live.record.deadline) if live.record.deadline else "soon"
    where = f" ({jump_url})" if jump_url else ""
    return (f"⏰ Your {live.game.title} match #{live.id} in **{guild_name}** is waiting for you{where}. "
            f"Time runs out {closes}.")


def turn_ping(live: LiveMatch, player: int) -> Rendered:
    view = _static_view(discord.ui.Button(label="Take action", style=discord.ButtonStyle.primary,
                                          custom_id=custom_ids.act(live.id, live.record.seq)))
    return Rendered(content=f"▶️ {mention(player)}, it is your turn in {live.game.title} match #{live.id}.",
                    view=view)


# --- private messages ------------------------------------------------------------
def private_view_text(live: LiveMatch, player: int) -> str:
    game = live.game
    return game.render_view(game.view(live.state, player), live.record.names)


def hand_dm(live: LiveMatch, player: int, *, guild_name: str, channel_id: int, channel_name: str,
            jump_url: str | None, notes: Sequence[str] = ()) -> Rendered:
    """The player's private DM for one match: names the server, channel and match."""
    body = [private_view_text(live, player)]
    if notes:
        body.append("**Your latest**\n" + "\n".join(f"• {n}" for n in notes[-5:]))
    if live.record.status != ACTIVE:
        body.append("This match is over.")
    embed = discord.Embed(title=f"Your {live.game.title} hand · match #{live.id}", colour=COLOUR_PLAY,
                          description=_clip("\n\n".join(body)))
    embed.set_footer(text=f"{guild_name} · {channel_name} · private to you · updated when your hand changes; "
                          "the table in the channel shows the live board")
    content = f"{live.game.title} match #{live.id} in **{guild_name}**, <#{channel_id}>."
    view = None
    if jump_url:
        view = _static_view(discord.ui.Button(label="Go to the table", url=jump_url))
    return Rendered(content=content, embed=embed, view=view)


def private_reply(live: LiveMatch, player: int, *, header: str | None = None,
                  show_act: bool = False) -> Rendered:
    """An ephemeral look at one's own hand (the pull fallback when DMs are closed)."""
    parts = [header] if header else []
    parts.append(private_view_text(live, player))
    embed = discord.Embed(title=f"Your {live.game.title} view · match #{live.id}", colour=COLOUR_PLAY,
                          description=_clip("\n\n".join(parts)))
    view = None
    if show_act:
        view = _static_view(discord.ui.Button(label="Take action", style=discord.ButtonStyle.primary,
                                              custom_id=custom_ids.act(live.id, live.record.seq)))
    return Rendered(embed=embed, view=view)


def picker_message(live: LiveMatch, player: int, step: Step, *, header: str | None = None) -> Rendered:
    """The ephemeral action picker at one step: selects (or buttons) built from the legal actions."""
    game, seq = live.game, live.record.seq
    parts = [header] if header else []
    parts.append(private_view_text(live, player))
    if step.chosen:
        chosen = [choice_label(live, player, k, v) for k, v in step.chosen]
        parts.append("**Chosen:** " + " › ".join(chosen))
    parts.append(f"**Choose {_key_label(step.key)}:**")
    embed = discord.Embed(title=f"{game.title} · your move", colour=COLOUR_PLAY, description=_clip("\n\n".join(parts)))
    view = discord.ui.View(timeout=None)
    labels = [_option_label(choice_label(live, player, c.key, c.value)) for c in step.choices]
    if len(step.choices) <= BUTTON_CHOICES and not step.path:
        for choice, label in zip(step.choices, labels):
            view.add_item(discord.ui.Button(label=label, style=discord.ButtonStyle.primary,
                                            custom_id=custom_ids.pick_button(live.id, seq, step.path, choice.index)))
    else:
        for chunk_start in range(0, min(len(step.choices), SELECT_OPTIONS * MAX_SELECTS), SELECT_OPTIONS):
            chunk = step.choices[chunk_start: chunk_start + SELECT_OPTIONS]
            # Discord needs unique custom_ids per message: the chunk number keeps them apart.
            view.add_item(discord.ui.Select(
                custom_id=custom_ids.pick_select(live.id, seq, step.path, chunk_start // SELECT_OPTIONS),
                placeholder=f"Choose {_key_label(step.key)}", min_values=1, max_values=1,
                options=[discord.SelectOption(label=labels[c.index], value=str(c.index)) for c in chunk],
            ))
    if step.path:
        view.add_item(discord.ui.Button(label="Back", style=discord.ButtonStyle.secondary,
                                        custom_id=custom_ids.pick_button(live.id, seq, step.path, "back")))
    return Rendered(embed=embed, view=view)


def choice_label(live: LiveMatch, player: int, key: str, value: Any) -> str:
    """A picker label. A value naming a seated player shows that player's name (engines know no names)."""
    if isinstance(value, int) and not isinstance(value, bool) and value in live.record.players and key != "type":
        return live.name_of(value)
    return live.game.describe_choice(live.state, player, key, value)


def _key_label(key: str | None) -> str:
    return {"type": "an action", None: "an option"}.get(key, (key or "").replace("_", " "))


def _option_label(text: str) -> str:
    return text if len(text) <= 100 else text[:99] + "…"


def notice(text: str, *, title: str | None = None) -> Rendered:
    embed = discord.Embed(description=text, colour=COLOUR_LOBBY, title=title)
    return Rendered(embed=embed)


