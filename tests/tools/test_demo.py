"""The offline demo: a whole match through the real bot, with nothing private in the channel part, shown as
the Discord client shows it, each line once, in a database of its own, in the server's language."""

from __future__ import annotations

import io
import re
import sqlite3
import subprocess
import sys
import tempfile

import pytest

from bot.kernel.module import all_games, get_game
from bot.store.storage import Storage
from tools.demo import DiscordLooks, main, playable, relative_time, run_demo
from tools.sim import FakeDiscord

pytestmark = pytest.mark.slow

#: Discord markup the client never shows as such: a mention, a channel, a timestamp.
MARKUP = re.compile(r"<@|<#|<t:")


def printed_twice(printed: str) -> list[str]:
    """Confirmations (✅) the host was shown twice for one message: among the private lines between two
    public ones, a confirmation repeated (a reply and its picture edit, or a prompt printed whole again).

    Other lines may well repeat (two equal cards in a hand); a confirmation is said once per move.
    """
    twice: list[str] = []
    run: list[str] = []
    for line in [*printed.splitlines(), "== end"]:
        if line.startswith("[private"):
            run.append(line)
            continue
        confirmed = [seen for seen in run if seen.split("] ", 1)[1].removeprefix("✎ ").startswith("✅")]
        twice += [seen for i, seen in enumerate(confirmed) if seen in confirmed[:i]]
        run = []
    return twice


def test_printed_twice_catches_a_reply_and_its_edit_and_a_prompt_printed_whole_again():
    reply = "[private → Demo Host · DM] ✅ Demo Host offers a card."
    assert printed_twice(f"[#meja-kad] • a move\n{reply}\n{reply}\n") == [reply]
    whole = [reply, "[private → Demo Host · DM] Your offer stands."]
    assert printed_twice("\n".join(["[#meja-kad] • a move", *whole, *whole])) == [reply]
    assert printed_twice("\n".join([reply, "[#meja-kad] • a move", reply])) == []


def test_markup_is_shown_as_the_discord_client_shows_it():
    world = FakeDiscord(bot_name="Meja")
    try:
        world.add_guild(1, "Kedai Kopi")
        world.add_channel(1, 2, "meja-kad")
        world.add_member(1, 3, "Aisyah")
        world.add_member(1, 4, "aisyah_k", nick="Kak Aisyah")
        looks = DiscordLooks(world, lambda: 1_000_000.0)
        shown = looks("▶️ <@3> and <@!4> at <#2>, closes <t:1000120:R>; ended <t:999000:R>; <@999> <#998>")
        assert shown == (
            "▶️ @Aisyah and @Kak Aisyah at #meja-kad, closes in 2 minutes; ended 17 minutes ago; @unknown-user #unknown"
        )
        assert looks("<t:1000000:t> · <t:1000000:D> · </goceng new:77>") == "13:46 · 12 January 1970 · /goceng new"
        assert looks("no markup, a <b> and 1 < 2") == "no markup, a <b> and 1 < 2"
    finally:
        world.close()


@pytest.mark.parametrize(
    "seconds, words",
    [
        (0.4, "now"),
        (1, "in 1 second"),
        (20, "in 20 seconds"),
        (89, "in 1 minute"),
        (-90, "2 minutes ago"),
        (3 * 3600, "in 3 hours"),
        (-86400, "1 day ago"),
    ],
)
def test_relative_times_read_as_in_the_client(seconds, words):
    assert relative_time(seconds) == words


async def test_demo_plays_drump_to_the_end_and_keeps_private_text_private(tmp_path, clock):
    out = io.StringIO()
    database = tmp_path / "demo.sqlite3"
    transcript = await run_demo("drump", seed=5, database=str(database), out=out)
    printed = out.getvalue()
    assert "The table at the end" in printed and ("wins" in printed or "Draw" in printed)
    public = "\n".join(transcript.public)
    private_only = [line for line in transcript.private if line.startswith(("Hand", "• You"))]
    assert private_only, "the host's private hand must be shown, marked private"
    assert "Hand:" not in public
    for line in private_only:
        assert line not in public, line
    assert all(line.startswith(("[#meja-kad]", "[private → ", "==")) for line in printed.splitlines())
    # Names, channels and times as the Discord client shows them, never their markup.
    assert not MARKUP.search(printed)
    assert "[private → Demo Host · DM] DRUMP match #1 in **Demo Server**, #meja-kad." in printed
    assert "▶️ @Demo Host, it's your turn · DRUMP #1" in printed
    assert re.search(r"you may respond · closes in \d+ seconds", printed)
    assert printed_twice(printed) == []
    store = await Storage.open(database, clock=clock)
    try:
        finished = await store.matches.finished_matches()
        assert len(finished) == 1 and finished[0].result is not None
    finally:
        await store.close()


async def test_an_edited_message_prints_only_its_new_or_changed_lines_marked(tmp_path):
    out = io.StringIO()
    transcript = await run_demo("goceng", seed=1, players=6, database=str(tmp_path / "g.db"), out=out)
    lines = out.getvalue().splitlines()
    edited = [line for line in lines if "] ✎ " in line]
    assert edited, "the host's hand DM is edited as the match goes on: its changes are printed, marked"
    assert all(line.startswith("[private → Demo Host · DM] ✎ ") for line in edited)
    # The hand DM's seat listing is printed whole once; later, only the seats whose lines changed.
    assert lines.count("[private → Demo Host · DM] 6. AI 5") == 1
    assert printed_twice(out.getvalue()) == []
    # A picker prints the move it confirmed, once, not each step nor its re-prints.
    assert not any("**Chosen:**" in line for line in transcript.private)
    # About two lines per move, whatever the match's length: the seed and the AI decide how many battles and
    # Extra Power negotiations it has, and a negotiation says more per move (each offer, and the host's DM).
    with sqlite3.connect(tmp_path / "g.db") as db:
        (moves,) = db.execute("SELECT COUNT(*) FROM actions").fetchone()
    assert len(lines) < 2.5 * moves, (len(lines), moves)


def test_demo_command_line(tmp_path):
    done = subprocess.run(
        [sys.executable, "-m", "bot", "demo", "--seed", "3", "--db", str(tmp_path / "d.db")],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("== DRUMP demo · seed 3") and "[private → Demo Host" in done.stdout
    bad = subprocess.run(
        [sys.executable, "-m", "bot", "demo", "--players", "3", "--db", str(tmp_path / "e.db")],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert bad.returncode == 2 and "exactly 2 players" in bad.stderr


def _private_listings(lines: list[str]) -> list[str]:
    """The host's private listings in the transcript: their hand, their Dreams, their dealt hero."""
    return [
        line
        for line in lines
        if line.startswith(("Hand:", "Your hand:", "Your Dreams:", "Your dealt hero:", "Your character"))
    ]


@pytest.mark.parametrize("game", playable())
async def test_demo_plays_every_game_to_the_end_with_its_window_prompts_private(tmp_path, clock, game):
    out = io.StringIO()
    database = tmp_path / f"demo-{game}.sqlite3"
    players = min(get_game(game).rules.max_players, max(3, get_game(game).rules.min_players))
    transcript = await run_demo(game, seed=2, players=players, database=str(database), out=out)
    printed = out.getvalue()
    assert printed.startswith(f"== {get_game(game).title} demo · seed 2 · {players} players")
    assert "The table at the end" in printed
    assert any(w in printed for w in ("wins", "win!", "Draw", "No winner"))
    assert all(line.startswith(("[#meja-kad]", "[private → ", "==")) for line in printed.splitlines())
    public = "\n".join(transcript.public)
    listings = _private_listings(transcript.private)
    assert listings, "the host's private view must be shown, marked private"
    for line in listings:
        assert line not in public, line
    # Window prompts go to the host privately, never to the channel.
    assert "You may respond" not in public
    assert not MARKUP.search(printed), MARKUP.search(printed)
    assert printed_twice(printed) == []
    store = await Storage.open(database, clock=clock)
    try:
        finished = await store.matches.finished_matches()
        assert len(finished) == 1 and finished[0].result is not None
    finally:
        await store.close()


def test_demo_offers_every_registered_game():
    assert set(playable()) == {g.name for g in all_games()}


def test_demo_command_line_for_another_game(tmp_path):
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "bot",
            "demo",
            "goceng",
            "--players",
            "4",
            "--seed",
            "2",
            "--db",
            str(tmp_path / "g.db"),
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("== Mat Goceng demo · seed 2 · 4 players") and "The table at the end" in done.stdout


async def test_each_run_has_a_database_of_its_own_starting_at_match_1_and_leaves_none_behind(tmp_path, monkeypatch):
    scratch, work = tmp_path / "tmp", tmp_path / "work"
    scratch.mkdir()
    work.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(scratch))
    monkeypatch.chdir(work)
    monkeypatch.setenv("DATABASE_PATH", str(tmp_path / "real.sqlite3"))  # the bot's own: never the demo's
    for _ in range(2):
        out = io.StringIO()
        transcript = await run_demo("drump", seed=3, out=out)
        assert transcript.match_id == 1
        assert "database: a temporary file, deleted at the end" in out.getvalue().splitlines()[0]
        assert "DRUMP match #1 in **Demo Server**" in out.getvalue()
        assert list(scratch.iterdir()) == [] and list(work.iterdir()) == []
    assert not (tmp_path / "real.sqlite3").exists()


def test_db_keeps_the_match_where_told(tmp_path, capsys):
    database = tmp_path / "kept" / "demo.sqlite3"
    database.parent.mkdir()
    for number in (1, 2):
        assert main(["drump", "--seed", "3", "--db", str(database)]) == 0
        printed = capsys.readouterr().out
        assert printed.splitlines()[0].endswith(f"database: {database}")
        assert f"DRUMP match #{number} in **Demo Server**" in printed
    assert database.is_file()


@pytest.mark.parametrize(
    "language, dm_line, channel_line, english",
    [
        # From bot/locales/ms.po and id.po: "{game} match #{match} in **{guild}**, <#{channel}>."
        # and "{player} places {card} in zone {zone}." (match stays English in both, as gamers say it).
        ("ms", "Match DRUMP #1 di **Demo Server**, #meja-kad.", "• AI 1 meletak 2♥ di zon 1.", "Bahasa Melayu"),
        ("id", "Match DRUMP #1 di **Demo Server**, #meja-kad.", "• AI 1 menaruh 2♥ di zona 1.", "Bahasa Indonesia"),
    ],
)
async def test_language_runs_the_server_and_the_host_in_it(tmp_path, language, dm_line, channel_line, english):
    out = io.StringIO()
    transcript = await run_demo("drump", seed=3, database=str(tmp_path / "d.db"), out=out, language=language)
    printed = out.getvalue()
    assert f" · {english} · " in printed.splitlines()[0]
    assert f"Demo Host: /settings language:{language}" in transcript.public
    assert f"Demo Host: /language choice:{language}" in transcript.public
    assert dm_line in transcript.private  # the host's own language, in their DM
    assert channel_line in transcript.public  # the server's language, in its channel
    assert "DRUMP match #1 in **Demo Server**" not in printed and " in zone " not in printed
    assert not MARKUP.search(printed)


def test_language_must_be_one_the_bot_speaks(capsys):
    with pytest.raises(SystemExit) as stopped:
        main(["drump", "--language", "fr"])
    assert stopped.value.code == 2 and "--language" in capsys.readouterr().err
