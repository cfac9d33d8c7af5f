"""The shared state codec: exact round trips, and saves from older or newer versions still load."""

from __future__ import annotations

import enum
import json
from dataclasses import dataclass, field

from bot.kernel import serial
from bot.kernel.rng import Rng


class Phase(enum.Enum):
    MAIN = "main"
    OVER = "over"


@dataclass
class Seat:
    hand: list[str] = field(default_factory=list)
    marks: set[int] = field(default_factory=set)


@dataclass
class State:
    rng: Rng
    seats: dict[int, Seat]
    phase: Phase = Phase.MAIN
    pair: tuple[int, str] = (0, "")
    spread: tuple[int, ...] = ()
    pending: Seat | None = None
    score: float = 0.0
    extra: list[dict[str, int]] = field(default_factory=list)
    anything: object = None


def _sample() -> State:
    return State(
        Rng.seeded(9),
        {-1: Seat(["7H"], {3, 1}), 42: Seat()},
        Phase.OVER,
        (2, "x"),
        (1, 2, 3),
        Seat(["AS"]),
        1.5,
        [{"a": 1}],
        {"free": [1, 2]},
    )


def test_round_trip_is_exact_and_keeps_key_types():
    state = _sample()
    text = serial.dumps(state)
    again = serial.loads(State, text)
    assert again == state and serial.dumps(again) == text
    assert set(again.seats) == {-1, 42} and isinstance(again.pair, tuple) and again.phase is Phase.OVER


def test_dumps_matches_the_generic_tree_and_copies_nothing_it_should_not():
    state = _sample()
    assert json.loads(serial.dumps(state)) == serial.to_data(state)
    serial.dumps(state)
    assert state.seats[-1].hand == ["7H"]


def test_older_and_newer_saves_load():
    data = json.loads(serial.dumps(_sample()))
    del data["score"], data["seats"]["42"]["hand"]  # written before these fields existed
    data["future_field"] = 1  # written by a newer version
    loaded = serial.loads(State, json.dumps(data))
    assert loaded.score == 0.0 and loaded.seats[42].hand == []
