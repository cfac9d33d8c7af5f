"""Text through one function: English passthrough, catalogues, fallbacks, the PO reader and the template."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path

import pytest
from hypothesis import given, strategies as st

from bot.kernel import i18n
from bot.kernel.i18n import N_, check_catalogue, t, tn, translate, translation, use_locale
from bot.kernel.po import PoError, compile_plural, format_entry, parse_plural_forms, parse_po
from bot.locales import extract

# A Malay catalogue for the tests only (the shipped ones come with a later change). Besides good
# entries it holds the mistakes translators make: a fuzzy guess, an empty entry, a placeholder
# renamed into Malay, and a broken format spec.
MS_PO = r"""# Ujian sahaja.
msgid ""
msgstr ""
"Language: ms\n"
"Content-Type: text/plain; charset=UTF-8\n"
"Plural-Forms: nplurals=1; plural=0;\n"

#: bot/community.py
#, python-brace-format
msgid "Stats of {player}"
msgstr "Statistik {player}"

#, python-brace-format
msgid "{key} must be between {low} and {high} {unit}."
msgstr "{key} mesti antara {low} dan {high} {unit}."

msgid "seconds"
msgstr "saat"

msgid "… {n} earlier move in the attached file …"
msgid_plural "… {n} earlier moves in the attached file …"
msgstr[0] "… {n} langkah terdahulu dalam fail yang dilampirkan …"

#, fuzzy
msgid "Settings saved"
msgstr "Tetapan disimpan"

msgid "Settings of this server"
msgstr ""

msgid "{game} leaderboard"
msgstr "Papan pendahulu {permainan}"

msgid "**{game}**: played {played}, won {won} ({rate:.0%})"
msgstr "**{game}**: main {played}, menang {won} ({rate:.0q})"

msgid "Nothing was changed:"
msgstr ""
"Tiada apa-apa "
"diubah:"

msgid "The move log of a finished match."
msgstr "Log langkah perlawanan yang telah tamat."

#~ msgid "An old text"
#~ msgstr "Teks lama"
"""


@pytest.fixture
def ms_catalogue(tmp_path: Path):
    (tmp_path / "ms.po").write_text(MS_PO, encoding="utf-8")
    i18n.set_locales_dir(tmp_path)
    yield tmp_path / "ms.po"
    i18n.set_locales_dir(None)


# --- English, the source language -----------------------------------------------------------------


def test_english_is_the_msgid_with_its_placeholders_filled():
    assert t("Settings saved") == "Settings saved"
    assert t("Stats of {player}", player="Siti") == "Stats of Siti"
    assert (
        t("**{game}**: played {played}, won {won} ({rate:.0%})", game="DRUMP", played=3, won=2, rate=2 / 3)
        == "**DRUMP**: played 3, won 2 (67%)"
    )
    assert t("Use {{braces}} for {what}", what="literals") == "Use {braces} for literals"
    assert t("Stats of {player}", player="Siti", locale="en-US") == "Stats of Siti"


def test_a_missing_parameter_in_english_is_a_bug_and_raises():
    with pytest.raises(KeyError):
        t("Stats of {player}")


def test_english_plurals_follow_the_count():
    one, many = "{n} player", "{n} players"
    assert [tn(one, many, n) for n in (0, 1, 2, 3)] == ["0 players", "1 player", "2 players", "3 players"]
    assert tn("{n} seat for {who}", "{n} seats for {who}", 1, who="AI") == "1 seat for AI"


def test_marked_texts_are_unchanged_until_translated():
    assert N_("seconds") == "seconds"
    assert translate("seconds") == "seconds"


# --- A catalogue ------------------------------------------------------------------------------------


def test_a_catalogue_translates_and_falls_back_to_english(ms_catalogue):
    assert t("Stats of {player}", player="Siti", locale="ms") == "Statistik Siti"
    assert t("Nothing was changed:", locale="ms") == "Tiada apa-apa diubah:"  # multi-line string
    assert (
        t("There is no match #{match_id} on this server.", match_id=4, locale="ms")
        == "There is no match #4 on this server."
    )  # not in the catalogue
    assert t("Settings of this server", locale="ms") == "Settings of this server"  # empty msgstr
    assert t("An old text", locale="ms") == "An old text"  # obsolete #~ entry
    assert t("Stats of {player}", player="Siti") == "Stats of Siti"  # default stays English


def test_fuzzy_entries_are_ignored(ms_catalogue):
    assert t("Settings saved", locale="ms") == "Settings saved"


def test_one_plural_form_serves_every_count(ms_catalogue):
    one, many = "… {n} earlier move in the attached file …", "… {n} earlier moves in the attached file …"
    assert tn(one, many, 1, locale="ms") == "… 1 langkah terdahulu dalam fail yang dilampirkan …"
    assert tn(one, many, 7, locale="ms") == "… 7 langkah terdahulu dalam fail yang dilampirkan …"
    # The same singular with another plural is another message: English.
    assert tn(one, "{n} others", 7, locale="ms") == "7 others"


def test_a_placeholder_the_msgid_lacks_falls_back_to_english_and_warns(ms_catalogue, caplog):
    with caplog.at_level(logging.WARNING, logger="bot.kernel.i18n"):
        assert t("{game} leaderboard", game="DRUMP", locale="ms") == "DRUMP leaderboard"
    assert "permainan" in caplog.text


def test_a_translation_that_fails_to_format_falls_back_to_english(ms_catalogue, caplog):
    with caplog.at_level(logging.WARNING, logger="bot.kernel.i18n"):
        text = t(
            "**{game}**: played {played}, won {won} ({rate:.0%})",
            game="DRUMP",
            played=3,
            won=2,
            rate=2 / 3,
            locale="ms",
        )
    assert text == "**DRUMP**: played 3, won 2 (67%)"
    assert "failed" in caplog.text


def test_the_catalogue_check_names_the_broken_entries(ms_catalogue):
    problems = check_catalogue(ms_catalogue)
    assert len(problems) == 1 and "permainan" in problems[0] and "ms.po:31" in problems[0]


def test_locales_are_resolved_from_tags_and_the_current_context(ms_catalogue):
    assert t("seconds", locale="ms-MY") == "saat"
    assert t("seconds", locale="ms_MY") == "saat"
    assert t("seconds", locale="id") == "seconds"  # no catalogue yet
    assert t("seconds", locale="../ms") == "seconds"  # not a language tag: never a path
    with use_locale("ms"):
        assert i18n.get_locale() == "ms"
        assert t("seconds") == "saat"
        assert t("seconds", locale="en") == "seconds"
    assert t("seconds") == "seconds"
    assert i18n.available_locales() == ["en", "ms"]


async def test_each_task_keeps_its_own_locale(ms_catalogue):
    async def speak(locale: str) -> str:
        with use_locale(locale):
            await asyncio.sleep(0)
            return t("seconds")

    assert await asyncio.gather(speak("ms"), speak("en"), speak("ms")) == ["saat", "seconds", "saat"]


def test_deferred_texts_translate_where_they_are_shown(ms_catalogue):
    """A refusal the match service words is said in the language of whoever reads it, when they read it."""
    from bot.play.settings import SETTINGS, BadSetting

    with pytest.raises(BadSetting) as raised:
        SETTINGS["window_seconds"].validate(2)
    with use_locale("ms"):
        assert raised.value.reason == "window_seconds mesti antara 5 dan 300 saat."
    with use_locale("en"):
        assert raised.value.reason == "window_seconds must be between 5 and 300 seconds."


def test_command_descriptions_have_a_raw_lookup(ms_catalogue):
    assert translation("The move log of a finished match.", "ms") == "Log langkah perlawanan yang telah tamat."
    assert translation("A player's record per game on this server.", "ms") is None


def test_an_unreadable_catalogue_shows_english_and_logs(tmp_path, caplog):
    (tmp_path / "ms.po").write_text('msgid "seconds"\nmsgstr "saat\n', encoding="utf-8")
    i18n.set_locales_dir(tmp_path)
    try:
        with caplog.at_level(logging.ERROR, logger="bot.kernel.i18n"):
            assert t("seconds", locale="ms") == "seconds"
        assert "unreadable" in caplog.text and "ms.po:2" in caplog.text
    finally:
        i18n.set_locales_dir(None)


# --- The PO reader ------------------------------------------------------------------------------------


def test_po_reader_handles_escapes_comments_and_continuations():
    po = parse_po(r"""
# translator comment
#. extracted comment
#: bot/community.py
#| msgid "previous"
msgid "Say \"hi\"\t"
"then go\\back\n"
msgstr "Kata \"hai\"\t"
"lalu pergi\\balik\n"
msgid "next"
msgstr "seterusnya"
""")
    assert [(e.msgid, e.msgstr) for e in po.entries] == [
        ('Say "hi"\tthen go\\back\n', ['Kata "hai"\tlalu pergi\\balik\n']),
        ("next", ["seterusnya"]),
    ]
    assert po.header == {} and po.nplurals == 2


@pytest.mark.parametrize(
    "text, complaint",
    [
        ('msgid "a"\nmsgstr "b\\q"\n', "unknown escape"),
        ('msgid "a"\nmsgstr "b\n', "quoted string"),
        ('msgid "a"\nmsgstr "b"c"\n', "unescaped quote"),
        ('msgstr "b"\n', "unexpected msgstr"),
        ('msgid "a"\n', "exactly one msgstr"),
        ('msgid "a"\nmsgstr "b"\n\nmsgid "a"\nmsgstr "c"\n', "duplicate msgid"),
        ('msgctxt "x"\nmsgid "a"\nmsgstr "b"\n', "msgctxt"),
        ('"orphan"\n', "nothing to continue"),
        ('msgid "a"\nmsgid_plural "as"\nmsgstr[0] "b"\nmsgstr[2] "c"\n', "without gaps"),
        ('msgid "a"\nmsgid_plural "as"\nmsgstr "b"\n', "plural entry needs"),
        ('msgid "a"\nmsgid_plural "as"\nmsgstr[0] "b"\n', "1 plural forms, the header says 2"),
        ('msgid ""\nmsgstr "Plural-Forms: nplurals=1; plural=n ++ 1;\\n"\n', "plural formula"),
        ('msgid "a"\nmsgstr "b"\nnonsense\n', "cannot read"),
    ],
)
def test_po_reader_refuses_malformed_files_with_the_line(text, complaint):
    with pytest.raises(PoError, match=complaint) as raised:
        parse_po(text, "xx.po")
    assert "xx.po" in str(raised.value)


def test_plural_forms_header_and_formulas():
    assert parse_plural_forms("nplurals=1; plural=0;")[0] == 1
    nplurals, index = parse_plural_forms("nplurals=2; plural=(n != 1);")
    assert nplurals == 2 and [index(n) for n in (0, 1, 2)] == [1, 0, 1]
    slavic = compile_plural("n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2")
    assert [slavic(n) for n in (1, 2, 5, 12, 22, 25, 102)] == [0, 1, 2, 2, 1, 2, 1]
    assert compile_plural("!(n > 1) ? -1 + 1 : n / 0")(5) == 0  # division by zero cannot crash
    for bad in ("n +", "(n", "n n", "import os", "n ? 1"):
        with pytest.raises(PoError):
            compile_plural(bad)


@given(st.text(), st.text(), st.text())
def test_written_entries_read_back_exactly(msgid, plural, msgstr):
    msgid = msgid or "x"
    text = (
        format_entry(msgid, None, [msgstr])
        + "\n\n"
        + format_entry(msgid + "!", plural, [msgstr, msgstr], flags=["fuzzy"])
    )
    entries = parse_po(text).entries
    assert (entries[0].msgid, entries[0].msgstr, entries[0].fuzzy) == (msgid, [msgstr], False)
    assert (entries[1].msgid_plural, entries[1].msgstr, entries[1].fuzzy) == (plural, [msgstr, msgstr], True)


# --- The extractor and the template -------------------------------------------------------------------


def test_extractor_finds_every_marker_it_should_and_only_those():
    source = """
from bot.kernel.i18n import t, tn as plural, N_
from bot import i18n
from discord import app_commands
t("one {x}", x=1)
plural("{n} seat", "{n} seats", 2)
i18n.t("two")
N_("three")
app_commands.locale_str("four")
other.t(name)            # somebody else's t
i18n.translate(unit)     # a variable holding an N_ text
"""
    found = extract.messages_in(source, "m.py")
    assert [(m, p) for m, p, _ in found] == [
        ("one {x}", None),
        ("{n} seat", "{n} seats"),
        ("two", None),
        ("three", None),
        ("four", None),
    ]
    assert extract.messages_in("def t(x): return x\nt(f'{1}')\n", "m.py") == []


@pytest.mark.parametrize(
    "call",
    [
        't(f"Hi {name}")',
        "t(text)",
        't("Hi " + name)',
        't("{}".format(1))',
        'tn("{n} a", word, 2)',
        't("{user.name}")',
        't("{0}")',
        't("half {")',
        't("")',
        "t()",
        'translate("seconds")',
        'translate(f"{x}")',
    ],
)
def test_extractor_refuses_text_that_cannot_be_translated(call):
    with pytest.raises(extract.ExtractError, match="m.py:2"):
        extract.messages_in(f"from bot.kernel.i18n import t, tn, translate\n{call}\n", "m.py")


def test_the_committed_template_is_up_to_date():
    assert extract.TEMPLATE.read_text(encoding="utf-8") == extract.current_template(), (
        "bot/locales/meja-kad.pot is stale: run python -m bot.locales extract and commit it"
    )


def test_the_template_holds_the_converted_texts():
    msgids = {m.msgid: m for m in extract.collect()}
    assert "The match ended by concession." in msgids  # bot/records.py
    assert "How long a Mat Goceng Extra Power negotiation stays open." in msgids  # bot/settings.py (N_)
    assert "The move log of a finished match." in msgids  # cogs/community.py (locale_str)
    assert msgids["… {n} earlier move in the attached file …"].msgid_plural is not None


def test_shipped_catalogues_are_usable():
    shipped = sorted(i18n.LOCALES_DIR.glob("*.po"))
    problems = [p for path in shipped for p in check_catalogue(path)]
    assert problems == []
    template = {m.msgid for m in extract.collect()}
    for path in shipped:
        stale = [
            e.msgid for e in parse_po(path.read_text(encoding="utf-8"), path.name).entries if e.msgid not in template
        ]
        assert stale == [], f"{path.name} translates texts the code no longer has: run msgmerge"
