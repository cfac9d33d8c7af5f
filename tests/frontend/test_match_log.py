"""The table's **Log**: the last moves of a match, privately, page by page, with nothing only some players may read.

Played through the real bot in every game: the Log button on the table answers the clicking person alone,
its newest page ends with the table's last line, older pages go back to the first move, and no page
holds a line the table was not told (a hand, a card drawn, a hidden identity). ``/<game> log`` shows the same.
"""

from __future__ import annotations

import pytest

from bot.frontend.ui.components import LogButton
from bot.frontend.ui.render import LOG_PAGE
from bot.kernel.module import all_games, get_game
from tests.frontend.any_table import STRANGER, close_table, open_table

GAMES = [game.name for game in all_games()]


def _page_lines(message) -> list[str]:
    return [line[2:] for line in message.embeds[0]["description"].splitlines() if line.startswith("• ")]


@pytest.mark.parametrize("game", GAMES)
async def test_the_log_shows_every_public_move_privately_page_by_page(game, db_path, clock):
    table = await open_table(db_path, clock, game, get_game(game).rules.min_players, 0, seed=4)
    told: list[str] = []  # every public line the table was told, move by move
    table.bot.announcer.move_listeners.append(lambda outcome: told.extend(outcome.public_lines))
    try:
        await table.open_and_start()
        await table.play_out(until=lambda live: live.seq >= 40)
        live = await table.live()
        opened = await table.click(STRANGER, table.table_message(), LogButton.custom_id_for(live.id))
        assert opened.ephemeral and opened.message is not None  # the reader alone; a spectator may read it too
        newest = _page_lines(opened.message)
        assert 0 < len(newest) <= LOG_PAGE
        engine_lines = [line for line in live.record.recent if line in newest]
        assert engine_lines and engine_lines[-1] == newest[-1], (live.record.recent[-3:], newest[-3:])
        pages, message = [newest], opened.message
        while any(b.label == "◀ Older" and not b.disabled for b in message.buttons()):
            older = next(b for b in message.buttons() if b.label == "◀ Older")
            message = (await table.click(STRANGER, message, older.custom_id)).message
            pages.insert(0, _page_lines(message))
        everything = [line for page in pages for line in page]
        assert len(everything) > LOG_PAGE, "too few moves to turn a page: play longer"
        assert len(pages) == -(-len(everything) // LOG_PAGE)
        # Nothing but what the table was told, in the order it was told (the platform's own lines, such as a
        # timeout, are the table's only): no line only some players could read.
        public = iter(told)
        assert all(any(line == said for said in public) for line in everything), "a line the table never showed"
        back = next(b for b in message.buttons() if b.label == "Newer ▶")
        again = (await table.click(STRANGER, message, back.custom_id)).message
        assert _page_lines(again) == pages[1]
        by_command = await table.slash(table.humans[0], "log")
        assert by_command.ephemeral and _page_lines(by_command.message) == newest
    finally:
        await close_table(table)
