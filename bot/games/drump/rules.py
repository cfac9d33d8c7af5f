"""The DRUMP engine: the ``Rules`` contract over a ``DrumpState``.

This module only routes: who may act, which handler plays an action, what
happens on a timeout. The rules live in ``moves`` (own turn), ``combat``
(attack and block), ``flow`` (draws, turns, the end) and ``outcome``
(who wins); ``legal`` lists the legal actions and ``view``/``text`` make
everything players read.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from bot.games.drump import combat, moves
from bot.games.drump.cards import FULL_DECK, HAND_LIMIT, IS_ACE, ORDER, VALUE, insert_sorted
from bot.games.drump.checks import check_keys
from bot.games.drump.flow import start_turn
from bot.games.drump.legal import legal_for_seat
from bot.games.drump.outcome import final_summary, scores
from bot.games.drump.state import BLOCK, DISCARD, MAIN, OVER, REATTACK, DrumpState, Side
from bot.games.drump.view import make_view
from bot.kernel.contract import NOTHING, Action, Event, IllegalAction, PlayerId, Result, Rules, Waiting, Window
from bot.kernel.i18n import N_, t, translate
from bot.kernel.rng import Rng

Handler = Callable[[DrumpState, int, dict[str, Any]], list[Event]]

#: action type -> (phase it belongs to, parameter names in picker order, handler)
SPECS: dict[str, tuple[str, tuple[str, ...], Handler]] = {
    "place": (MAIN, ("card", "zone"), moves.place),
    "summon": (MAIN, ("part", "zone"), moves.summon),
    "extra_jack": (MAIN, ("part", "ace"), moves.extra_jack),
    "exchange": (MAIN, ("part", "take"), moves.exchange),
    "attack": (MAIN, ("target", "card"), combat.attack),
    "end_turn": (MAIN, (), moves.end_turn),
    "block": (BLOCK, ("card",), combat.block),
    "no_block": (BLOCK, (), combat.no_block),
    "reattack": (REATTACK, ("card",), combat.reattack),
    "stop": (REATTACK, (), combat.stop),
    "discard": (DISCARD, ("card",), moves.discard),
}

#: What each action does, for "You cannot ... now" refusals.
VERBS = {
    "place": N_("place a card"),
    "summon": N_("summon"),
    "extra_jack": N_("play Extra Jack"),
    "exchange": N_("exchange"),
    "attack": N_("attack"),
    "end_turn": N_("end your turn"),
    "block": N_("block"),
    "no_block": N_("decline to block"),
    "reattack": N_("re-attack"),
    "stop": N_("stop attacking"),
    "discard": N_("discard"),
}

#: "It is not your move" refusals, one whole sentence per phase.
NOT_YOUR_MOVE = {
    MAIN: N_("It is not your move; the game is waiting for the turn player's main phase."),
    BLOCK: N_("It is not your move; the game is waiting for the defender to block or not."),
    REATTACK: N_("It is not your move; the game is waiting for the attacker to re-attack or stop."),
    DISCARD: N_("It is not your move; the game is waiting for the turn player to discard down to 5 cards."),
}

#: What the game waits for in each phase, for "You cannot ... now" refusals.
WAITING_FOR = {
    MAIN: N_("the turn player's main phase"),
    BLOCK: N_("the defender to block or not"),
    REATTACK: N_("the attacker to re-attack or stop"),
    DISCARD: N_("the turn player to discard down to 5 cards"),
}

#: Timeout trimming discards the lowest card: 2 lowest ... 9, 10, J, Q, K, and Aces last (they are
#: the most flexible card: 1 or 11, Extra Jack, perfect block and attack).
_TRIM_KEY = {c: (14 if c in IS_ACE else VALUE[c], ORDER[c]) for c in FULL_DECK}


def acting_seat(state: DrumpState) -> int:
    """Seat that must act now (the defender during a block window), -1 when over."""
    if state.phase == OVER:
        return -1
    if state.phase == BLOCK:
        return 1 - state.current
    return state.current


#: The block window: one defender, asked every time, in the open.
BLOCK_WINDOW = Window(full=True, public=True)


class DrumpRules(Rules[DrumpState]):
    """DRUMP for two players, following drump.txt as decided by RULINGS.md (see ``text.rules``).

    Holds no match state; one instance serves every match. Rulings the printed rules leave open
    are listed in the rules page so players can read them.
    """

    name = "drump"
    title = "DRUMP"
    min_players = 2
    max_players = 2
    state_type = DrumpState

    # --- lifecycle ---------------------------------------------------------
    def new_game(
        self, player_ids: Sequence[PlayerId], seed: int, options: Mapping[str, Any] | None = None
    ) -> DrumpState:
        self.check_options(options)
        players = list(player_ids)
        if len(players) != 2 or len(set(players)) != 2:
            raise IllegalAction(t("DRUMP needs exactly two different players."))
        if any(isinstance(p, bool) or not isinstance(p, int) for p in players):
            raise IllegalAction(t("Players must be given as integer ids."))
        rng = Rng.seeded(seed)
        first = rng.below(2)
        deck = list(FULL_DECK)
        rng.shuffle(deck)
        state = DrumpState(players=players, first=first, rng=rng, deck=deck, sides=[Side(), Side()])
        for i in range(2 * HAND_LIMIT):  # alternate draws, first player first
            insert_sorted(state.sides[first if i % 2 == 0 else 1 - first].hand, deck.pop())
        start_turn(state, first, [])
        return state

    # --- who acts and how ---------------------------------------------------
    def waiting(self, state: DrumpState) -> Waiting:
        """The turn player, or the defender in the block window.

        The block window is full and public: it opens whatever the defender holds (its absence
        would tell the attacker they cannot block), and everyone saw whom the attack aims at.
        """
        seat = acting_seat(state)
        if seat < 0:
            return NOTHING
        window = BLOCK_WINDOW if state.phase == BLOCK else None
        return Waiting(frozenset((state.players[seat],)), state.players[state.current], window)

    def legal_actions(self, state: DrumpState, player: PlayerId) -> list[Action]:
        seat = acting_seat(state)
        if seat < 0 or state.players[seat] != player:
            return []
        return legal_for_seat(state, seat)

    def apply(self, state: DrumpState, player: PlayerId, action: Action) -> list[Event]:
        if not isinstance(action, dict):
            raise IllegalAction(t('An action must be a JSON object with a "type", such as {{"type": "end_turn"}}.'))
        kind = action.get("type")
        spec = SPECS.get(kind) if isinstance(kind, str) else None
        if spec is None or not isinstance(kind, str):
            shown = repr(kind) if len(repr(kind)) <= 30 else repr(kind)[:30] + "..."
            raise IllegalAction(
                t("Unknown action type {shown}; DRUMP actions are {actions}.", shown=shown, actions=", ".join(SPECS))
            )
        if state.phase == OVER:
            raise IllegalAction(t("The game is over."))
        seat = state.seat_of(player)
        if seat < 0:
            raise IllegalAction(t("You are not playing in this game."))
        phase, keys, handler = spec
        if seat != acting_seat(state):
            raise IllegalAction(translate(NOT_YOUR_MOVE[state.phase]))
        if state.phase != phase:
            raise IllegalAction(
                t(
                    "You cannot {action} now; the game is waiting for {waiting}.",
                    action=translate(VERBS[kind]),
                    waiting=translate(WAITING_FOR[state.phase]),
                )
            )
        check_keys(action, kind, keys)
        return handler(state, seat, action)

    def timeout_action(self, state: DrumpState, player: PlayerId) -> Action:
        """No block; stop attacking; end the turn; discard the lowest card (Aces count high)."""
        seat = acting_seat(state)
        if seat < 0 or state.players[seat] != player:
            raise ValueError(f"player {player} has no pending decision")
        if state.phase == BLOCK:
            return {"type": "no_block"}
        if state.phase == REATTACK:
            return {"type": "stop"}
        if state.phase == DISCARD:
            return {"type": "discard", "card": min(state.sides[seat].hand, key=_TRIM_KEY.__getitem__)}
        return {"type": "end_turn"}

    # --- what players see ---------------------------------------------------
    def view(self, state: DrumpState, player: PlayerId | None) -> dict[str, Any]:
        return make_view(state, player)

    def is_over(self, state: DrumpState) -> bool:
        return state.phase == OVER

    def result(self, state: DrumpState) -> Result:
        if state.phase != OVER:
            raise ValueError("the game is not over")
        # Every DRUMP ending without a winner is a tie (level scores or equal sets): a real draw.
        return Result(
            winners=tuple(state.winners), scores=scores(state), summary=final_summary(state), draw=not state.winners
        )
