"""A simulated person at the table: opens the picker and clicks through it to a chosen action.

Shared by the tests and the offline demo so both play exactly as a person
would: every click lands on a button or select the bot really sent.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass

import discord

from bot.frontend.ui.components import PickButton, parse_path
from bot.frontend.ui.picker import PathError, walk
from bot.kernel.contract import Action
from tools.sim.models import FakeMessage, InteractionRecord
from tools.sim.world import FakeDiscord


def _picker_of(message: FakeMessage) -> tuple[int, int, str]:
    """The match, decision number and legal-actions fingerprint a picker message was built for."""
    for cid in message.custom_ids():
        if cid.startswith(("pkb:", "pks:")):
            _, match, decision, legal, *_ = cid.split(":")
            return int(match), int(decision), legal
    raise AssertionError(f"not a picker message: {message.custom_ids()}")


def shown_path(message: FakeMessage) -> tuple[int, ...]:
    """The picker step a message shows: the shortest path its pick ids carry (a button offering an option of
    the next step at once carries one choice more)."""
    paths = [parse_path(cid.split(":")[4]) for cid in message.custom_ids() if cid.startswith(("pkb:", "pks:"))]
    return min(paths, key=len, default=())


def _leads_to(legal: Sequence[Action], path: tuple[int, ...], action: Action) -> bool:
    return action in walk(legal, path).candidates


@dataclass(frozen=True)
class Pick:
    """The next click towards an action on a picker: a button (``value`` None) or a select's option."""

    custom_id: str
    value: str | None
    #: The picker's step after the click, and whether the click applies the action.
    path: tuple[int, ...]
    final: bool


def next_pick(message: FakeMessage, legal: Sequence[Action], path: tuple[int, ...], action: Action) -> Pick:
    """The click a person makes next on ``message`` (at step ``path``) to reach ``action``: the button that
    takes it in one tap when the picker offers the next step's option at once, else the step's own choice."""
    match_id, decision, legal_print = _picker_of(message)
    ids = message.custom_ids()
    index = next(c.index for c in walk(legal, path).choices if action.get(c.key) == c.value)
    chosen = (*path, index)
    after = walk(legal, chosen)
    if after.action is None:  # one tap for two choices, if offered
        option = next(c.index for c in after.choices if action.get(c.key) == c.value)
        button = PickButton.custom_id_for(match_id, decision, legal_print, chosen, option)
        if button in ids:
            return Pick(button, None, (*chosen, option), walk(legal, (*chosen, option)).action is not None)
    button = PickButton.custom_id_for(match_id, decision, legal_print, path, index)
    if button in ids:
        return Pick(button, None, chosen, after.action is not None)
    select = next((s for s in message.selects() if any(o.value == str(index) for o in s.options)), None)
    if select is None:
        raise AssertionError(f"option {index} is not on the picker: {ids}")
    return Pick(select.custom_id, str(index), chosen, after.action is not None)


async def choose(
    world: FakeDiscord, client: discord.Client, player: int, picker: FakeMessage, path: tuple[int, ...], index: int
) -> InteractionRecord:
    """Click option ``index`` of the picker step at ``path``, as a button or in a select."""
    match_id, decision, legal = _picker_of(picker)
    button_id = PickButton.custom_id_for(match_id, decision, legal, path, index)
    if button_id in picker.custom_ids():
        record = await world.click(client, player, picker, button_id)
    else:
        select = next((s for s in picker.selects() if any(o.value == str(index) for o in s.options)), None)
        if select is None:
            raise AssertionError(f"option {index} is not on the picker: {picker.custom_ids()}")
        record = await world.select(client, player, picker, select.custom_id, [str(index)])
    await world.settle()
    return record


async def click_through(
    world: FakeDiscord,
    client: discord.Client,
    player: int,
    picker: FakeMessage,
    legal: Sequence[Action],
    action: Action,
    after_click: Callable[[InteractionRecord], Awaitable[None]] | None = None,
) -> InteractionRecord | None:
    """From an open picker, click down to ``action``; returns the last click (None if no click was needed).

    ``after_click`` sees each click once it is answered (a test recording what the channel showed).
    """
    if action not in legal:
        raise AssertionError(f"{action} is not legal for {player}")
    path = shown_path(picker)  # a picker may open past its first step (Respond… in a window)
    record: InteractionRecord | None = None
    message = picker
    while path and not _leads_to(legal, path, action):
        match_id, decision, fingerprint = _picker_of(message)
        record = await world.click(
            client, player, message, PickButton.custom_id_for(match_id, decision, fingerprint, path, "back")
        )
        await world.settle()
        if after_click is not None:
            await after_click(record)
        assert record.message is not None, f"the picker did not answer: {record}"
        message, path = record.message, path[:-1]
    while walk(legal, path).action is None:
        pick = next_pick(message, legal, path, action)
        if pick.value is None:
            record = await world.click(client, player, message, pick.custom_id)
        else:
            record = await world.select(client, player, message, pick.custom_id, [pick.value])
        await world.settle()
        if after_click is not None:
            await after_click(record)
        if pick.final:
            return record
        if record.message is None:
            raise AssertionError(f"the picker did not answer: {record}")
        message, path = record.message, pick.path
    return record


def one_tap(message: FakeMessage, legal: Sequence[Action], action: Action) -> str | None:
    """The button on ``message`` (a picker, or a prompt carrying its answers) that takes ``action`` in one tap."""
    for cid in message.custom_ids():
        parts = cid.split(":")
        if parts[0] != "pkb" or len(parts) != 6 or parts[5] == "back":
            continue
        try:
            if walk(legal, (*parse_path(parts[4]), int(parts[5]))).action == action:
                return cid
        except PathError:
            continue
    return None


def act_button(message: FakeMessage) -> str:
    """The "Take action" / "Respond" custom_id on a table or ping message."""
    return next(cid for cid in message.custom_ids() if cid.startswith("act:"))


async def play(
    world: FakeDiscord, client: discord.Client, player: int, table: FakeMessage, legal: Sequence[Action], action: Action
) -> InteractionRecord:
    """Open the picker from ``table`` and click through to ``action``."""
    opened = await world.click(client, player, table, act_button(table))
    await world.settle()
    if opened.message is None:
        raise AssertionError(f"the picker did not open: {opened.text}")
    last = await click_through(world, client, player, opened.message, legal, action)
    return last or opened


__all__ = ["Pick", "act_button", "choose", "click_through", "next_pick", "one_tap", "play", "shown_path"]
