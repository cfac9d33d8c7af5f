"""The Mat Goceng engine as the platform sees it: the ``Rules`` methods, each delegating to one module."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.kernel.contract import NOTHING, Action, Event, IllegalAction, Result, Rules, Waiting, Window
from bot.kernel.i18n import t, translate

from . import actions, board, legal, negotiation, view as views
from .cards import MAX_PLAYERS, MIN_PLAYERS, load_cards
from .flow import new_state
from .outcome import report, winners
from .state import OVER, GocengState


class GocengRules(Rules[GocengState]):
    name = "goceng"
    title = "Mat Goceng"
    state_type = GocengState
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS

    def new_game(self, player_ids: Sequence[int], seed: int, options: Mapping[str, Any] | None = None) -> GocengState:
        opts = self.check_options(options)
        ids = list(player_ids)
        if not MIN_PLAYERS <= len(ids) <= MAX_PLAYERS:
            raise IllegalAction(
                t(
                    "Mat Goceng needs {least} to {most} players, not {count}.",
                    least=MIN_PLAYERS,
                    most=MAX_PLAYERS,
                    count=len(ids),
                )
            )
        if len(set(ids)) != len(ids):
            raise IllegalAction(t("Every player must be a different person."))
        return new_state(ids, seed, opts)

    def waiting(self, state: GocengState) -> Waiting:
        """Who may act (see ``legal.actors``), the active player's turn, and the Extra Power window.

        The negotiation is timed by its own server setting (RULINGS: 60 s by default); offers,
        changes and declines never extend its deadline. A new round (and deadline) starts only
        when someone is newly asked: the battler at the first offer, a helper at a counter-offer. The battler
        decides after the helpers have spoken. The window's key is its count, so a helper whose choices
        a new round left as they were keeps their prompt. Who may offer is secret: it depends on their
        cards, so the window is full: every non-battler is asked alike, even one who can only decline.
        """
        if state.phase == OVER:
            return NOTHING
        window = None
        if state.pending is None and state.battle is not None and state.battle.window is not None:
            window = Window(
                round=negotiation.round_of(state),
                key=state.windows,
                setting="negotiation_seconds",
                full=True,
                decider=state.battle.holder,
            )
        return Waiting(legal.actors(state), state.active, window)

    def legal_actions(self, state: GocengState, player: int) -> list[Action]:
        return legal.legal_actions(state, player)

    def apply(self, state: GocengState, player: int, action: Action) -> list[Event]:
        return actions.apply(state, player, action)

    def timeout_action(self, state: GocengState, player: int) -> Action:
        return legal.timeout_action(state, player)

    def view(self, state: GocengState, player: int | None) -> dict[str, Any]:
        return views.build_view(state, player)

    def is_over(self, state: GocengState) -> bool:
        return state.phase == OVER

    def result(self, state: GocengState) -> Result:
        if state.phase != OVER:
            raise ValueError("the game is not over")
        won = winners(state)
        chars = load_cards().characters
        assert state.loser is not None  # the game ends when someone loses their last stamina
        loser = chars[state.characters[state.loser]].name
        # The winners first, each with the objective that won it (as printed); then why the others did not win.
        met, unmet = [], []
        for player, ok, why in report(state):
            character = state.characters[player]
            if ok:
                met.append(
                    t("{character}: {objective}", character=chars[character].name, objective=board.objective(character))
                )
            elif player != state.loser:
                unmet.append(
                    t("{character}: {why}", character=chars[character].name, why=translate(board.REASONS[why]))
                )
        if won:
            summary = t("{loser} ran out of stamina. Objective met: {met}", loser=loser, met=" ".join(met))
            if unmet:
                summary += " " + t("Not met: {reasons}.", reasons="; ".join(unmet))
        else:
            summary = t(
                "{loser} ran out of stamina; no objective holds, so there is no winner ({reasons}).",
                loser=loser,
                reasons="; ".join(unmet),
            )
        return Result(winners=tuple(won), scores=dict(state.coins), summary=summary, draw=False)
