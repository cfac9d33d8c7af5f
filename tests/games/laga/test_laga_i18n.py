"""Laga Jakarta's texts come from the catalogue: a language is a .po file, not a code change."""

from __future__ import annotations

import pytest

from bot.games.laga import text
from bot.kernel.i18n import use_locale
from tests.games.laga.laga_helpers import G, setup

NAMES = {1: "Ana", 2: "Budi"}

PO = r"""msgid ""
msgstr ""
"Language: id\n"
"Content-Type: text/plain; charset=UTF-8\n"
"Plural-Forms: nplurals=1; plural=0;\n"

msgid "{player} gets {resources} ({reason})."
msgstr "{player} mendapat {resources} ({reason})."

msgid "Coin"
msgstr "Koin"

msgid "salary"
msgstr "gaji"

msgid "completing {card}"
msgstr "menyelesaikan {card}"

msgid "End turn"
msgstr "Akhiri giliran"

msgid "The game is over."
msgstr "Permainan sudah selesai."

msgid ""
"**Scoring.** Points of every Job card held plus completed Dreams, minus 1 per uncompleted Dream, plus Dream "
"bonuses. Ties: Monas Selfie wins; then more Jobs held; then the later seat in turn order."
msgstr "**Skor.** Poin kartu Job."
"""


@pytest.fixture
def id_(catalogue):
    catalogue("id", PO)


def test_events_keep_english_data_and_read_in_the_locale(id_):
    gain = {"type": "gain", "player": 1, "coin": 2, "pride": 0, "skill": 0, "reason": "salary"}
    pay = {"type": "pay", "player": 2, "coin": 1, "pride": 0, "skill": 0, "reason": "completing Monas Selfie"}
    with use_locale("id"):
        assert G.presenter.event_line(gain, NAMES) == "Ana mendapat 2 Koin (gaji)."
        assert G.presenter.event_line(pay, NAMES) == "Budi pays 1 Koin (menyelesaikan Monas Selfie)."
        assert text.type_label("end") == "Akhiri giliran"
        assert "**Skor.** Poin kartu Job." in G.presenter.rules_page()
    assert G.presenter.event_line(gain, NAMES) == "Ana gets 2 Coin (salary)."


def test_refusal_is_in_the_players_language(id_):
    s = setup()
    s.phase = "over"
    with use_locale("id"):
        assert text.describe_choice(s, 1, "pay", "coin") == "Pay 1 Koin"
        from bot.games.laga.validate import explain

        assert explain(s, s.players[0].pid, {"type": "end"}, []) == "Permainan sudah selesai."
