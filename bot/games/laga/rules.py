"""Laga Jakarta behind the shared ``Rules`` contract; the rules themselves live in the sibling modules."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.kernel.contract import NOTHING, Action, Event, IllegalAction, PlayerId, Result, Rules, Waiting
from bot.kernel.i18n import N_, t, tn, translate
from bot.kernel.options import Choice, Option

from . import view as views
from .decisions import DECISIONS, with_derived_keys
from .flow import advance, new_state
from .scoring import ranking
from .state import LagaState
from .turn import play, turn_options
from .validate import explain, find

#: What a silent player does when time runs out, per pending decision (others: first option).
TIMEOUT_TYPES = {"stasiun": "done", "cards": "done", "complete": "done", "post": "end"}
#: What broke a tie, as ``scoring.ranking`` names it (Monas Selfie is a Dream's name and stays).
TIE_BREAKS = {"more Jobs": N_("more Jobs"), "later seat": N_("later seat")}


class LagaRules(Rules[LagaState]):
    name = "laga"
    title = "Laga Jakarta"
    state_type = LagaState
    min_players = 2
    max_players = 6
    #: A player's gender matters only to the SPG Job (it takes from the opposite gender). Matches stored
    #: before options were declared wrote ``genders``: the alias keeps them loading.
    options = (
        Option(
            name="gender",
            kind="choice",
            per_player=True,
            aliases=("genders",),
            label=N_("Gender"),
            description=N_("Your gender in the game; only the SPG Job uses it (it targets the opposite gender)"),
            choices=(Choice("male", N_("Male"), aliases=("m",)), Choice("female", N_("Female"), aliases=("f",))),
        ),
    )

    # --- lifecycle ---------------------------------------------------------
    def new_game(
        self, player_ids: Sequence[PlayerId], seed: int, options: Mapping[str, Any] | None = None
    ) -> LagaState:
        ids = list(player_ids)
        if not self.min_players <= len(ids) <= self.max_players:
            raise IllegalAction(t("Laga Jakarta needs 2 to 6 players, not {n}.", n=len(ids)))
        if len(set(ids)) != len(ids):
            raise IllegalAction(t("Each player may take only one seat."))
        genders = {int(k): v for k, v in self.check_options(options)["gender"].items()}
        stray = sorted(set(genders) - set(ids))
        if stray:
            raise IllegalAction(t("Gender given for {player}, who is not playing.", player=stray[0]))
        return new_state(ids, seed, genders)

    # --- who acts and how ---------------------------------------------------
    def waiting(self, state: LagaState) -> Waiting:
        """The current player, or whoever owes the newest task.

        A task owed by someone else (a News reward, a triggered gain, whether to ignore the
        News) is a choice of theirs, not a response to anything: it is no window, so the
        platform asks it as their move. Everyone saw what triggered it, so who answers is public.
        """
        if state.phase == "over":
            return NOTHING
        turn = state.current.pid
        actor = state.tasks[-1].player if state.tasks else turn
        return Waiting(frozenset({actor}), turn, None)

    def legal_actions(self, state: LagaState, player: PlayerId) -> list[Action]:
        if state.phase == "over":
            return []
        if state.tasks:
            task = state.tasks[-1]
            if task.player != player:
                return []
            return DECISIONS[task.kind][0](state, state.player(player), task)
        if player != state.current.pid:
            return []
        return turn_options(state, state.current)

    def apply(self, state: LagaState, player: PlayerId, action: Action) -> list[Event]:
        action = with_derived_keys(state, action)
        legal = self.legal_actions(state, player)
        chosen = find(action, legal)
        if chosen is None:
            raise IllegalAction(explain(state, player, action, legal))
        events: list[Event] = []
        p = state.player(player)
        if state.tasks:
            task = state.tasks[-1]
            DECISIONS[task.kind][1](state, p, task, chosen, events)
        else:
            play(state, p, chosen, events)
        advance(state, events)
        return events

    def timeout_action(self, state: LagaState, player: PlayerId) -> Action:
        legal = self.legal_actions(state, player)
        if not legal:
            raise ValueError(f"player {player} has nothing to decide now")
        kind = state.tasks[-1].kind if state.tasks else state.phase
        want = TIMEOUT_TYPES.get(kind)
        return next((a for a in legal if a["type"] == want), legal[0])

    # --- what players see ---------------------------------------------------
    def view(self, state: LagaState, player: PlayerId | None) -> dict[str, Any]:
        return views.view(state, player)

    def is_over(self, state: LagaState) -> bool:
        return state.phase == "over"

    def result(self, state: LagaState) -> Result:
        if state.phase != "over":
            raise ValueError("the game is still going on")
        order = ranking(state)
        pid, points, how = order[0]
        if how == "points":
            summary = tn("Won with {n} point.", "Won with {n} points.", points)
        else:
            summary = tn(
                "Won with {n} point (tie broken by {how}).",
                "Won with {n} points (tie broken by {how}).",
                points,
                how=translate(TIE_BREAKS[how]) if how in TIE_BREAKS else how,
            )
        # Never a draw: the ruled tie-breaks (more Jobs, then the later seat) always leave one winner.
        return Result(winners=(pid,), scores={p: s for p, s, _ in order}, summary=summary, draw=False)
