"""The rules half of a game: the contract every rules engine follows (OpenSpiel's game and state).

Every game's rules are a subclass of :class:`Rules`. The match service, the AI seats,
the replay and the benchmark drive all of them through this one surface, so none of them
needs to know a single rule. What people read of a game (labels, questions, the board)
is its :class:`~bot.kernel.present.Presenter`; both come together in its
:class:`~bot.kernel.module.GameModule`. Engines are pure: no discord, no aiosqlite, no
asyncio, no clock.

Conventions shared by all engines
---------------------------------
* **Players** are Discord user ids (``int``). AI seats use negative ids.
* **Actions** are JSON objects (``dict``) with a ``"type"`` key and plain
  parameters, e.g. ``{"type": "place", "card": "7H", "zone": 2}``. Parameter
  order in the dict matters to the generic picker: it narrows a choice key by
  key, in the order the engine wrote them.
* **Events** are JSON objects with a ``"type"`` key. An event with a
  ``"visible_to"`` list is private to those players; every other event is
  public and must never carry hidden information.
* ``apply`` mutates the state in place and returns the events. If the action
  is illegal it raises :class:`IllegalAction` *before* changing anything.
* Randomness comes only from the :class:`bot.kernel.rng.Rng` kept in the state.
* Texts a player reads (a refusal's reason, a result's summary) are written with
  :mod:`bot.kernel.i18n` in the reader's language, which the caller sets.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, TypeVar

from bot.kernel.options import Option, check_options
from bot.kernel.refusals import BadGameData, IllegalAction, Refusal
from bot.kernel.serial import dumps, loads

Action = dict[str, Any]
Event = dict[str, Any]
PlayerId = int

__all__ = [
    "LEAVE",
    "LEAVE_TYPE",
    "NOTHING",
    "Action",
    "BadGameData",
    "Event",
    "IllegalAction",
    "PlayerId",
    "Refusal",
    "Result",
    "Rules",
    "Waiting",
    "Window",
    "apply_logged",
    "replay",
]


@dataclass(frozen=True)
class Result:
    """How a finished game ended.

    Three outcomes must read differently to players and count differently:
    someone won (``winners`` non-empty), a real tie (``draw``: DRUMP's level
    scores), and nobody won without a tie (Drama's "Nobody is left standing",
    Mat Goceng's ending where no objective holds). ``scores`` holds whatever the
    game counts (points, coins, part scores); ``summary`` is one human sentence.
    """

    winners: tuple[PlayerId, ...]
    scores: Mapping[PlayerId, int] = field(default_factory=dict)
    summary: str = ""
    #: A real tie. A draw has no winners; a shared win is winners, not a draw.
    draw: bool = False

    def __post_init__(self) -> None:
        if self.draw and self.winners:
            raise ValueError("a draw has no winners")

    @property
    def is_draw(self) -> bool:
        """A real tie (not merely "nobody won")."""
        return self.draw

    @property
    def no_winner(self) -> bool:
        """Nobody won and it is not a tie: say "no winner", never "draw"."""
        return not self.winners and not self.draw

    @property
    def has_winner(self) -> bool:
        return bool(self.winners)

    def to_json(self) -> dict[str, Any]:
        return {
            "winners": list(self.winners),
            "scores": {str(k): v for k, v in self.scores.items()},
            "summary": self.summary,
            "draw": self.draw,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Result:
        """Read a stored result. One stored before ``draw`` existed meant "draw" by having no
        winners (that is how it was shown then), so it keeps that reading."""
        winners = tuple(int(w) for w in data["winners"])
        return cls(
            winners=winners,
            scores={int(k): int(v) for k, v in data.get("scores", {}).items()},
            summary=data.get("summary", ""),
            draw=bool(data["draw"]) if "draw" in data else not winners,
        )


@dataclass(frozen=True)
class Window:
    """An open out-of-turn response window (a block, a Plot Twist, an Extra Power offer).

    ``round`` names the current round of answers: while it stays the same, an
    answer (or a pass) by one player leaves everyone else's prompt valid and
    their deadline unchanged; a response that reopens the window (a counter to
    a counter) must change it. None means every answer starts a new round.
    """

    round: Any = None
    #: Names the window itself across its rounds (None: each round stands alone). A player whose
    #: choices did not change from one round to the next keeps the prompt they have: its buttons
    #: still answer (its Pass passes in the current round).
    key: Any = None
    #: Which server setting times the window (Mat Goceng's negotiation has its own).
    setting: str = "window_seconds"
    #: Always ask every eligible player, even one who can only pass: the window's absence
    #: would tell the others something (DRUMP's block window opens whatever the defender holds).
    full: bool = False
    #: Who may answer is public knowledge (say, the defender of an announced attack), so the
    #: table may mention them. Otherwise it is secret: only the players themselves are told.
    public: bool = False
    #: A player who decides after the responders (Mat Goceng's battler weighs the offers):
    #: an AI in that seat waits for the others.
    decider: PlayerId | None = None


@dataclass(frozen=True)
class Waiting:
    """What a match waits for now: who may act, whose turn it is, and the open window if any.

    One record instead of several methods an engine must keep consistent: the
    platform's deadlines, prompts, AI seats and pings all read it.
    """

    #: Players who may act now: one on a normal turn, several in a window, none when over.
    actors: frozenset[PlayerId]
    #: Whose turn it is in the game's turn order (None when the game is over).
    turn: PlayerId | None
    window: Window | None = None

    @property
    def in_window(self) -> bool:
        return self.window is not None

    @property
    def round(self) -> Any:
        return self.window.round if self.window is not None else None

    @property
    def setting(self) -> str:
        """The server setting that times the pending decision."""
        return self.window.setting if self.window is not None else "turn_seconds"


#: What a game over waits for.
NOTHING = Waiting(frozenset(), None)

S = TypeVar("S")

#: How the action log records that a player left a running match: the action
#: ``{"type": "@leave"}`` by that player. No engine has an action of that type;
#: :func:`apply_logged` routes it to :meth:`Rules.player_left`.
LEAVE_TYPE = "@leave"
#: The logged leave action. Copy it (``dict(LEAVE)``) rather than mutate it.
LEAVE: Action = {"type": LEAVE_TYPE}


class Rules(Generic[S]):
    """Base class of a rules engine over a state type ``S``. Subclasses override every method that raises.

    A ``Rules`` object holds no match state: it is a set of functions over a
    state object, so one instance serves every match at once.
    """

    #: Registry key and the slash command group name, e.g. ``"drump"``.
    name: ClassVar[str] = ""
    #: Display name, e.g. ``"DRUMP"``.
    title: ClassVar[str] = ""
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    #: The state's dataclass: the default JSON codec is driven by its type hints.
    state_type: ClassVar[type] = object
    #: The options a match of this game takes (see :mod:`bot.options`): the slash command, the lobby
    #: and :meth:`check_options` are all built from this one declaration.
    options: ClassVar[tuple[Option, ...]] = ()

    # --- lifecycle ---------------------------------------------------------
    def new_game(self, player_ids: Sequence[PlayerId], seed: int, options: Mapping[str, Any] | None = None) -> S:
        """A fresh state for these players (in seat order), shuffled by ``seed``."""
        raise NotImplementedError

    def check_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """Validated options with defaults filled in; raises IllegalAction on a bad value or an unknown name.

        Generic over :attr:`options`: match-wide values are checked and defaulted, per-player
        ones are ``{option: {str(player id): value}}``. Engines declare options, not checks.
        """
        return check_options(self.options, options, owner=self.title)

    # --- who acts and how ---------------------------------------------------
    def waiting(self, state: S) -> Waiting:
        """What the match waits for now (see :class:`Waiting`)."""
        raise NotImplementedError

    def actors(self, state: S) -> frozenset[PlayerId]:
        """Players who may act now (read from :meth:`waiting`; engines do not override it)."""
        return self.waiting(state).actors

    def legal_actions(self, state: S, player: PlayerId) -> list[Action]:
        """Every action ``player`` may take now (empty if they may not act)."""
        raise NotImplementedError

    def apply(self, state: S, player: PlayerId, action: Action) -> list[Event]:
        """Play ``action`` for ``player``; returns events. Raises IllegalAction with the state unchanged."""
        raise NotImplementedError

    def player_left(self, state: S, player: PlayerId) -> list[Event]:
        """Called when ``player`` leaves a running match of three or more; returns public events.

        The default does nothing to the state and returns []: the seat stays and
        the platform's AI plays it to the end (Laga Jakarta, Mat Goceng, where the
        seat's cards, coins and objective still matter to the others). A game
        that removes the leaver instead (Drama Pukul 7 eliminates their hero)
        overrides it; like ``apply`` it raises IllegalAction with the state
        unchanged when the player cannot leave (not in the game, already out).
        """
        return []

    def timeout_action(self, state: S, player: PlayerId) -> Action | None:
        """What happens when ``player``'s time runs out (e.g. "no block"). Always legal for an actor.

        In a window this is the player's pass. None means the game has no
        natural default here; the platform then lets the game's AI policy
        choose for the absent player.
        """
        raise NotImplementedError

    # --- what players see ---------------------------------------------------
    def view(self, state: S, player: PlayerId | None) -> dict[str, Any]:
        """What ``player`` may see (None: a spectator). The only path to hidden information.

        A new value that shares nothing with ``state`` (nor do ``legal_actions``' lists): a caller may keep it
        while the state moves on, as a hard AI seat's answer thought out ahead is kept."""
        raise NotImplementedError

    def is_over(self, state: S) -> bool:
        raise NotImplementedError

    def result(self, state: S) -> Result:
        """Winners and scores of a finished game; raises ValueError while it goes on."""
        raise NotImplementedError

    # --- persistence --------------------------------------------------------
    def state_to_json(self, state: S) -> str:
        """Exact JSON of a state (the shared codec, driven by ``state_type``'s hints)."""
        return dumps(state)

    def state_from_json(self, text: str) -> S:
        return loads(self.state_type, text)


def replay(
    game: Rules[Any],
    player_ids: Sequence[PlayerId],
    seed: int,
    options: Mapping[str, Any] | None,
    log: Iterable[tuple[PlayerId, Action]],
) -> Any:
    """Rebuild a state from its start and an action log: same seed and actions, same game."""
    state = game.new_game(player_ids, seed, options)
    for player, action in log:
        apply_logged(game, state, player, action)
    return state


def apply_logged(game: Rules[Any], state: Any, player: PlayerId, action: Action) -> list[Event]:
    """Play one logged entry: a leave (``{"type": "@leave"}``) goes to ``player_left``, anything else to ``apply``.

    The log is one list of (player, action), so a match with leavers replays exactly.
    """
    if action.get("type") == LEAVE_TYPE:
        return game.player_left(state, player)
    return game.apply(state, player, action)


def waits_for_others(game: Rules[Any], state: Any, player: PlayerId) -> bool:
    """Whether ``player`` is a window's decider with nothing to weigh yet while others may still answer: their
    only choice is what their silence would do (a battler before any offer), so a program in that seat waits."""
    waiting = game.waiting(state)
    if waiting.window is None or waiting.window.decider != player or len(waiting.actors) < 2:
        return False
    return game.legal_actions(state, player) == [game.timeout_action(state, player)]


def next_mover(game: Rules[Any], state: Any, among: Iterable[PlayerId] | None = None) -> PlayerId | None:
    """Who moves next when programs play the seats (AI games, search playouts, simulated people): the first
    actor by seat id (of ``among``, if given), but a window's decider after its responders (as at a live
    table, a battler hears every answer before deciding), and one with nothing to weigh not until the
    others have answered. None when nobody (of ``among``) may move."""
    waiting = game.waiting(state)
    actors = sorted(waiting.actors if among is None else set(among) & waiting.actors)
    decider = waiting.window.decider if waiting.window is not None else None
    if decider in actors and waits_for_others(game, state, decider):
        actors.remove(decider)
    actors.sort(key=lambda p: p == decider)
    return actors[0] if actors else None
