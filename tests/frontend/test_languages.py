"""Languages at a real table: a Malay server, an Indonesian player, every message in its reader's language.

Every game is played from ``/<game> new`` to its result through the stand-in for
Discord, on a server whose language is Bahasa Melayu, with one player whose
Discord client is Indonesian (``id``; they chose nothing, so the client's hint
decides) and the others reading the server's language. Every message the bot
sent or edited is read back from the recorded requests and sorted by who could
see it: the channel, or one person (DMs, replies only they see).

"No English left" is checked against the template itself: every literal piece of
every English message (the words between its placeholders, names and game terms
left out) is searched for in every sent text, so a text built outside its
reader's language, or never translated, is found however it was filled in. The
same is done with each language's own pieces to tell Malay from Indonesian.
The catalogues are pseudo-translations (every word changed by a rule per
language) until the real ones ship; then the same test runs on those.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

import pytest

from bot.games.goceng.cards import AJIAN_NAMES
from bot.kernel import i18n
from bot.kernel.module import all_games, get_game
from bot.kernel.po import parse_po
from bot.kernel.rng import Rng
from bot.locales import audit, extract
from bot.locales.pseudo import write_pseudo_catalogues
from tests.frontend.any_table import CHANNEL, GUILD, HUMANS, GameTable, _message_json, make_bot, make_world
from tools.sim import components as comp

INDONESIAN = HUMANS[0]


@pytest.fixture(params=["pseudo", "shipped"])
def catalogues(request, tmp_path):
    if request.param == "shipped":
        missing = [c for c in ("ms", "id") if not (i18n.LOCALES_DIR / f"{c}.po").exists()]
        if missing:
            pytest.skip(f"bot/locales/{', '.join(missing)}.po not shipped yet")
        directory = i18n.LOCALES_DIR
    else:
        directory = tmp_path / "locales"
        directory.mkdir()
        write_pseudo_catalogues(directory)
    i18n.set_locales_dir(directory)
    yield directory
    i18n.set_locales_dir(None)


#: Besides the card data's names and the game terms of ``audit.KEPT_TERMS``: names written in the code
#: (the Ajian cards, also named without their "Ajian"), and a snore every language writes alike.
KEPT = (
    *audit.KEPT_TERMS,
    *AJIAN_NAMES.values(),
    *(n.removeprefix("Ajian ") for n in AJIAN_NAMES.values()),
    "zzzz... zzzzz....",
)


def _pieces_of(directory: Any) -> dict[str, audit.Fragments]:
    """English's, Malay's and Indonesian's sentences: each language's pieces that no text of the other two
    contains (Malay and Indonesian share many words: "giliran ini" is both, so it tells neither)."""
    names = audit.card_names()
    texts = {"en": audit.english_texts(extract.collect())}
    for locale in ("ms", "id"):
        path = directory / f"{locale}.po"
        texts[locale] = audit.translated_texts(parse_po(path.read_text(encoding="utf-8"), path.name))
    out = {"en": audit.Fragments.of(texts["en"], names=names, kept=KEPT)}  # English: every piece, wherever else it is
    for k in ("ms", "id"):
        others = "\n".join(text for other, some in texts.items() if other != k for text in some)
        every = audit.Fragments.of(texts[k], names=names, kept=KEPT)
        out[k] = audit.Fragments(tuple(p for p in every.pieces if p not in others))
    return out


def _text(message: dict[str, Any]) -> str:
    """Everything a message shows: content, embeds, texts, and every label, placeholder and option."""
    parts = [message.get("content") or ""]
    for embed in message.get("embeds") or []:
        parts.extend(comp.embed_text(embed))
    parts.extend(comp.text_displays(message.get("components")))
    for c in comp.walk(message.get("components")):
        parts.extend(str(c.get(k) or "") for k in ("label", "placeholder"))
        for option in c.get("options") or []:
            parts.extend(str(option.get(k) or "") for k in ("label", "description"))
    return "\n".join(p for p in parts if p)


def _sent(table: GameTable) -> dict[str, set[str]]:
    """Every text sent or edited, by who could see it: "channel", or a user id for DMs and ephemeral replies."""
    world = table.world
    dm_of = {world.directory.users[u].dm_channel_id: u for u in table.humans if world.directory.users[u].dm_channel_id}
    seen: dict[str, set[str]] = defaultdict(set)
    for request in world.requests:
        message = _message_json(request)
        if message is None:
            continue
        channel = int(message["channel_id"])
        stored = world.log.messages.get(int(message["id"]))
        if int(message.get("flags") or 0) & 64 or (stored is not None and stored.visible_to is not None):
            who = stored.visible_to if stored is not None else None
            seen[str(who)].add(_text(message))
        elif channel == CHANNEL:
            seen["channel"].add(_text(message))
        elif channel in dm_of:
            seen[str(dm_of[channel])].add(_text(message))
    return seen


def _found(fragments: audit.Fragments, texts: set[str]) -> dict[str, str]:
    """Each piece found, with (the start of) a text it was found in."""
    out: dict[str, str] = {}
    for text in texts:
        for piece in fragments.find(text):
            out.setdefault(piece, text[:300])
    return out


@pytest.mark.parametrize("game", [g.name for g in all_games()])
@pytest.mark.slow
async def test_a_malay_server_and_an_indonesian_player_each_read_their_own_language(catalogues, db_path, clock, game):
    humans = get_game(game).rules.min_players
    world = make_world(humans)
    world.directory.users[INDONESIAN].locale = "id"
    bot = make_bot(db_path, clock, seed=1000 + humans)
    await world.connect(bot)
    table = GameTable(world, bot, clock, get_game(game), list(HUMANS[:humans]), 0, seed=3, rng=Rng.seeded(3))
    try:
        await bot.languages.set_server(GUILD, "ms")
        await table.open_and_start()
        await table.play_out()
        await table.observe()
        sent = _sent(table)
        pieces = _pieces_of(catalogues)
    finally:
        await bot.close()
        world.close()

    public = sent["channel"]
    indonesian = sent[str(INDONESIAN)]
    malay_readers = set().union(*(sent[str(p)] for p in table.humans[1:]))
    assert public and indonesian and malay_readers
    # Nothing English in any message, public or private.
    for who, texts in sent.items():
        assert _found(pieces["en"], texts) == {}, f"English left in what {who} saw"
    # The channel and the players without a choice of their own read Malay; the Indonesian player, Indonesian.
    assert _found(pieces["ms"], public) and _found(pieces["id"], indonesian)
    assert _found(pieces["id"], public) == {}, "Indonesian in the channel"
    assert _found(pieces["id"], malay_readers) == {}, "Indonesian in a Malay reader's messages"
    assert _found(pieces["ms"], indonesian) == {}, "Malay in the Indonesian player's private messages"
    # And no hidden information in any channel message (the driver checked every one as it was sent).
    assert table.watch.leaks == []
    assert table.watch.secret_checks > 0
