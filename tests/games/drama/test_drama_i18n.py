"""Drama Pukul 7's texts come from the catalogue: a language is a .po file, not a code change."""

from __future__ import annotations

import pytest

from bot.games.drama import text
from bot.kernel.contract import IllegalAction
from bot.kernel.i18n import use_locale
from tests.games.drama.drama_helpers import GAME, P1, P2, arrange_turn, new

NAMES = {P1: "Aishah", P2: "Badrul"}

# A test-only catalogue (Malay-like): an event, a refusal, a table label, a count, a question and a rules paragraph.
PO = r"""msgid ""
msgstr ""
"Language: ms\n"
"Content-Type: text/plain; charset=UTF-8\n"
"Plural-Forms: nplurals=1; plural=0;\n"

msgid "{p} aims {strength} DENGKI at {t}!"
msgstr "{p} menghala {strength} DENGKI kepada {t}!"

msgid "That card is not in your hand."
msgstr "Kad itu tiada dalam tangan anda."

msgid "End turn without attacking"
msgstr "Tamat giliran tanpa menyerang"

msgid "{p} draws {n} card."
msgid_plural "{p} draws {n} cards."
msgstr[0] "{p} cabut {n} kad."

msgid "{p} takes {amount} Juta from the Bank."
msgstr "{p} ambil {amount} Juta dari Bank."

msgid "Which card do you play?"
msgstr "Kad mana yang anda main?"

msgid "**KEDAI**: a bought slot is refilled face down and turns face up when the next turn starts."
msgstr "**KEDAI**: slot yang dibeli diisi semula tertutup."
"""


@pytest.fixture
def ms(catalogue):
    catalogue("ms", PO)


def test_events_labels_questions_and_refusals_follow_the_locale(ms):
    s = new(2)
    attack = {"type": "attack", "player": P1, "target": P2, "strength": 2}
    with use_locale("ms"):
        assert GAME.presenter.event_line(attack, NAMES) == "Aishah menghala 2 DENGKI kepada Badrul!"
        assert GAME.presenter.event_line({"type": "draw", "player": P1, "count": 3}, NAMES) == "Aishah cabut 3 kad."
        assert (
            GAME.presenter.event_line({"type": "effect", "kind": "gain_juta", "player": P1, "amount": 2}, NAMES)
            == "Aishah ambil 2 Juta dari Bank."
        )
        assert text.describe_choice(s, P1, "type", "end_turn") == "Tamat giliran tanpa menyerang"
        assert text.describe_question(s, P1, "card", (("type", "play"),)) == "Kad mana yang anda main?"
        assert "**KEDAI**: slot yang dibeli diisi semula tertutup." in GAME.presenter.rules_page()
    # English stays the msgid, and an untranslated text falls back to it
    assert GAME.presenter.event_line(attack, NAMES) == "Aishah aims 2 DENGKI at Badrul!"
    with use_locale("ms"):
        assert GAME.presenter.event_line({"type": "turn_end", "player": P1}, NAMES) == "Aishah's turn ends."


def test_refusal_is_in_the_players_language(ms):
    s = new(2)
    arrange_turn(s, P1)
    with use_locale("ms"), pytest.raises(IllegalAction) as refused:
        GAME.rules.apply(s, P1, {"type": "play", "card": 99999})
    assert "Kad itu tiada dalam tangan anda." in str(refused.value)
