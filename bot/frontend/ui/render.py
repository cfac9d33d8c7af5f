"""Messages the bot sends, built from engine views and match records.

Rendering is kept apart from sending so that each builder is a plain
function of its inputs: the public message is only ever built from the
spectator view (``view(state, None)``), which is what keeps hidden cards out
of channels; private text is built from that player's own view.
"""

from __future__ import annotations

import copy
import functools
import hashlib
import io
import json
import logging
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import discord

from bot.frontend.names import shown, shown_names
from bot.frontend.narrate import final_result
from bot.frontend.ui.components import (
    ActButton,
    HandButton,
    LobbyButton,
    LogButton,
    PassButton,
    PickButton,
    PickSelect,
    PictureButton,
    PrefButton,
    VoteButton,
)
from bot.frontend.ui.fit import BUTTON_LIMIT, OPTION_LIMIT, clip, newest_that_fit
from bot.frontend.ui.picker import Offer, Step, offers, one_tap_answers, walk
from bot.kernel.contract import Action, Result
from bot.kernel.i18n import N_, get_locale, speak, t, tn, translate, use_locale
from bot.kernel.present import Board, Field, phone_lines
from bot.pictures.drawing import Drawing, draw_hand, draw_table
from bot.play.match_types import LiveMatch
from bot.play.record import ABANDONED, ACTIVE, FINISHED
from bot.play.seat_votes import eligible_voters

log = logging.getLogger(__name__)

COLOUR_LOBBY = discord.Colour.blurple()
COLOUR_PLAY = discord.Colour.green()
COLOUR_WINDOW = discord.Colour.orange()
COLOUR_OVER = discord.Colour.dark_grey()

EMBED_LIMIT = 4000
EMBED_FIELDS = 25
EMBED_TOTAL = 6000
SELECT_OPTIONS = 25
MAX_SELECTS = 4
PLACEHOLDER_LIMIT = 150
#: A step of this many choices or fewer is a row of buttons (one tap), more is a select (two).
BUTTON_CHOICES = 5
#: Choices with no note to read above them (a kind of move, a player) are buttons up to two rows.
PLAIN_BUTTON_CHOICES = 10
#: A step's choices unfold into at most this many buttons ("Attack › Budi"), each said in at most
#: ``UNFOLDED_LABEL`` characters (two lines of a button on a phone), so no option is cut off its button: the
#: choice it goes through is shortened to make room, down to ``UNFOLDED_HEAD`` characters.
UNFOLD_MOST = 10
UNFOLDED_LABEL = 72
UNFOLDED_HEAD = 12
#: A question a prompt asks first is one line: a picker's title and a prompt's first line are kept to it.
QUESTION_LIMIT = 100


@dataclass
class Rendered:
    """Arguments for ``send``/``edit``: content, one embed, components and (``files``) uploads.

    ``files`` None leaves a message's attachments as they are on an edit; a list (even empty)
    replaces them.
    """

    content: str | None = None
    embed: discord.Embed | None = None
    view: discord.ui.View | None = None
    files: list[discord.File] | None = None
    #: (match, player) whose own hand picture belongs on this private message (a picker), drawn
    #: off the event loop right before it is sent (``bot.frontend.ui.picker_picture``).
    hand_of: tuple[LiveMatch, int] | None = None

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
        if self.files:
            kwargs["files"] = self.files
        return kwargs

    def edit_kwargs(self) -> dict[str, Any]:
        kwargs: dict[str, Any] = {"content": self.content, "embed": self.embed, "view": self.view}
        if self.files is not None:
            kwargs["attachments"] = self.files
        return kwargs


TABLE_PICTURE = "table.png"
HAND_PICTURE = "hand.png"


def table_picture(live: LiveMatch) -> bytes | None:
    """The public table drawn from the spectator view only; None if the game draws none.

    A drawing error is logged and the text table goes out alone: a picture never holds up a move.
    """
    return drawing(live, None)()


def hand_picture(live: LiveMatch, player: int) -> bytes | None:
    """A player's own hand drawn from their own view; None if the game draws none (or nothing to draw)."""
    return drawing(live, player)()


def drawing(live: LiveMatch, viewer: int | None, *, own_copy: bool = False) -> Callable[[], bytes | None]:
    """``viewer``'s view (None: the spectator's) taken now, in the current language, and the call that draws it.

    The view and names are frozen into a :class:`~bot.pictures.drawing.Drawing` (plain data, its own
    copy whatever the state does next), which a worker process can draw (``bot.frontend.ui.picture_pool``)
    as well as this one. A view that is not plain data is drawn from a deep copy (``own_copy``) here
    instead. Drawing errors are logged and give None.
    """
    if live.state is None:
        return lambda: None
    game, names = live.game, live.record.names
    view = game.rules.view(live.state, viewer)
    try:
        return Drawing.of(game.name, viewer, view, names, live.id)
    except Exception:  # not picklable: draw from a copy in this process
        pass
    if own_copy:
        view, names = copy.deepcopy(view), dict(names)
    draw = functools.partial(draw_table if viewer is None else draw_hand, game)
    locale = get_locale()

    def drawn() -> bytes | None:
        try:
            with use_locale(locale):
                return draw(view, names)
        except Exception:
            log.exception("could not draw match %s for %s", live.id, "the table" if viewer is None else "a hand")
            return None

    return drawn


#: The longest description (alt text) Discord keeps for an attachment.
ALT_TEXT_LIMIT = 1024
#: Markdown marks a screen reader would read out.
_MARKS = re.compile(r"\*\*|__|\|\||`")


def picture_file(png: bytes, filename: str = TABLE_PICTURE, *, alt: str | None = None) -> discord.File:
    """A picture to upload; ``alt``: its description for screen readers (else a line saying the text says it)."""
    description = alt or (
        t("A picture of your hand; the text above says the same.")
        if filename.startswith("hand")
        else t("A picture of the table; the text above says the same.")
    )
    return discord.File(io.BytesIO(png), filename=filename, description=clip(description, ALT_TEXT_LIMIT))


def board_alt_text(live: LiveMatch) -> str:
    """The public board in words, for a picture's description: what a screen reader says instead of the picture."""
    board = live.game.presenter.board(live.game.rules.view(live.state, None), shown_names(live.record.names))
    parts = [board.text, *(f"{f.name}\n{f.value}" for f in board.fields)]
    return _MARKS.sub("", "\n".join(p for p in parts if p))


def with_picture(rendered: Rendered, png: bytes, *, filename: str = TABLE_PICTURE) -> Rendered:
    """Show ``png`` as the embed's image, uploaded with the message as ``filename``."""
    if rendered.embed is None:
        return rendered
    rendered.embed.set_image(url=f"attachment://{filename}")
    rendered.files = [picture_file(png, filename)]
    return rendered


def add_fields(embed: discord.Embed, fields: Sequence[Field]) -> discord.Embed:
    """Put a board's fields on an embed within Discord's limits (25 fields, 256/1,024, 6,000 in all).

    Fields that would pass the embed's total are left off rather than sent and refused.
    """
    for item in list(fields)[:EMBED_FIELDS]:
        name, value = _clip(item.name or "\u200b", 256), _clip(item.value or "\u200b", 1024)
        if len(embed) + len(name) + len(value) > EMBED_TOTAL:
            break
        embed.add_field(name=name, value=value, inline=item.inline)
    return embed


def _clip(text: str, limit: int = EMBED_LIMIT) -> str:
    """``text`` fitted to ``limit`` characters: cut between words with "…", never inside one.

    A text whose first words already pass the limit (one long word) is cut where it must be.
    """
    return clip(text, limit)


def mention(player: int) -> str:
    return f"<@{player}>" if player > 0 else t("🤖 AI {number}", number=abs(player))


def relative_time(timestamp: float) -> str:
    return f"<t:{int(timestamp)}:R>"


def match_title(live: LiveMatch) -> str:
    return t("{game} · match #{match}", game=live.game.title, match=live.id)


def _static_view(*items: discord.ui.Item[Any]) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for item in items:
        view.add_item(item)
    return view


# --- lobby (the open lobby and its panels: bot.frontend.ui.lobby_view) ---------------
def lobby_closed_message(live: LiveMatch, text: str) -> Rendered:
    embed = discord.Embed(
        title=t("{title} · lobby closed", title=match_title(live)), colour=COLOUR_OVER, description=text
    )
    return Rendered(embed=embed, view=discord.ui.View(timeout=None))


# --- the public turn message ---------------------------------------------------
def status_line(live: LiveMatch) -> str:
    """Whom the table waits for. A secret window names nobody: that would say who holds an answer."""
    rec = live.record
    if rec.status != ACTIVE or live.state is None:
        return ""
    waiting = live.waiting
    if waiting.window is not None and not waiting.window.public:
        if rec.deadline:
            return t(
                "⚡ **Responses open** · closes {time} · asked privately",
                time=relative_time(rec.deadline),
            )
        return t("⚡ **Responses open** · asked privately")
    who = ", ".join(mention(p) for p in sorted(waiting.actors))
    if waiting.window is not None:
        if rec.deadline:
            return t(
                "⏳ Waiting for {players} to respond · closes {time}", players=who, time=relative_time(rec.deadline)
            )
        return t("⏳ Waiting for {players} to respond", players=who)
    return t("▶️ {players} to play", players=who)


def seat_name(live: LiveMatch, player: int) -> str:
    """A seat's name as kept (for a label or a picture; a message writes it with ``shown``); a seat without one
    ("Player <id>") is said in the current language."""
    name = live.name_of(player)
    return name if isinstance(name, str) else speak(name)


def result_text(live: LiveMatch, result: Result | None, reason: str | None = None) -> str:
    if result is None:
        return {
            "cancelled": t("The lobby was cancelled."),
            "ended": t("The match was ended early; it counts for no one."),
            "conceded": t("A player conceded; the match counts for no one."),
        }.get(reason or "", t("The match ended."))
    if result.winners:
        names = ", ".join(shown(seat_name(live, p)) for p in result.winners)
        head = tn("🏆 **{names} wins!**", "🏆 **{names} win!**", len(result.winners), names=names)
    elif result.is_draw:
        head = t("🤝 **Draw.**")
    else:
        head = t("**No winner.**")
    parts = [head]
    summary = _summary_here(live, result)
    if summary:
        parts.append(summary)
    if result.scores:
        game = getattr(live, "game", None)  # a bare stand-in names players only
        score = game.presenter.score if game is not None else str
        parts.append(" · ".join(f"{shown(seat_name(live, p))}: {score(s)}" for p, s in result.scores.items()))
    return "\n".join(parts)


def result_post(live: LiveMatch, text: str) -> Rendered:
    """The channel's post that a match is over: its result, and Rematch when it was played (not a lobby cancelled)."""
    again = [LobbyButton.make(live.id, "rematch")] if live.state is not None else []
    return Rendered(content=text, view=_static_view(*again) if again else None)


def _summary_here(live: LiveMatch, result: Result) -> str:
    """The result's summary in the current language: stored in the server's, so told again from the
    final state when there is one (a DM reader may read another language); else as stored."""
    game, state = getattr(live, "game", None), getattr(live, "state", None)  # a bare stand-in names players only
    if game is None or state is None or not game.rules.is_over(state):
        return result.summary
    again = final_result(game.rules.result(state), live.record.left, shown_names(live.record.names))
    return again.summary if again.winners == result.winners else result.summary


#: Last moves the table itself shows (the **Log** button shows them all), and the phone lines they may take:
#: the newest always, the ones before it while they fit.
TABLE_MOVES = 3
TABLE_MOVE_LINES = 4
#: Phone lines of text one screen holds under the title: the frame (top bar, author line, title, two rows of
#: buttons) takes 214-262 px of a ~700 px screen at 400 px width (measured with discord-look), a line ~17 px.
#: A big board leaves the last moves less room (down to the newest move alone, or none: the Log has them all),
#: never itself less.
TABLE_LINES = 24


def turn_message(
    live: LiveMatch,
    recent: Sequence[str],
    *,
    result: Result | None = None,
    end_reason: str | None = None,
    picture: bool = False,
) -> Rendered:
    """The one public message of a running match, for a phone first: what is asked now (whose turn, which
    window), then the board, then the last few moves; its buttons: Take action, My hand, Log (and ``picture``:
    Picture, the board drawn for whoever asks; the table itself is text, which a phone reads)."""
    game, rec = live.game, live.record
    public = game.rules.view(live.state, None) if live.state is not None else None
    board = game.presenter.board(public, shown_names(rec.names)) if public is not None else None
    over = rec.status in (FINISHED, ABANDONED)
    lines = [result_text(live, result, end_reason) if over else status_line(live)]
    if not over:  # said while it lasts, not only in a log line that scrolls away
        away = [p for p in rec.players if p in rec.autopilot and p > 0 and p not in rec.left]
        gone = [p for p in rec.players if p in rec.autopilot and p > 0 and p in rec.left]
        if away:
            lines[0] += "\n" + t(
                "🤖 The AI plays for {players} until they click again.",
                players=", ".join(shown(seat_name(live, p)) for p in away),
            )
        if gone:
            lines[0] += "\n" + t(
                "🤖 The AI plays on for {players}, who left.",
                players=", ".join(shown(seat_name(live, p)) for p in gone),
            )
    # A match ended before the game did (conceded, ended) keeps its board but not its "who plays next" words.
    stopped = over and live.state is not None and not game.rules.is_over(live.state)
    lines.append(board.text if board is not None and not stopped else "")
    if recent and not over:
        board_fields = board.fields if board is not None else ()
        used = phone_lines("\n\n".join(line for line in lines if line))
        used += sum(phone_lines(f"{field.name}\n{field.value}") for field in board_fields)
        left = TABLE_LINES - used - 2  # a gap and the heading
        moves = newest_that_fit([f"• {line}" for line in recent], TABLE_MOVES, min(TABLE_MOVE_LINES, left))
        if phone_lines("\n".join(moves)) <= left:  # a board that fills the screen leaves them to the Log
            lines.append(t("**Last moves**") + "\n" + "\n".join(moves))
    colour = COLOUR_OVER if over else COLOUR_WINDOW if live.waiting.in_window else COLOUR_PLAY
    embed = discord.Embed(
        title=match_title(live), colour=colour, description=_clip("\n\n".join(line for line in lines if line))
    )
    if board is not None:
        add_fields(embed, board.fields)
    drawn = [PictureButton.make(live.id)] if picture and live.game.picture and live.state is not None else []
    # Two buttons fill a row at a phone's width: the question's buttons first, what is there to read under them,
    # the same on every screen (a wider one does not rearrange them).
    more = _in_row(1, LogButton.make(live.id), *drawn)
    if over:
        again = [LobbyButton.make(live.id, "rematch")] if live.state is not None else []
        return Rendered(embed=embed, view=_static_view(*_in_row(0, *again), *more))
    view = _static_view(*_in_row(0, ActButton.make(live.id, live.decision), HandButton.make(live.id)), *more)
    return Rendered(embed=embed, view=view)


def _in_row(row: int, *items: discord.ui.Item[Any]) -> list[discord.ui.Item[Any]]:
    """``items`` placed on action row ``row`` (of the message's rows, from 0)."""
    for item in items:
        item.row = row
    return list(items)


#: Lines on one page of a match's log (the table itself shows the last few).
LOG_PAGE = 25


def log_pages(count: int) -> int:
    """How many pages ``count`` lines of a log make (at least one, saying there is nothing yet)."""
    return max(1, -(-count // LOG_PAGE))


def log_page(live: LiveMatch, lines: Sequence[str], page: int) -> Rendered:
    """One page of a match's public log, newest page first (``page`` 0): its lines oldest first, as they
    happened, with buttons to the older and newer pages."""
    pages = log_pages(len(lines))
    page = max(0, min(page, pages - 1))
    end = len(lines) - page * LOG_PAGE
    shown_lines = lines[max(0, end - LOG_PAGE) : end]
    body = "\n".join(f"• {line}" for line in shown_lines) if shown_lines else t("No moves yet.")
    embed = discord.Embed(
        title=t("📜 {title} · log", title=match_title(live)), colour=COLOUR_LOBBY, description=_clip(body)
    )
    if lines:
        embed.set_footer(
            text=t(
                "Moves {first}–{last} of {total} · page {page} of {pages}",
                first=max(0, end - LOG_PAGE) + 1,
                last=end,
                total=len(lines),
                page=pages - page,
                pages=pages,
            )
        )
    view = _static_view(
        LogButton.make(live.id, page + 1, label=t("◀ Older"), disabled=page + 1 >= pages),
        LogButton.make(live.id, max(0, page - 1), label=t("Newer ▶"), disabled=page == 0),
    )
    return Rendered(embed=embed, view=view)


def what_happened(lines: Sequence[str], limit: int = 3) -> str:
    """The last public lines of a move, for a notification (what opened the window)."""
    shown = [line for line in lines if line][-limit:]
    return "\n".join(f"> {line}" for line in shown)


def mention_ping(live: LiveMatch, player: int, *, own_turn: bool, what: Sequence[str] = ()) -> Rendered:
    """The one channel mention: your turn, or a decision that waits on you alone. ``what``: the public lines
    of the move that asks it; a decision out of turn quotes the last one, so the notification says what is
    being decided (the attack to block, the card to answer), not only that something is."""
    where = f"{live.game.title} #{live.id}"
    if own_turn:
        text = t("▶️ {player}, it's your turn · {where}", player=mention(player), where=where)
    elif live.waiting.in_window:
        if live.record.deadline:
            text = t(
                "⚔️ {player}, you may respond · closes {time} · {where}",
                player=mention(player),
                time=relative_time(live.record.deadline),
                where=where,
            )
        else:
            text = t("⚔️ {player}, you may respond · {where}", player=mention(player), where=where)
    else:
        text = t("▶️ {player}, your move · {where}", player=mention(player), where=where)
    context = what_happened(what, limit=1) if not own_turn else ""
    if context:
        text = f"{text}\n{context}"
    label = t("Respond") if live.waiting.in_window else t("Take action")
    buttons: list[discord.ui.Item[Any]] = [ActButton.make(live.id, live.decision, label=label)]
    if live.waiting.in_window:
        buttons.append(PassButton.make(live.id, live.decision, pass_label(live, player)))
    return Rendered(content=text, view=_static_view(*buttons))


def pass_label(live: LiveMatch, player: int) -> str:
    """The pass button's words, as the game names its pass ("Don't block", "Pass")."""
    action = live.game.rules.timeout_action(live.state, player)
    return live.game.presenter.action_label(live.state, player, action) if action else t("Pass")


def window_prompt(
    live: LiveMatch,
    player: int,
    what: Sequence[str],
    *,
    guild_name: str,
    print_: str | None = None,
    legal: Sequence[Any] | None = None,
) -> Rendered:
    """A private notice that you may respond: the question first, then one click to pass (``print_``: PassButton's).

    Given the player's ``legal`` answers, a few that each take one tap ("Cliffhanger", "Anak Tiri › Budi") are
    its buttons, what each does listed above them: answering is one tap from the notification. Otherwise
    **Respond…** opens the picker on the prompt.
    """
    question = _clip(
        live.game.presenter.question(live.state, player, "type", (), shown_names(live.record.names)), QUESTION_LIMIT
    )
    where = _prompt_footer(
        live,
        guild_name,
        N_("-# You may respond · {game} #{match} in {guild} · closes {time}"),
        N_("-# You may respond · {game} #{match} in {guild}"),
    )
    news = [line for line in what if line and line.rstrip(".") not in question]  # the question may tell it already
    passing = (live.game.rules.timeout_action(live.state, player) or {}).get("type")
    answers = one_tap_answers(legal, passing, BUTTON_CHOICES - 1) if legal else None
    listed: list[str] = []
    if answers:
        fingerprint = picker_print(live, legal or ())
        respond: list[discord.ui.Item[Any]] = []
        for offer in answers:
            about = offer.via or offer.choice  # the card, when a button takes it with its target
            action = walk(legal or (), (*offer.path, offer.choice.index)).action
            title = (
                _offer_label(live, player, offer, action)
                if offer.via is None
                else choice_label(live, player, about.key, about.value)
            )
            notes = [live.game.presenter.choice_note(live.state, player, about.key, about.value)]
            if offer.via is None and action is not None:  # a kind that is one move: what its card or target does
                notes += [live.game.presenter.choice_note(live.state, player, k, v) for k, v in action.items()]
            note = _option_label(next((n for n in notes if n), ""))
            listed.append(f"**{shown(title)}**" + (f" · {note}" if note else ""))
            label = clip(_offer_label(live, player, offer, action), BUTTON_LIMIT)
            respond.append(
                PickButton.make(live.id, live.decision, fingerprint, offer.path, offer.choice.index, label=label)
            )
    else:
        respond = [  # a yes or no first, Respond… for the rest
            *_single_moves(live, player, legal or (), passing),
            ActButton.make(live.id, live.decision, label=t("Respond…")),
        ]
    body = [f"⚡ **{question}**", what_happened(news, limit=2), "\n".join(dict.fromkeys(listed)), where]
    view = _static_view(
        *respond,
        PassButton.make(live.id, live.decision, pass_label(live, player), print_),
        PrefButton.make(live.id, "skip", True),
    )
    return Rendered(content="\n".join(line for line in body if line), view=view)


#: A prompt whose answers do not all fit as buttons carries at most this many kinds of answer that are one move.
SINGLE_MOVES = 2


def _single_moves(live: LiveMatch, player: int, legal: Sequence[Any], passing: Any) -> list[discord.ui.Item[Any]]:
    """Beside Respond…, the kinds of answer that are one move each ("Sell at the counter-offer"), as buttons:
    a yes or no is one tap from the notification while the rest (a new price) opens the picker."""
    if not legal:
        return []
    root = walk(legal, ())
    if root.key != "type":
        return []
    fingerprint = picker_print(live, legal)
    buttons: list[discord.ui.Item[Any]] = []
    for choice in root.choices:
        action = walk(legal, (choice.index,)).action
        if action is None or choice.value == passing or len(buttons) == SINGLE_MOVES:
            continue
        label = clip(_option_label(live.game.presenter.action_label(live.state, player, action)), BUTTON_LIMIT)
        buttons.append(PickButton.make(live.id, live.decision, fingerprint, (), choice.index, label=label))
    return buttons


def _offer_label(live: LiveMatch, player: int, offer: Offer, action: Any = None, unasked: Sequence[str] = ()) -> str:
    """A button's words for a picker offer: its choice, after the choice it goes through ("Attack › Budi"). A kind
    of move that is one move (``action``) is named as that move ("Play Cliffhanger", not "Play a card"); an
    unfolded option whose move holds a detail never asked (the only card it can be) goes through that detail
    ("Play a card › Anak Tiri Kaki Curi › Budi", not "Play a card › Budi"); ``unasked``: the keys of those details
    (``_unasked_details``)."""
    if action is not None and offer.via is None and offer.choice.key == "type":
        return _option_label(live.game.presenter.action_label(live.state, player, action))
    label = _option_label(choice_label(live, player, offer.choice.key, offer.choice.value))
    via = offer.via
    if via is None:
        return label
    through = [(via.key, via.value)]
    if unasked and action:  # with what it plays that was never asked, in the move's own order
        through = [(key, value) for key, value in action.items() if key == via.key or key in unasked]
    # a choice's "…" says more is asked; here what is asked follows it
    head = " › ".join(_option_label(choice_label(live, player, k, v)).rstrip("…").rstrip() for k, v in through)
    # What sets the button apart is its option: the shared choice before it gives way ("DENGKI now (no… › Budi").
    return f"{clip(head, max(UNFOLDED_LABEL - len(label) - len(' › '), UNFOLDED_HEAD))} › {label}"


def _unasked_details(legal: Sequence[Action], step: Step, offer: Offer) -> tuple[Action | None, list[str]]:
    """The move an unfolded offer applies, and the keys of it never asked: every move its choice leads to
    shares them (the only card a kind can play), and they were not chosen before the step."""
    if offer.via is None:
        return None, []
    action = walk(legal, (*offer.path, offer.choice.index)).action
    if action is None:
        return None, []
    settled = {key for key, _ in step.context}
    moves = walk(legal, offer.path).candidates
    unasked = [
        key
        for key, value in action.items()
        if key not in ("type", offer.via.key, offer.choice.key, *settled) and all(m.get(key) == value for m in moves)
    ]
    return action, unasked


def _prompt_footer(live: LiveMatch, guild_name: str, timed: str, untimed: str) -> str:
    """A private prompt's last line: what it asks of you, the match, its server and, if it has one, the deadline
    (``timed`` and ``untimed``: the two wordings, marked with ``N_``)."""
    where: dict[str, Any] = {"game": live.game.title, "match": live.id, "guild": guild_name}
    if live.record.deadline:
        return translate(timed, time=relative_time(live.record.deadline), **where)
    return translate(untimed, **where)


def decider_prompt(live: LiveMatch, player: int, step: Step, what: Sequence[str], *, guild_name: str) -> Rendered:
    """The window's decider's private prompt: what just arrived, then their choices right there
    (the picker's first step), so answering an offer is one click from the notification."""
    where = _prompt_footer(
        live,
        guild_name,
        N_("-# You decide · {game} #{match} in {guild} · closes {time}"),
        N_("-# You decide · {game} #{match} in {guild}"),
    )
    header = "\n".join(line for line in (what_happened(what, limit=3), where) if line)
    return picker_message(live, player, step, header=header)


def decision_prompt(live: LiveMatch, player: int, step: Step, what: Sequence[str], *, guild_name: str) -> Rendered:
    """A private prompt for a decision that waits on ``player`` alone, when the channel mentioned them already
    this turn: the question first (a notification's preview shows it), the public line of the move that asked
    it, then their choices right there (the picker's first step), one click from the notification."""
    rendered = picker_message(live, player, step)
    question = rendered.embed.title if rendered.embed is not None else None
    if rendered.embed is not None:
        rendered.embed.title = None  # said once, first, in the content
    where = _prompt_footer(
        live,
        guild_name,
        N_("-# Your move · {game} #{match} in {guild} · time runs out {time}"),
        N_("-# Your move · {game} #{match} in {guild}"),
    )
    news = [line for line in what if line and line.rstrip(".") not in (question or "")]
    body = [f"⚔️ **{question}**" if question else "", what_happened(news, limit=2), where]
    rendered.content = "\n".join(line for line in body if line)
    return rendered


def window_over(live: LiveMatch, what: Sequence[str], *, guild_name: str) -> Rendered:
    """A negotiation DM at rest: how the round that asked its player ended (``what``: the public lines of the
    move that closed it: the window, or their part in it), no buttons, until a window asks them again."""
    where = t(
        "-# Nothing to answer now · {game} #{match} in {guild}", game=live.game.title, match=live.id, guild=guild_name
    )
    return collapsed("\n".join(line for line in (what_happened(what, limit=2), where) if line))


def collapsed(text: str) -> Rendered:
    """A prompt or picker that is over, folded to one line with no buttons left to press."""
    return Rendered(content=text, embed=None, view=discord.ui.View(timeout=None))


def reminder(live: LiveMatch, players: Sequence[int]) -> Rendered:
    """Halfway to a deadline, in the channel: whom the table waits for; when it is one person and others are
    at the table, a button for them to let the AI play that seat now (a majority of them hands it over)."""
    who = " ".join(mention(p) for p in players)
    buttons: list[discord.ui.Item[Any]] = [ActButton.make(live.id, live.decision)]
    if len(players) == 1 and eligible_voters(live, players[0]):
        label = _option_label(t("AI plays for {player} now", player=seat_name(live, players[0])), BUTTON_LIMIT)
        buttons.append(VoteButton.make(live.id, live.decision, players[0], label=label))
    view = _static_view(*buttons)
    if live.record.deadline:
        text = t(
            "⏰ {players}: {game} match #{match} is waiting for you. Time runs out {time}; then the bot plays for you.",
            players=who,
            game=live.game.title,
            match=live.id,
            time=relative_time(live.record.deadline),
        )
    else:
        text = t(
            "⏰ {players}: {game} match #{match} is waiting for you. Time runs out soon; then the bot plays for you.",
            players=who,
            game=live.game.title,
            match=live.id,
        )
    return Rendered(content=text, view=view)


def reminder_dm(live: LiveMatch, guild_name: str, jump_url: str | None) -> str:
    where = f" ({jump_url})" if jump_url else ""
    if live.record.deadline:
        return t(
            "⏰ Your {game} match #{match} in **{guild}** is waiting for you{link}. Time runs out {time}.",
            game=live.game.title,
            match=live.id,
            guild=guild_name,
            link=where,
            time=relative_time(live.record.deadline),
        )
    return t(
        "⏰ Your {game} match #{match} in **{guild}** is waiting for you{link}. Time runs out soon.",
        game=live.game.title,
        match=live.id,
        guild=guild_name,
        link=where,
    )


# --- private messages ------------------------------------------------------------
def private_board(live: LiveMatch, player: int) -> Board:
    """The board as ``player`` sees it: their hand and everything else only they may see."""
    game = live.game
    return game.presenter.board(game.rules.view(live.state, player), shown_names(live.record.names))


def hand_dm(
    live: LiveMatch,
    player: int,
    *,
    guild_name: str,
    channel_id: int,
    channel_name: str,
    jump_url: str | None,
    notes: Sequence[str] = (),
) -> Rendered:
    """The player's private DM for one match: names the server, channel and match."""
    # A match that ended says so first: the view under it is where play stopped.
    body = ["**" + t("This match is over.") + "**"] if live.record.status != ACTIVE else []
    game = live.game
    seen = game.presenter.lasting(game.rules.view(live.state, player))  # a window's passing state is its prompts'
    board = game.presenter.board(seen, shown_names(live.record.names))
    body.append(board.text)
    if notes:
        body.append(t("**Your latest**") + "\n" + "\n".join(f"• {n}" for n in notes[-5:]))
    embed = discord.Embed(
        title=t("Your {game} hand · match #{match}", game=live.game.title, match=live.id),
        colour=COLOUR_PLAY,
        description=_clip("\n\n".join(body)),
    )
    embed.set_footer(
        text=t(
            "{guild} · {channel} · private to you · updated when your hand changes; "
            "the table in the channel shows the live board",
            guild=guild_name,
            channel=channel_name,
        )
    )
    add_fields(embed, board.fields)
    content = t(
        "{game} match #{match} in **{guild}**, <#{channel}>.",
        game=live.game.title,
        match=live.id,
        guild=guild_name,
        channel=channel_id,
    )
    view = _static_view(discord.ui.Button(label=t("Go to the table"), url=jump_url)) if jump_url else None
    return Rendered(content=content, embed=embed, view=view)


def private_reply(
    live: LiveMatch,
    player: int,
    *,
    header: str | None = None,
    show_act: bool = False,
    skipping: bool = False,
    always_ask: bool = False,
) -> Rendered:
    """An ephemeral look at one's own hand, with one's own switches for response windows."""
    parts = [header] if header else []
    board = private_board(live, player)
    parts.append(board.text)
    embed = discord.Embed(
        title=t("Your {game} view · match #{match}", game=live.game.title, match=live.id),
        colour=COLOUR_PLAY,
        description=_clip("\n\n".join(parts)),
    )
    add_fields(embed, board.fields)
    items: list[discord.ui.Item[Any]] = []
    if show_act:
        items.append(ActButton.make(live.id, live.decision))
    if live.record.status == ACTIVE:
        items.append(PrefButton.make(live.id, "skip", not skipping))
        items.append(PrefButton.make(live.id, "ask", not always_ask))
    return Rendered(embed=embed, view=_static_view(*items) if items else None)


def picker_message(
    live: LiveMatch, player: int, step: Step, *, header: str | None = None, fingerprint: str | None = None
) -> Rendered:
    """The private action picker at one step: the question first, then what the decision needs.

    The buttons and selects are built from the legal actions; their ids carry the
    decision number and a fingerprint of those actions (``fingerprint``, when the
    caller has it already), so a click is applied only to the question it was asked for.
    """
    game, state = live.game, live.state
    legal = fingerprint if fingerprint is not None else picker_print(live, step.all_legal)
    question = _clip(
        game.presenter.question(state, player, step.key, step.context, shown_names(live.record.names)), QUESTION_LIMIT
    )
    named = [choice_label(live, player, c.key, c.value) for c in step.choices]  # a player's name as they wrote it
    labels = [_option_label(label) for label in named]
    notes = [_option_label(game.presenter.choice_note(state, player, c.key, c.value)) or None for c in step.choices]
    # A few choices are buttons, one tap each, what each does read above them in a list; where two rows' worth
    # fit, a choice's options are buttons at once ("Cliffhanger › Budi": one tap for two choices). More is a select.
    buttons = len(step.choices) <= (BUTTON_CHOICES if any(notes) else PLAIN_BUTTON_CHOICES)

    def label_of(offer: Offer) -> str:
        return _offer_label(live, player, offer, *_unasked_details(step.all_legal, step, offer))

    def fits(offer: Offer) -> bool:
        return len(label_of(offer)) <= UNFOLDED_LABEL

    offered = offers(step.all_legal, step, UNFOLD_MOST, fits) if buttons else []

    parts = []
    if step.chosen:
        chosen = " › ".join(shown(choice_label(live, player, k, v)) for k, v in step.chosen)  # labels, as text
        parts.append(t("**Chosen:** {choices}", choices=chosen))
    waiting = live.waiting
    if waiting.in_window and live.record.deadline:
        parts.append(t("⏳ Closes {time}", time=relative_time(live.record.deadline)))
    if buttons and any(notes):  # markdown here: a name is written escaped (a label shows it as plain text)
        listed = [
            f"**{shown(name)}**" + (f" · {note}" if note else "") for name, note in zip(named, notes, strict=True)
        ]
        parts.append("\n".join(listed))
    parts.append(game.presenter.brief_text(game.rules.view(state, player), shown_names(live.record.names)))
    embed = discord.Embed(
        title=_clip(question, 256),
        colour=COLOUR_WINDOW if waiting.in_window else COLOUR_PLAY,
        description=_clip("\n\n".join(p for p in parts if p)),
    )
    embed.set_footer(text=t("{game} · match #{match} · only you can see this", game=game.title, match=live.id))
    view = discord.ui.View(timeout=None)
    if buttons:
        for offer in offered:
            label = clip(label_of(offer), BUTTON_LIMIT)
            view.add_item(PickButton.make(live.id, live.decision, legal, offer.path, offer.choice.index, label=label))
    else:
        for chunk_start in range(0, min(len(step.choices), SELECT_OPTIONS * MAX_SELECTS), SELECT_OPTIONS):
            chunk = step.choices[chunk_start : chunk_start + SELECT_OPTIONS]
            view.add_item(
                PickSelect.make(
                    live.id,
                    live.decision,
                    legal,
                    step.path,
                    chunk_start // SELECT_OPTIONS,
                    # several menus: each says which of the choices it holds ("0 silver – 24 silver")
                    placeholder=question
                    if len(step.choices) <= SELECT_OPTIONS
                    else clip(f"{labels[chunk[0].index]} – {labels[chunk[-1].index]}", PLACEHOLDER_LIMIT),
                    options=[
                        discord.SelectOption(label=labels[c.index], value=str(c.index), description=notes[c.index])
                        for c in chunk
                    ],
                )
            )
    if step.path:
        view.add_item(
            PickButton.make(
                live.id, live.decision, legal, step.path, "back", label=t("Back"), style=discord.ButtonStyle.secondary
            )
        )
    return Rendered(content=header, embed=embed, view=view, hand_of=(live, player))


def legal_fingerprint(legal: Sequence[Any]) -> str:
    """Six hex digits naming a list of legal actions: a picker's options mean what they meant when sent."""
    digest = hashlib.blake2b(json.dumps(list(legal), sort_keys=True, default=str).encode(), digest_size=3)
    return digest.hexdigest()


def named_window(live: LiveMatch | None) -> Any:
    """The key of the open window when the game names it across its rounds (``Window.key``: a negotiation),
    else None."""
    window = live.waiting.window if live is not None and live.state is not None else None
    return window.key if window is not None else None


def picker_print(live: LiveMatch, legal: Sequence[Any]) -> str:
    """The print a picker's ids carry: its legal actions and, in a window the game names across its rounds
    (``Window.key``, a negotiation), that window. A click counts while the print is today's: there, a pick
    half made survives a new round that leaves the player's own choices as they were (a rival's counter)."""
    key = named_window(live)
    return legal_fingerprint(legal if key is None else [key, *legal])


def choice_label(live: LiveMatch, player: int, key: str, value: Any) -> str:
    """A picker label. A value naming a seated player shows that player's name (engines know no names)."""
    if isinstance(value, int) and not isinstance(value, bool) and value in live.record.players and key != "type":
        return seat_name(live, value)
    return live.game.presenter.choice_label(live.state, player, key, value)


_EMPHASIS = re.compile(r"(\*\*|\*|__)(?=\S)(.+?)(?<=\S)\1")


def _option_label(text: str, limit: int = OPTION_LIMIT) -> str:
    """A button label or select text: Discord shows these as plain text, so emphasis marks go."""
    return clip(_EMPHASIS.sub(r"\2", text), limit)


def page(board: Board, *, colour: int | None = None) -> Rendered:
    """A page of its own (a card looked up): its heading, text, boxes and footnote, fitted to Discord's limits."""
    embed = discord.Embed(
        title=_clip(board.title, 256) if board.title else None,
        description=_clip(board.text) if board.text else None,
        colour=discord.Colour(colour) if colour is not None else COLOUR_LOBBY,
    )
    add_fields(embed, board.fields)
    if board.footer:
        embed.set_footer(text=_clip(board.footer, 2048))
    return Rendered(embed=embed)


def notice(text: str, *, title: str | None = None) -> discord.Embed:
    return discord.Embed(description=text, colour=COLOUR_LOBBY, title=title)
