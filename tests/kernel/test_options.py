"""Option declarations and the one validator: refusals name the allowed values, defaults fill in, engines stay pure."""

from __future__ import annotations

import ast
import pathlib

import pytest

from bot.kernel.contract import IllegalAction, Rules
from bot.kernel.module import all_games, get_game
from bot.kernel.options import TABLE_OPTIONS, Choice, Option, check_options, check_table_options, seated_only

ROOT = pathlib.Path(__file__).resolve().parents[2]

SPEED = Option("speed", "int", "Turn speed", default=3, min=1, max=5)
MODE = Option(
    "mode",
    "choice",
    "How it goes",
    default="calm",
    choices=(Choice("calm", "Calm"), Choice("wild", "Wild", aliases=("w",))),
)
LOUD = Option("loud", "bool", "Shout", default=False)
SEAT = Option(
    "seat_colour",
    "choice",
    "Your colour",
    per_player=True,
    aliases=("colours",),
    choices=(Choice("red", "Red"), Choice("blue", "Blue")),
)
DECLARED = (SPEED, MODE, LOUD, SEAT)


def test_defaults_fill_in_and_per_player_options_start_empty():
    assert check_options(DECLARED, None, owner="Toy") == {"speed": 3, "mode": "calm", "loud": False, "seat_colour": {}}


def test_values_are_normalised_from_what_selects_and_slash_commands_send():
    checked = check_options(
        DECLARED, {"speed": "5", "mode": "W", "loud": "true", "seat_colour": {7: "blue", "8": None}}, owner="Toy"
    )
    assert checked == {"speed": 5, "mode": "wild", "loud": True, "seat_colour": {"7": "blue"}}


@pytest.mark.parametrize(
    "options, allowed",
    [
        ({"speed": 0}, "from 1 to 5"),
        ({"speed": 6}, "from 1 to 5"),
        ({"speed": True}, "from 1 to 5"),
        ({"mode": "sleepy"}, "calm or wild"),
        ({"loud": "maybe"}, "on or off"),
        ({"seat_colour": {"7": "green"}}, "red or blue"),
        ({"seat_colour": {"not-a-player": "red"}}, "not a player id"),
        ({"seat_colour": "red"}, "per player"),
    ],
)
def test_bad_values_are_refused_naming_what_is_allowed(options, allowed):
    with pytest.raises(IllegalAction, match=allowed):
        check_options(DECLARED, options, owner="Toy")


def test_unknown_names_are_refused_naming_the_known_ones():
    with pytest.raises(IllegalAction) as refused:
        check_options(DECLARED, {"colour": "red"}, owner="Toy")
    assert "colour" in refused.value.reason and "speed, mode, loud, seat_colour" in refused.value.reason
    with pytest.raises(IllegalAction, match="has no options"):
        check_options((), {"speed": 1}, owner="Toy")


def test_an_old_name_is_read_and_written_back_under_the_new_one():
    assert check_options(DECLARED, {"colours": {"7": "red"}}, owner="Toy")["seat_colour"] == {"7": "red"}


def test_declarations_refuse_their_own_mistakes():
    with pytest.raises(ValueError):
        Option("x", "choice", "no choices")
    with pytest.raises(ValueError):
        Option("x", "int", "no range")
    with pytest.raises(IllegalAction):
        Option("x", "int", "default out of range", default=9, min=1, max=5)
    with pytest.raises(ValueError):
        Option("x", "bool", "d" * 101)
    with pytest.raises(ValueError):
        Option("Full Windows", "bool", "not a slash parameter name")


def test_long_int_ranges_fit_in_one_select():
    wide = Option("n", "int", "many", min=0, max=1000)
    values = [int(v) for v, _ in wide.values(25)]
    assert len(values) <= 25 and values[0] == 0 and values[-1] == 1000 and values == sorted(values)


def test_seated_only_drops_the_values_of_players_who_left():
    options = {"mode": "calm", "seat_colour": {"7": "red", "8": "blue"}}
    assert seated_only(DECLARED, options, [8]) == {"mode": "calm", "seat_colour": {"8": "blue"}}


def test_table_options_are_full_windows_off_by_default():
    assert [o.name for o in TABLE_OPTIONS] == ["full_windows"]
    assert check_table_options(None) == {"full_windows": False}
    assert check_table_options({"full_windows": True}) == {"full_windows": True}
    with pytest.raises(IllegalAction, match="on or off"):
        check_table_options({"full_windows": "sometimes"})
    with pytest.raises(IllegalAction, match="no option heroes"):
        check_table_options({"heroes": "deal"})


def test_each_game_declares_its_options():
    declared = {
        g.name: [(o.name, o.per_player, [c.value for c in o.choices]) for o in g.rules.options] for g in all_games()
    }
    assert declared == {
        "drama": [("heroes", False, ["choose", "deal"])],
        "drump": [],
        "goceng": [],
        "laga": [("gender", True, ["male", "female"])],
    }
    assert get_game("drama").rules.check_options(None) == {"heroes": "choose"}
    assert get_game("laga").rules.check_options(None) == {"gender": {}}
    for game in all_games():
        assert type(game.rules).check_options is Rules.check_options, f"{game.name} checks options by hand"


def test_engines_and_options_import_no_discord_nor_asyncio():
    files = [*sorted((ROOT / "bot" / "kernel").rglob("*.py")), *sorted((ROOT / "bot" / "games").rglob("*.py"))]
    for path in files:
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            names = (
                [a.name for a in node.names]
                if isinstance(node, ast.Import)
                else [node.module or ""]
                if isinstance(node, ast.ImportFrom)
                else []
            )
            for name in names:
                assert name.split(".")[0] not in ("discord", "asyncio", "aiosqlite"), f"{path} imports {name}"


def test_every_shipped_option_has_a_label_the_catalogues_can_translate():
    """A name shown as is ("Heroes" from ``heroes``) would stay English in every language."""
    for option in TABLE_OPTIONS + tuple(o for g in all_games() for o in g.rules.options):
        assert option.label, f"option {option.name} has no label"
