"""The Drama Pukul 7 engine as the platform sees it: the ``Rules`` contract, wired to the modules."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.games.drama import actions, flow, leaving, legal, view
from bot.games.drama.state import DramaState, hero_name
from bot.kernel.contract import NOTHING, Action, Event, IllegalAction, Result, Rules, Waiting, Window
from bot.kernel.i18n import N_, t
from bot.kernel.options import Choice, Option

HERO_MODES = ("choose", "deal")  # the values of the ``heroes`` option, declared below


class DramaRules(Rules[DramaState]):
    name = "drama"
    title = "Drama Pukul 7"
    state_type = DramaState
    min_players = 2
    max_players = 6
    options = (
        Option(
            name="heroes",
            kind="choice",
            default="choose",
            label=N_("Heroes"),
            description=N_("How heroes are given out: chosen in turn, or dealt one each (you pick its side)"),
            choices=(Choice("choose", N_("Choose in turn")), Choice("deal", N_("Dealt at random"))),
        ),
    )

    def new_game(self, player_ids: Sequence[int], seed: int, options: Mapping[str, Any] | None = None) -> DramaState:
        opts = self.check_options(options)
        ids = list(player_ids)
        if not self.min_players <= len(ids) <= self.max_players:
            raise IllegalAction(t("Drama Pukul 7 needs 2 to 6 players."))
        if len(set(ids)) != len(ids) or any(not isinstance(i, int) or isinstance(i, bool) for i in ids):
            raise IllegalAction(t("Every player must be a different player id."))
        return flow.new_state(ids, seed, opts)

    def waiting(self, state: DramaState) -> Waiting:
        """Hero picks in turn; a pending choice; a Plot Twist window; or the turn player.

        Who may answer a Plot Twist window (or a reactive ability) is secret: it says who holds one.
        Each window round has its own name, so passes keep it and a Plot Twist response changes it,
        and each window its own across its rounds (``Window.key``: a person keeps one prompt for them
        all); a reactive-ability decision is its own round, named by the loss it answers.
        """
        if state.phase == "over":
            return NOTHING
        if state.phase == "pick":
            return Waiting(frozenset(state.pick_queue[:1]), state.pick_queue[0])
        turn = state.turn.player
        if state.choice is not None:
            window = Window(round=f"react-{state.choice.data['task']['ref']}") if state.choice.kind == "react" else None
            return Waiting(frozenset((state.choice.player,)), turn, window)
        if state.window is not None:
            context = state.window.context
            return Waiting(
                frozenset(state.window.waiting), turn, Window(round=context.get("round"), key=context.get("opened"))
            )
        return Waiting(frozenset((turn,)), turn)

    def legal_actions(self, state: DramaState, player: int) -> list[Action]:
        return legal.legal_actions(state, player)

    def apply(self, state: DramaState, player: int, action: Action) -> list[Event]:
        m = actions.check(state, player, action)
        return actions.perform(state, player, action, m)

    def player_left(self, state: DramaState, player: int) -> list[Event]:
        """The leaver's hero is eliminated as at 0 Air Muka, at whatever moment they leave (RULINGS)."""
        return leaving.leave(state, player)

    def timeout_action(self, state: DramaState, player: int) -> Action:
        m = actions.mode(state, player)
        if m is None:
            raise IllegalAction(t("Nothing is waiting on that player."))
        if m == "pick":
            return {"type": "pick_hero", "hero": flow.pick_options(state, player)[0]}
        if m == "window":
            return {"type": "pass"}
        if m == "turn":
            return {"type": "end_turn"}
        if m == "start":
            return {"type": "collect"}
        if m == "pay":
            return {"type": "cancel"}
        if m == "absorb":
            assert state.choice is not None  # the "absorb" mode is a pending choice
            return {"type": "absorb", "member": state.choice.options[0]}
        if m == "to_hand":
            assert state.choice is not None  # the "to_hand" mode is a pending choice
            return {"type": "to_hand", "card": state.choice.data["card"]}
        return {"type": "decline"}

    def view(self, state: DramaState, player: int | None) -> dict[str, Any]:
        return view.build_view(state, player)

    def is_over(self, state: DramaState) -> bool:
        return state.phase == "over"

    def result(self, state: DramaState) -> Result:
        if state.phase != "over":
            raise ValueError("the game is not over")
        scores = {p.id: p.air_muka for p in state.players}
        if state.winner is None:
            return Result((), scores, t("Nobody is left standing."))
        w = next(p for p in state.players if p.id == state.winner)
        if not w.hero:  # everyone else left during hero picking
            return Result((w.id,), scores, t("Everyone else left before the first turn: the last player in wins."))
        return Result(
            (w.id,), scores, t("{hero} is the last one standing and the protagonist of this drama.", hero=hero_name(w))
        )
