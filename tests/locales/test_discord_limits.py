"""Every fixed text Discord caps fits its cap in every language, so nothing is cut, or shown in English instead,
at run time.

Slash commands are read from the payload discord.py really syncs (descriptions of commands, groups and
options, and choice names: 100 characters each); a translation over the cap would be left out of it and an
Indonesian client would read the English. The lobby's fixed texts are read where the lobby builds them:
the AI levels' labels and descriptions (a select option's 100), the game options' choices (100) and the
options' placeholders (150). Messages built from a match (buttons, pickers, tables) are checked in every
language by ``tests/frontend/test_languages_limits.py``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from bot.ai import levels
from bot.frontend.ui.fit import OPTION_LIMIT, PLACEHOLDER_LIMIT
from bot.kernel import i18n
from bot.kernel.i18n import translation
from bot.kernel.module import all_games
from bot.kernel.options import TABLE_OPTIONS
from tests.frontend.table_driver import make_bot, make_world

#: Discord's cap on a description and on a choice's name.
SLASH_LIMIT = 100
LANGUAGES = ("ms", "id")


@pytest.fixture
async def synced(db_path, clock) -> Any:
    """The commands the bot synced, as discord.py sent them, with the shipped catalogues."""
    i18n.set_locales_dir(None)
    world = make_world()
    bot = make_bot(db_path, clock)
    await world.connect(bot)
    puts = [r for r in world.requests if r.method == "PUT" and r.route.endswith("/commands")]
    assert puts, "the bot synced no commands"
    yield puts[-1].json
    await bot.close()
    world.close()


def _texts(commands: list[dict[str, Any]]) -> Iterator[tuple[str, dict[str, Any], str]]:
    """(where, the payload entry, its English text) for every description and choice name."""
    for command in commands:
        yield command["name"], command, command["description"]
        for option in command.get("options") or ():
            where = f"{command['name']} {option['name']}"
            yield where, option, option["description"]
            for sub in option.get("options") or ():
                yield f"{where} {sub['name']}", sub, sub["description"]
                for choice in sub.get("choices") or ():
                    yield f"{where} {sub['name']} = {choice['value']}", choice, choice["name"]
            for choice in option.get("choices") or ():
                yield f"{where} = {choice['value']}", choice, choice["name"]


async def test_every_slash_text_fits_in_every_language_and_reaches_indonesian_clients(synced):
    too_long, dropped = [], []
    checked = 0
    for where, entry, english in _texts(synced):
        assert len(english) <= SLASH_LIMIT, (where, english)
        for language in LANGUAGES:
            text = translation(english, language)
            if not text:
                continue
            checked += 1
            if len(text) > SLASH_LIMIT:
                too_long.append((language, where, len(text), text))
        text = translation(english, "id")
        localised = (entry.get("description_localizations") or entry.get("name_localizations") or {}).get("id")
        if text and localised != text:
            dropped.append((where, text))
    assert checked > 100, "the walk found too few texts to be reading the payload"
    assert too_long == [], f"shorten these translations (Discord caps them at {SLASH_LIMIT}): {too_long}"
    assert dropped == [], f"translated, yet an Indonesian client reads the English: {dropped}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_lobbys_fixed_texts_fit_in_every_language(language):
    i18n.set_locales_dir(None)
    with i18n.use_locale(language):
        texts = [(f"AI level {lv}", i18n.translate(levels.DESCRIPTIONS[lv]), OPTION_LIMIT) for lv in levels.LEVELS]
        texts += [
            (f"AI level {lv}", i18n.t("{level} AI", level=levels.label(lv)), OPTION_LIMIT) for lv in levels.LEVELS
        ]
        declared = [(game.name, option) for game in all_games() for option in game.rules.options]
        for owner, option in declared + [("table", option) for option in TABLE_OPTIONS]:
            for _, label in option.values():
                texts.append((f"{owner} {option.name}", label, OPTION_LIMIT))
            for value in (*(option.check(wire) for wire, _ in option.values()), None):
                texts.append((f"{owner} {option.name}", f"{option.title}: {option.show(value)}", PLACEHOLDER_LIMIT))
    too_long = [(where, len(text), text) for where, text, limit in texts if len(text) > limit]
    assert len(texts) > 6 and too_long == []
