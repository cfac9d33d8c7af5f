"""The shipped catalogues: every message translated, placeholders intact, English kept only for names.

These read ``bot/locales/ms.po`` and ``bot/locales/id.po``; until a catalogue is
shipped its tests are skipped with that reason. The same checks run here on
small broken catalogues too, so each is shown to fail when it should.
"""

from __future__ import annotations

import re

import pytest

from bot.kernel import i18n
from bot.kernel.po import parse_po
from bot.locales import audit, extract
from bot.locales.pseudo import pseudo_catalogue

SHIPPED = ("ms", "id")

#: The only messages whose translation may equal the English text: made of names, game terms
#: (kept as printed in every language), placeholders, emoji and punctuation.
SAME_AS_ENGLISH = frozenset(
    {
        "{n} Air Muka",
        "{character}: {objective}",
        "Item",
        "stamina",
        "`{key}` = **{value}** ({low}–{high} {unit}): {help}",
        "🎒 **{card}**",
        "**{hero}** ({gender})",
        "✨ {ability}",
        "{icon} Air Muka {bar}",
        "**{n}. {card}** · {what}",
        "🏪 Kedai",
        "🃏 **{card}** · {kind} · {text}",
        "🃏 **{card}** · {text}",
        "Juta",
        "Dengki",
        "Episode",
        "Plot Twist",
        "{price} Juta",
        "{kind} (Deck Biru)",
        "{kind} (Deck Hijau)",
        "{name} ({gender})",
        "😊 Air Muka {n}/{max}",
        "💰 {n} Juta",
        "{action} ({card})",
        "DENGKI {n}",
        "{chain}. {ask}",
        "{player}: {card}",
        "KAHWIN",
        "{card} ({price} Juta)",
        "{hero} ({gender})",
        "KAHWIN {member} ({cost} Juta)",
        "DENGKI {target}",
        "{action}, {detail}",
        "{p}: {kind}.",
        "⚔️ **DENGKI {strength}**: {attacker} → {target}",
        "[{slot}] {card} ({price}J)",
        "**Kedai:** {slots}",
        "⚔ DENGKI {strength}: {attacker} → {target}",
        "⚡ {what}",
        "{card} {monster} {slot}",
        "Extra Jack",
        "{marks}{seat}. {player}",
        "🎭 {character}",
        "{character}: {why}",
        "{action}: {details}",
        "**{tile}** {dots} {n} · {effect}",
        "{tile} {n} GPS → {landing} {count}",
        "{tile} {n} {arrow} → {landing} {count}",
        "{warn}{move}: {effect}",
        "Old Friend Call",
        "Opposite Seduction",
        "{icon} {n} {resource}",
        "{n} {resource}",
        "Raid",
        "Fine (Traffic Police)",
        "{action}: {player}",
        "{action}: {card}",
        "{tile} ({count})",
        "{player} {score}",
        "{card} ({cost})",
        "AI {number}",
        "Drama Pukul 7",
        "{n} Juta",
        "Kedai",
        "{n}. {player}: {card}",
        "AJIAN",
        "+{n}",
        "{player}: {what}",
        "✅ {lines}",
        "✅ {option}: {value}.",
        "🤖 AI {number}",
    }
)

#: And per language, texts whose words that language writes as English does (loanwords of the glossary:
#: stamina, bank, slot; the platform and gamer words both keep in English, docs/operators.md "Words and
#: register": pass, lobby, match, level, host, skill; Indonesian also gender, vs), and a snore.
SAME_IN = {
    "ms": frozenset(
        {
            "Pass",
            "Skill",
            "skill",
            "{n} Skill",
            "{job} (level {n})",
            "{number}. {player} (host)",
            "{title} · lobby",
            "{game} · match #{match}",
            "({n} stamina)",
            "0 stamina",
            "stamina {n}",
            "Bank: {n} Juta",
            "🏦 Bank: {n} Juta",
            "Slot {slot}: {offer}",
            "zzzz... zzzzz....",
        }
    ),
    "id": frozenset(
        {
            "Pass",
            "{title} · lobby",
            "{game} · match #{match}",
            "({n} stamina)",
            "0 stamina",
            "stamina {n}",
            "Bank: {n} Juta",
            "🏦 Bank: {n} Juta",
            "Slot {slot}: {offer}",
            "zzzz... zzzzz....",
            " vs ",
            "Gender",
            "{job} (level {n})",
            "{number}. {player} (host)",
            "Normal",
        }
    ),
}


def _shipped(locale: str):
    path = i18n.LOCALES_DIR / f"{locale}.po"
    if not path.exists():
        pytest.skip(f"bot/locales/{locale}.po is not shipped yet")
    return parse_po(path.read_text(encoding="utf-8"), path.name)


def _data_texts(messages: list[extract.Message]) -> set[str]:
    return {m.msgid for m in messages if any(f.endswith("cards.toml") for f in m.files)}


@pytest.fixture(scope="module")
def template() -> list[extract.Message]:
    return extract.collect()


@pytest.mark.parametrize("locale", SHIPPED)
def test_every_message_has_a_translation(locale, template):
    assert audit.missing(_shipped(locale), template) == []


@pytest.mark.parametrize("locale", SHIPPED)
def test_placeholders_match_the_english_exactly(locale, template):
    assert audit.placeholder_mismatches(_shipped(locale), _data_texts(template)) == []


@pytest.mark.parametrize("locale", SHIPPED)
def test_a_translation_equal_to_its_english_is_only_names_and_game_terms(locale, template):
    po = _shipped(locale)
    same = sorted(
        e.msgid
        for e in po.entries
        if e.msgstr
        and all(s == (e.msgid_plural or e.msgid) for s in e.msgstr)
        and e.msgid not in SAME_AS_ENGLISH | SAME_IN[locale]
        and e.msgid not in audit.card_names()
    )
    assert same == [], f"{locale}.po leaves these English"


def test_the_list_of_texts_kept_in_english_holds_only_texts_of_the_template(template):
    msgids = {m.msgid for m in template}
    assert SAME_AS_ENGLISH <= msgids
    assert all(same <= msgids for same in SAME_IN.values())


def test_the_checks_report_a_missing_text_a_renamed_placeholder_and_an_english_leftover(tmp_path, template):
    """The checks above, on a pseudo catalogue (complete and correct) and after breaking three entries."""
    text = pseudo_catalogue(template, "ms", _data_texts(template))
    po = parse_po(text, "ms.po")
    assert audit.missing(po, template) == []
    assert audit.placeholder_mismatches(po, _data_texts(template)) == []
    by_id = {e.msgid: e for e in po.entries}
    by_id["Take action"].msgstr = [""]
    by_id["Stats of {player}"].msgstr = ["Statistik {pemain}"]
    by_id["Settings saved"].msgstr = ["Settings saved"]
    assert audit.missing(po, template) == ["Take action"]
    assert [p for p in audit.placeholder_mismatches(po) if "Stats of" in p] == [
        "'Stats of {player}' → 'Statistik {pemain}': ['pemain'] instead of ['player']"
    ]
    same = [e.msgid for e in po.entries if e.msgstr == [e.msgid] and e.msgid not in SAME_AS_ENGLISH]
    assert same == ["Settings saved"]


def test_card_data_prose_is_in_the_template_and_card_names_are_not(template):
    msgids = {m.msgid: m for m in template}
    assert msgids["Draw 2 cards."].files[-1] == "bot/games/drama/cards.toml"
    assert "Protect and make sure Nyi Kencleng survives the whole game." in msgids  # an objective
    assert not audit.card_names() & set(msgids) - SAME_AS_ENGLISH


def test_card_texts_are_looked_up_where_they_are_shown(tmp_path):
    (tmp_path / "ms.po").write_text(
        'msgid ""\nmsgstr "Plural-Forms: nplurals=1; plural=0;\\n"\n\nmsgid "Draw 2 cards."\nmsgstr "Ambil 2 kad."\n',
        encoding="utf-8",
    )
    i18n.set_locales_dir(tmp_path)
    try:
        assert i18n.data_text("Draw 2 cards.", locale="ms") == "Ambil 2 kad."
        assert i18n.data_text("Draw 2 cards.") == "Draw 2 cards."
        assert i18n.data_text("A text of no catalogue.", locale="ms") == "A text of no catalogue."
    finally:
        i18n.set_locales_dir(None)


#: Placeholders that hold a count, and the nouns whose form follows a count in English.
_COUNTS = ("n", "count", "need", "total", "points", "amount", "left", "cards", "turns")
_COUNTED = re.compile(
    r"\{(" + "|".join(_COUNTS) + r")\} (cards?|players?|points?|resources?|turns?|tokens?|offers?|seconds?|minutes?"
    r"|times?|moves?|rounds?|matches|match|games?|Dreams?|Jobs?)\b"
)


def test_a_counted_noun_has_its_plural_form(template):
    """A number that varies takes a text with a plural form (``tn``), so no one reads "1 cards": every catalogue
    then writes each form as its language needs (Malay and Indonesian have one)."""
    single = [m.msgid for m in template if not m.msgid_plural and _COUNTED.search(m.msgid)]
    assert single == [], "use tn() for these: " + "; ".join(single)
    assert _COUNTED.search("Draw {n} cards.") and not _COUNTED.search("{player} moves {count} from {tile}")
