"""Mat Goceng at a Discord table: finding negotiations to test, and watching every DM for secrets.

Built on the any-game driver (``any_table``): every move is a click on something the bot sent.
"""

from __future__ import annotations

from typing import Any

from bot.games.goceng.flow import fitting_cards
from bot.games.goceng.view import character_name, known_characters
from tests.frontend.any_table import CHANNEL, GameTable, _contains, _message_json, snapshot_text, without_title
from tools.sim import seat


class DmLeaks(list):
    """Leaks found, as (reader, character, text); ``known_seen`` counts DMs that named a character
    their reader knows (their own, at least): proof that the check looks at the right texts."""

    known_seen = 0


def watch_dms(table: GameTable) -> DmLeaks:
    """Check every DM the bot sends or edits from now on: none may name the character of a player
    its reader does not know (not revealed, not their own, not seen with Mata Menembus Sukma)."""
    leaks = DmLeaks()
    seen = [len(table.world.requests)]
    observe = table.observe

    async def observe_dms() -> None:
        await observe()
        live = await table.live() if table.match_id else None
        requests = table.world.requests[seen[0] :]
        seen[0] = len(table.world.requests)
        if live is None or live.state is None or live.record.status != "active":
            return
        state = live.state
        by_channel = {table.world.directory.users[p].dm_channel_id: p for p in table.humans}
        for request in requests:
            message = _message_json(request)
            if message is None or int(message["channel_id"]) == CHANNEL:
                continue
            reader = by_channel.get(int(message["channel_id"]))
            if reader is None:
                continue
            known = known_characters(state, reader)
            text = without_title(snapshot_text(message), live.game.title)
            for player in state.players:
                name = character_name(state.characters[player])
                if player not in known and _contains(text, name):
                    leaks.append((reader, name, text))
                elif player in known and _contains(text, name):
                    leaks.known_seen += 1

    table.observe = observe_dms  # type: ignore[method-assign]
    return leaks


def negotiation_ahead(helpers_fitting: int, battler: int | None = None):
    """An ``until`` for ``play_out``: a battle holder (``battler`` if given) who may ask for Extra
    Power, with at least ``helpers_fitting`` human players outside the battle holding a fitting card."""

    def until(live: Any) -> bool:
        state = live.state
        battle = state.battle
        if battle is None or battle.window is not None or state.pending is not None or battle.asked:
            return False
        if battler is not None and battle.holder != battler:
            return False
        if battle.holder < 0 or not battle.lines[battle.holder]:
            return False
        helpers = [p for p in state.players if p not in (battle.attacker, battle.defender) and p > 0]
        return sum(bool(fitting_cards(state, battle, battle.holder, h)) for h in helpers) >= helpers_fitting

    return until


def offers_of(live: Any, player: int) -> list[dict]:
    return [a for a in live.game.rules.legal_actions(live.state, player) if a["type"] == "offer"]


def _answers_here(message: Any) -> bool:
    """Whether ``message`` shows choices to click right there (a picker's step, not a prompt's Respond…)."""
    ids = message.custom_ids()
    return any(c.startswith(("pkb:", "pks:")) for c in ids) and not any(c.startswith("act:") for c in ids)


def waiting_at(table: GameTable, player: int) -> Any | None:
    """The message of ``player``'s newest click, as it is now, if it shows choices: where they wait (a battler
    who asked for help watches the picker they asked from, and the offers come up on it)."""
    record = next((r for r in reversed(table.clicks) if r.user_id == player and r.message is not None), None)
    if record is None:
        return None
    message = table.world.message(record.message.id)
    return message if message is not None and not message.deleted and _answers_here(message) else None


async def prompt_pick(table: GameTable, player: int, action: dict) -> Any:
    """Answer where ``player`` is asked: their newest DM, clicked through as it stands when it shows their choices
    (a decider's prompt), else the message they wait at (``waiting_at``), else a responder's prompt through
    Respond… and the picker."""
    live = await table.live()
    legal = live.game.rules.legal_actions(live.state, player)
    dms = table.world.dm_messages(player)
    prompt = dms[-1] if dms else None
    if prompt is None or not _answers_here(prompt):
        asks = prompt is not None and any(c.startswith("act:") for c in prompt.custom_ids())
        prompt = None if asks else waiting_at(table, player)
    if prompt is not None:
        return await seat.click_through(
            table.world, table.bot, player, prompt, legal, action, after_click=table._clicked
        )
    return await table.act(player, action, via="prompt")


async def help_asked(table: GameTable) -> tuple[int, int, int]:
    """Play a started 4-player table on to a battler who may ask two helpers with a fitting card, and ask:
    (battler, helper, other helper), the helpers in seat order."""
    live = await table.play_out(until=negotiation_ahead(2))
    battler = live.state.battle.holder
    a, b = sorted(p for p in live.state.players if p not in (live.state.battle.attacker, live.state.battle.defender))
    await table.act(battler, {"type": "ask_help"})
    return battler, a, b
