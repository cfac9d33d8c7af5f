"""Discord failing on its side, one kind of request at a time: every other request of the kind answers 503, or
never answers (a timeout), for a whole match.

Each kind of request the bot makes (replies to clicks, followups, posts and edits in the channel and in
DMs, deletes, opening a DM) meets both faults, in a game chosen in turn so that every game meets them.
(A delete in a channel is made only for a ping or prompt whose click token has run out, which a quick match
never meets; it only tidies, and a failed one is logged: ``ratelimits/test_table_tokens.py``. An edit through a
click's token by message id is made only for a DM prompt brought up to date through the click that opened it,
and falls back to an edit in the DM channel when it fails (``WindowPrompts._through_click``).) After each match:
it finished, what the service holds is what is stored and the log replays to it, the
table shows the result, every click was answered, and no fault left a traceback (a warning line only).
"""

from __future__ import annotations

import logging

import pytest

from bot.frontend.delivery import retry
from bot.frontend.ui import render
from bot.kernel.module import all_games, get_game
from tests.frontend.any_table import CHANNEL, close_table, open_table
from tests.frontend.faults import held_equals_stored
from tools.sim.rest import TIMEOUT

#: Every kind of request the bot makes while a match is played, by discord.py's route template.
KINDS = [
    ("POST", "/interactions/{webhook_id}/{webhook_token}/callback"),  # the reply to a click or a command
    ("POST", "/webhooks/{webhook_id}/{webhook_token}"),  # a followup (a ping, a picker's next step)
    ("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/@original"),  # a reply edited (a picker, the table)
    ("DELETE", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"),  # a followup deleted (a ping)
    ("POST", "/channels/{channel_id}/messages"),  # a post: a DM (hand, prompt), the result, a notice
    ("PATCH", "/channels/{channel_id}/messages/{message_id}"),  # an edit: the table, a hand DM
    ("POST", "/users/@me/channels"),  # opening a DM channel
]
FAULTS = {"503": 503, "timeout": TIMEOUT}
GAMES = [game.name for game in all_games()]


def _cases() -> list:
    """Each kind of request with each fault, in a game taken in turn, so that every game meets faults."""
    cases = []
    for i, (kind, (name, fault)) in enumerate((kind, fault) for kind in KINDS for fault in FAULTS.items()):
        game = GAMES[i % len(GAMES)]
        cases.append(pytest.param(game, *kind, fault, id=f"{kind[0]} {kind[1]} {name} ({game})"))
    return cases


CASES = _cases()


@pytest.mark.slow
@pytest.mark.parametrize(("game", "method", "route", "fault"), CASES)
async def test_a_match_plays_to_its_end_while_discord_fails_every_other_request_of_a_kind(
    game, method, route, fault, db_path, clock, caplog, monkeypatch
):
    monkeypatch.setattr(retry, "FIRST_WAIT", 0.001)  # the same tries, without the waits between them
    rules = get_game(game).rules
    humans = min(2, rules.max_players)
    table = await open_table(db_path, clock, game, humans, min(1, rules.max_players - humans), seed=3)
    try:
        table.world.rest.fail_every(method, route, 2, fault)
        with caplog.at_level(logging.WARNING):
            await table.open_and_start()
            await table.play_out()
        met = [r for r in table.world.requests if (r.method, r.route) == (method, route) and r.status == (fault)]
        assert met, "the fault was never met: this kind of request is not made in a match"
        stored = await table.bot.storage.matches.get_match(table.match_id)
        assert stored.status == "finished" and stored.result is not None
        await held_equals_stored(table.bot, table.match_id)
        live = await table.live()
        result = live.game.rules.result(live.game.rules.state_from_json(stored.state))
        final = table.world.message(live.record.message_id)
        assert render.result_text(live, result).splitlines()[0] in final.text, final.text[-400:]
        assert "Take action" not in [b.label for b in final.buttons()]
        assert all(i.responded for i in table.world.interactions), "a click went unanswered"
        tracebacks = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info]
        assert not tracebacks, tracebacks
    finally:
        await close_table(table)


async def test_a_secret_identity_discord_fails_to_deliver_at_the_start_is_told_in_the_channel(
    db_path, clock, monkeypatch
):
    """Every try of one player's first DM fails: the channel says where their hand is (as for closed DMs), their DMs
    are not taken for closed, and the DMs that follow reach them."""
    monkeypatch.setattr(retry, "FIRST_WAIT", 0.001)
    table = await open_table(db_path, clock, "goceng", 3, 0, seed=5)
    try:
        guest = table.humans[1]
        dm = table.world.directory.dm_channel(guest).id
        table.world.rest.fail_next(
            "POST", "/channels/{channel_id}/messages", *[503] * retry.TRIES, where=lambda p: int(p["channel_id"]) == dm
        )
        await table.open_and_start()
        notices = [m.text for m in table.world.channel_messages(CHANNEL) if "I couldn't DM" in m.text]
        assert len(notices) == 1 and f"<@{guest}>" in notices[0] and f"<@{table.humans[0]}>" not in notices[0]
        live = await table.live()
        assert guest not in live.record.dm_closed and not table.world.dm_messages(guest)
        await table.play_out()
        assert table.world.dm_messages(guest), "the DMs after the failed one never reached them"
        await held_equals_stored(table.bot, table.match_id)
    finally:
        await close_table(table)
