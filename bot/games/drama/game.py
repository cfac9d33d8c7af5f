"""The Drama Pukul 7 engine as the platform sees it: the ``Game`` contract, wired to the modules."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from bot.kernel.contract import NOTHING, Action, Event, Field, Game, IllegalAction, Result, Waiting, Window
from bot.games.drama import actions, board, explain, flow, leaving, legal, text, view
from bot.games.drama.policies import HeuristicPolicy
from bot.games.drama.state import DramaState, hero_name
from bot.kernel.i18n import N_, t
from bot.kernel.options import Choice, Option

HERO_MODES = ("choose", "deal")  # the values of the ``heroes`` option, declared below


class DramaGame(Game[DramaState]):
    name = "drama"
    title = "Drama Pukul 7"
    tagline = N_("Play Drama Pukul 7: heroes, Plot Twists and a drama at seven o'clock.")
    state_type = DramaState
    min_players = 2
    max_players = 6
    options = (
        Option(name="heroes", kind="choice", default="choose", label=N_("Heroes"),
               description=N_("How heroes are given out: chosen in turn, or dealt one each (you pick its side)"),
               choices=(Choice("choose", N_("Choose in turn")), Choice("deal", N_("Dealt at random")))),
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
        Each window round has its own name, so passes keep it and a Plot Twist response changes it;
        a reactive-ability decision is its own round, named by the loss it answers.
        """
        if state.phase == "over":
            return NOTHING
        if state.phase == "pick":
            return Waiting(frozenset(state.pick_queue[:1]), state.pick_queue[0])
        turn = state.turn.player
        if state.choice is not None:
            window = (Window(round=f"react-{state.choice.data['task']['ref']}")
                      if state.choice.kind == "react" else None)
            return Waiting(frozenset((state.choice.player,)), turn, window)
        if state.window is not None:
            return Waiting(frozenset(state.window.waiting), turn, Window(round=state.window.context.get("round")))
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
            return {"type": "absorb", "member": state.choice.options[0]}  # type: ignore[union-attr]
        if m == "to_hand":
            return {"type": "to_hand", "card": state.choice.data["card"]}  # type: ignore[union-attr]
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
        return Result((w.id,), scores, t("{hero} is the last one standing and the protagonist of this drama.", hero=hero_name(w)))

    def describe_action(self, state: DramaState, player: int, action: Action) -> str:
        return text.describe_action(state, player, action)

    def describe_choice(self, state: DramaState, player: int, key: str, value: Any) -> str:
        return text.describe_choice(state, player, key, value)

    def describe_question(self, state: DramaState, player: int, key: str | None,
                          chosen: Sequence[tuple[str, Any]], names: Mapping[int, str] | None = None) -> str:
        return text.describe_question(state, player, key, chosen, names or {})

    def explain_choice(self, state: DramaState, player: int, key: str, value: Any) -> str:
        return explain.explain_choice(state, player, key, value)

    def describe_event(self, event: Event, names: Mapping[int, str]) -> str:
        return text.describe_event(event, names)

    def draw_table(self, view_: Mapping[str, Any], names: Mapping[int, str]) -> bytes | None:
        from bot.games.drama import picture  # pure drawing; Pillow is loaded only when a picture is drawn
        return picture.table(view_, names)

    def draw_hand(self, view_: Mapping[str, Any], names: Mapping[int, str]) -> bytes | None:
        from bot.games.drama import picture
        return picture.hand(view_, names)

    def render_view(self, view_: Mapping[str, Any], names: Mapping[int, str]) -> str:
        return view.render(view_, names)

    def render_fields(self, view_: Mapping[str, Any], names: Mapping[int, str]) -> list[Field]:
        return board.render_fields(view_, names)

    def render_brief(self, view_: Mapping[str, Any], names: Mapping[int, str]) -> str:
        return view.render_brief(view_, names)

    def ai_policy(self) -> HeuristicPolicy:
        """AI and idle seats play the heuristic (it sees only its own view, like a person)."""
        return HeuristicPolicy()

    def rules_summary(self) -> str:
        return text.rules_summary()
