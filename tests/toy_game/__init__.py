"""Ambil, a toy game that lives in the test folder: proof that a game is one folder and nothing else.

Two players take one or two sticks in turn from a shared pile; whoever takes the last
stick wins. Each player also holds a secret lucky number, shown only to them (their hand
DM, their own replies), so the platform's care for hidden information is exercised too.

Nothing in the bot names this game: a test registers ``MODULE`` and the platform gives it
its slash group, lobby, table, picker, hand DM, AI seats, timeouts, result and history,
exactly as it does for the games in ``bot/games/``. Its texts are plain English (a real
game's go through the catalogues).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.kernel.contract import NOTHING, Action, Event, IllegalAction, PlayerId, Result, Rules, Waiting
from bot.kernel.module import GameModule
from bot.kernel.policy import RandomPolicy
from bot.kernel.present import Board, Field, Lookup, Presenter
from bot.kernel.rng import Rng

#: Sticks on the table at the start.
PILE = 7
TAKES = (1, 2)


@dataclass
class AmbilState:
    players: list[int]
    pile: int
    turn: int
    rng: Rng
    lucky: dict[int, int] = field(default_factory=dict)
    winner: int | None = None


class AmbilRules(Rules[AmbilState]):
    name = "ambil"
    title = "Ambil"
    min_players = 2
    max_players = 2
    state_type = AmbilState

    def new_game(
        self, player_ids: Sequence[PlayerId], seed: int, options: Mapping[str, Any] | None = None
    ) -> AmbilState:
        self.check_options(options)
        players = list(player_ids)
        if len(players) != 2 or len(set(players)) != 2:
            raise IllegalAction("Ambil needs exactly two different players.")
        rng = Rng.seeded(seed)
        lucky = {p: 10 + rng.below(80) for p in players}
        return AmbilState(players=players, pile=PILE, turn=rng.below(2), rng=rng, lucky=lucky)

    def waiting(self, state: AmbilState) -> Waiting:
        if state.winner is not None:
            return NOTHING
        player = state.players[state.turn]
        return Waiting(frozenset((player,)), player)

    def legal_actions(self, state: AmbilState, player: PlayerId) -> list[Action]:
        if state.winner is not None or player != state.players[state.turn]:
            return []
        return [{"type": "take", "count": n} for n in TAKES if n <= state.pile]

    def apply(self, state: AmbilState, player: PlayerId, action: Action) -> list[Event]:
        if action not in self.legal_actions(state, player):
            raise IllegalAction("You cannot take that now.")
        state.pile -= action["count"]
        events: list[Event] = [{"type": "took", "player": player, "count": action["count"], "left": state.pile}]
        if state.pile == 0:
            state.winner = player
            events.append({"type": "won", "player": player})
        else:
            state.turn = 1 - state.turn
        return events

    def timeout_action(self, state: AmbilState, player: PlayerId) -> Action:
        return {"type": "take", "count": 1}

    def view(self, state: AmbilState, player: PlayerId | None) -> dict[str, Any]:
        mine = {"lucky": state.lucky[player]} if player in state.lucky else {}
        return {"pile": state.pile, "turn": state.players[state.turn], "winner": state.winner, "viewer": player, **mine}

    def is_over(self, state: AmbilState) -> bool:
        return state.winner is not None

    def result(self, state: AmbilState) -> Result:
        if state.winner is None:
            raise ValueError("the game is not over")
        return Result(winners=(state.winner,), summary="The last stick was taken.")


def lucky_text(number: int) -> str:
    """How a lucky number reads: the secret the tests look for in public messages."""
    return f"Lucky number {number}"


def _board(view: Mapping[str, Any], names: Mapping[int, str]) -> Board:
    lines = [f"🪵 {view['pile']} sticks left."]
    if "lucky" in view:
        lines.append(f"🍀 {lucky_text(view['lucky'])} (only you see it).")
    return Board("\n".join(lines), (Field("Pile", "🪵" * view["pile"] or "—", inline=False),))


MODULE = GameModule(
    rules=AmbilRules(),
    presenter=Presenter(
        tagline="Play Ambil: take the last stick to win.",
        action_label=lambda state, player, action: f"Take {action['count']}",
        choice_label=lambda state, player, key, value: f"Take {value}" if key == "count" else "Take sticks",
        question=lambda state, player, key, chosen, names=None: "How many sticks do you take?",
        event_line=lambda event, names: (
            f"{names.get(event['player'], '?')} takes {event['count']}; {event['left']} left."
            if event["type"] == "took"
            else f"{names.get(event['player'], '?')} takes the last stick."
        ),
        board=_board,
        rules_page=lambda: "Take one or two sticks in turn; whoever takes the last stick wins.",
    ),
    policies={"normal": RandomPolicy},
    commands=(
        Lookup(
            name="stick",
            description="How many sticks a number of turns can take.",
            parameter="turns",
            parameter_description="How many turns",
            suggest=lambda typed: ["1", "2", "3"],
            show=lambda turns: Board(
                f"In {turns} turns: between {turns} and {2 * int(turns) if turns.isdigit() else '?'} sticks."
            ),
        ),
    ),
)
