"""The card file: all printed cards load, and a bad file stops with a message naming the card and field."""

import copy
import tomllib
from pathlib import Path

import pytest

from bot.games.laga.cards import (
    DATA_FILE,
    DREAM_EFFECTS,
    JOB_ABILITIES,
    NEWS_EFFECTS,
    cards,
    load_cards_file,
    parse_cards,
)
from bot.kernel.contract import BadGameData
from tests.games.laga.laga_helpers import G

RAW = tomllib.loads(DATA_FILE.read_text(encoding="utf-8"))
#: The transcribed rulebook the issue points at (``../shared`` next to the checkout).
RULEBOOK = Path(__file__).resolve().parents[3].parent / "shared" / "rules" / "laga-jakarta.txt"


def printed_cards():
    """(kind, level, heading, text) of every card line in the rulebook's printed lists."""
    text = RULEBOOK.read_text(encoding="utf-8")
    kind, level, rows = "", None, []
    for line in text[text.index("Jobs Cards\nLevel 1") :].splitlines():
        if line in ("Jobs Cards", "Dreams Cards", "News Cards"):
            kind, level = line.split()[0], None
        elif line.startswith("Level "):
            level = int(line.split()[1])
        elif line.startswith("- "):
            heading, card_text = line[2:].split(" (Transcriber's note")[0].split(": ", 1)
            rows.append((kind, level, heading, card_text))
    return rows


#: Card texts whose English our data corrects (the rulebook's grammar slips; the rules meaning is unchanged):
#: printed text, ours.
CORRECTED = dict(
    [
        (
            "Once per turn, gets 1 any resource whenever News card(s) reward player(s) with any resource.",
            "Once per turn, gets 1 any resource whenever a News card rewards players with any resource.",
        ),
        (
            "May choose not to receive Salary to take 1 Coin from all player(s) with lower Job level.",
            "May choose not to receive Salary to take 1 Coin from every player with a lower Job level.",
        ),
        (
            "All other players is Fined immediately.",
            "All other players are Fined immediately.",
        ),
        (
            "All players with the lowest Job level gets 2 any resource.",
            "All players with the lowest Job level get 2 any resource.",
        ),
        (
            "All players lost their Job ability this turn.",
            "All players lose their Job ability this turn.",
        ),
        (
            "All players pay 1 any resource less when change Job card.",
            "All players pay 1 any resource less when changing Job card.",
        ),
        (
            "All players receives twice the amount of any resource from any Action tile.",
            "All players receive twice the amount of any resource from any Action tile.",
        ),
        (
            "All players pays Coins as many as their current Job level.",
            "All players pay as many Coins as their current Job level.",
        ),
        (
            "All players who have the least Pride receives 2 any resource.",
            "All players who have the least Pride receive 2 any resource.",
        ),
        (
            "Player receive 1 any resource and may keep up to 2 Dream cards when activating a Impian "
            "tile during this turn.",
            "Players receive 1 any resource and may keep up to 2 Dream cards when activating an Impian "
            "tile during this turn.",
        ),
        (
            "Any player who lands or activate a Lowongan (Jobs) / Impian (Dreams) tile is automatically Fined.",
            "Any player who lands on or activates a Lowongan (Jobs) / Impian (Dreams) tile is Fined at once.",
        ),
        (
            "All players pays 1 Coin for each Dream card they own.",
            "All players pay 1 Coin for each Dream card they own.",
        ),
        (
            "Gets 3 Pride every time you got fined.",
            "Gets 3 Pride every time you get fined.",
        ),
        (
            "Gets 1 Coin when other player moves exactly 3.",
            "Gets 1 Coin when another player moves exactly 3.",
        ),
        (
            "Gets 1 Skill when other player lands on a Lowongan (Jobs) or Impian (Dreams) tile.",
            "Gets 1 Skill when another player lands on a Lowongan (Jobs) or Impian (Dreams) tile.",
        ),
        (
            "Gets 1 any resource when other player lands on a Stasiun tile.",
            "Gets 1 any resource when another player lands on a Stasiun tile.",
        ),
        (
            "Other player must pay the cost of a Stasiun tile to him instead of the bank.",
            "Other players must pay the cost of a Stasiun tile to him instead of the bank.",
        ),
        (
            "May choose to deactivate 1 other player Job ability until the start of Landlord's next turn.",
            "May choose to deactivate 1 other player's Job ability until the start of Landlord's next turn.",
        ),
        (
            "Receives Skill as many as number of players.",
            "Receives as many Skill as the number of players.",
        ),
        (
            "Steal Pride as many as their current Job level from all other players.",
            "Steal as much Pride as their current Job level from all other players.",
        ),
        (
            "Return this card to the bottom deck to change into a level 2 Job card for free.",
            "Return this card to the bottom of the deck to change into a level 2 Job card for free.",
        ),
        (
            "Immune to other players Job / Dream effects for the rest of the game.",
            "Immune to other players' Job / Dream effects for the rest of the game.",
        ),
        (
            "At the end of the game uncompleted Dream card doesn't deduct your point.",
            "At the end of the game, uncompleted Dream cards don't deduct your points.",
        ),
        (
            "Gets 1 extra point for each completed Dream card at the end of game.",
            "Gets 1 extra point for each completed Dream card at the end of the game.",
        ),
        (
            "Gets 1 any resource when other players land on a Lowongan (Jobs) tile.",
            "Gets 1 any resource when another player lands on a Lowongan (Jobs) tile.",
        ),
    ]
)


def test_every_card_is_transcribed_exactly_as_the_rulebook_prints_it():
    if not RULEBOOK.exists():
        pytest.skip(f"rulebook transcription not found at {RULEBOOK}")
    c = cards()
    rows = printed_cards()
    assert [k for k, *_ in rows].count("Jobs") == 31 and len(rows) == 31 + 21 + 16
    found, corrected = set(), set()
    for kind, level, heading, printed in rows:
        text = CORRECTED.get(printed, printed)
        if printed in CORRECTED:
            corrected.add(printed)
        if kind == "Jobs":
            name, ability_name = heading.split(" - ", 1)
            (card,) = [j for j in c.jobs.values() if j.name.upper() == name]
            assert (card.level, card.ability_name.upper(), card.text) == (level, ability_name, text), name
        elif kind == "Dreams":
            (card,) = [d for d in c.dreams.values() if d.name.upper() == heading]
            assert (card.level, card.text) == (level, text), heading
        else:
            (card,) = [n for n in c.news.values() if n.name.upper() == heading]
            assert card.text == text, heading
        found.add(card.name)
    assert found == set(c.jobs) | set(c.dreams) | set(c.news)
    assert corrected == set(CORRECTED), "a correction of a text the rulebook does not print"


def test_every_printed_card_is_there():
    c = cards()
    assert len(c.jobs) == 31 and len(c.dreams) == 21 and len(c.news) == 16
    assert [sum(1 for j in c.jobs.values() if j.level == lv) for lv in (1, 2, 3, 4)] == [8, 11, 8, 4]
    assert [sum(1 for d in c.dreams.values() if d.level == lv) for lv in (1, 2, 3)] == [7, 7, 7]
    assert set(c.job_by_ability) == JOB_ABILITIES and set(c.dream_by_effect) == DREAM_EFFECTS
    assert set(c.news_by_effect) == NEWS_EFFECTS
    assert c.jobs["Dolphin Trainer"].text.startswith("May jump over 1 [grey counter")
    assert "Shopping Sphree" in c.dreams and "Heavy Traffice Gridlock" in c.news  # printed spellings


def test_values_follow_the_level_scale():
    c = cards()
    for j in c.jobs.values():
        assert sum(j.cost) == 3 * j.level and sum(j.salary) == j.level + 1 and j.cost[0] >= min(2, j.level)
    for d in c.dreams.values():
        assert sum(d.cost) == 3 * d.level + 1 and d.cost[1] > 0


def bad(mutate, *words):
    data = copy.deepcopy(RAW)
    mutate(data)
    with pytest.raises(BadGameData) as err:
        parse_cards(data)
    for w in words:
        assert w in str(err.value), (w, str(err.value))


def test_bad_files_name_the_card_and_field():
    bad(lambda d: d["job"][0].pop("cost"), "Ondel-Ondel", "'cost'", "missing")
    bad(lambda d: d["job"][3].update(ability="teleport"), "Joki 3 in 1", "'ability'", "teleport")
    bad(lambda d: d["job"][4].update(ability=d["job"][3]["ability"]), "Odong-Odong", "already used")
    bad(lambda d: d["dream"][1].update(name="Monas Selfie"), "Monas Selfie", "'name'", "repeats")
    bad(lambda d: d["job"][9].update(level=5), "Satpol PP", "'level'", "outside")
    bad(lambda d: d["dream"][2].update(points="two"), "Petting Ragunan Tiger", "'points'", "int")
    bad(lambda d: d["dream"][0]["cost"].update(gold=1), "Monas Selfie", "'cost'", "gold")
    bad(lambda d: d["job"][1]["salary"].update(pride=-1), "Bencong", "'salary'", "-1")
    bad(lambda d: d["news"][0].update(effect="rain"), "Pekan Raya Jakarta", "'effect'", "rain")
    bad(lambda d: d["news"].pop(), "15 News", "16")
    bad(lambda d: d["job"].append(copy.deepcopy(d["job"][0]) | {"name": "Extra", "ability": "x"}), "Extra")


def test_a_broken_toml_file_is_bad_game_data(tmp_path):
    path = tmp_path / "cards.toml"
    path.write_text("[[job]]\nname = ", encoding="utf-8")
    with pytest.raises(BadGameData, match="not valid TOML"):
        load_cards_file(path)


def test_rules_summary_names_the_rulings():
    text = G.presenter.rules_page()
    assert len(text) <= 3900  # the platform's limit is 4000
    for phrase in (
        "grey counter",
        "read as tiles",
        "21 Dreams",
        "16 News",
        "12 of the 16",
        "more Jobs held",
        "later seat",
        "once per turn",
        "once per round",
        "Monas Selfie",
        "(once per turn)",
        "counting Stasiun's tokens",
        "shows 5 cards",
        "mix of your choice",
        "reached by Transit",
        "set in the lobby",
    ):
        assert phrase in text
