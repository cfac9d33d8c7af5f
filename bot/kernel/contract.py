"""The contract every rules engine follows, and the registry that names them.

Every game (DRUMP, Drama Pukul 7, Laga Jakarta, Mat Goceng) is a subclass of
:class:`Game`. The Discord layer, the storage, the benchmark and the AI seats
drive all of them through this one surface, so none of them needs to know a
single rule. Engines are pure: no discord, no aiosqlite, no asyncio, no clock.

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
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Iterable, Mapping, Sequence, TypeVar

if TYPE_CHECKING:
    from bot.kernel.options import Option

Action = dict[str, Any]
Event = dict[str, Any]
PlayerId = int


@dataclass(frozen=True)
class Field:
    """One embed field of a rendered board: a title, its text, and whether it may sit beside others."""

    name: str
    value: str
    inline: bool = True


class Refusal(Exception):
    """Anything the bot refuses with a reason the person can read (shown to them as is, privately).

    The rules' refusals (:class:`IllegalAction`) and the platform's (a closed lobby, a
    stranger's click) share it, so the Discord layer answers every one in one place.
    """

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class IllegalAction(Refusal):
    """An action the rules forbid now. ``reason`` is shown to the player as is."""


class BadGameData(Exception):
    """A card data file that does not describe a playable deck; names the card and field."""


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
    def from_json(cls, data: Mapping[str, Any]) -> "Result":
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
#: :func:`apply_logged` routes it to :meth:`Game.player_left`.
LEAVE_TYPE = "@leave"
#: The logged leave action. Copy it (``dict(LEAVE)``) rather than mutate it.
LEAVE: Action = {"type": LEAVE_TYPE}


class Game(Generic[S]):
    """Base class of a rules engine over a state type ``S``. Subclasses override every method marked below.

    A ``Game`` object holds no match state: it is a set of functions over a
    state object, so one instance serves every match at once.
    """

    #: Registry key and the slash command group name, e.g. ``"drump"``.
    name: ClassVar[str] = ""
    #: Display name, e.g. ``"DRUMP"``.
    title: ClassVar[str] = ""
    #: One line for the slash command group, e.g. "Play DRUMP, the monster-building card duel."
    tagline: ClassVar[str] = ""
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    #: The state's dataclass: the default JSON codec is driven by its type hints.
    state_type: ClassVar[type] = object
    #: The options a match of this game takes (see :mod:`bot.options`): the slash command, the lobby
    #: and :meth:`check_options` are all built from this one declaration.
    options: ClassVar[tuple["Option", ...]] = ()

    # --- lifecycle ---------------------------------------------------------
    def new_game(self, player_ids: Sequence[PlayerId], seed: int, options: Mapping[str, Any] | None = None) -> S:
        """A fresh state for these players (in seat order), shuffled by ``seed``."""
        raise NotImplementedError

    def check_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """Validated options with defaults filled in; raises IllegalAction on a bad value or an unknown name.

        Generic over :attr:`options`: match-wide values are checked and defaulted, per-player
        ones are ``{option: {str(player id): value}}``. Engines declare options, not checks.
        """
        from bot.kernel.options import check_options

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
        """What ``player`` may see (None: a spectator). The only path to hidden information."""
        raise NotImplementedError

    def is_over(self, state: S) -> bool:
        raise NotImplementedError

    def result(self, state: S) -> Result:
        """Winners and scores of a finished game; raises ValueError while it goes on."""
        raise NotImplementedError

    # --- text for people (pure; used by the cogs, the demo and the history) --
    def describe_action(self, state: S, player: PlayerId, action: Action) -> str:
        """A short label for a picker (at most 100 characters)."""
        return ", ".join(f"{k} {v}" for k, v in action.items())

    def describe_choice(self, state: S, player: PlayerId, key: str, value: Any) -> str:
        """Label of one value of one action parameter, for the step-by-step picker."""
        return str(value)

    def explain_choice(self, state: S, player: PlayerId, key: str, value: Any) -> str:
        """What choosing this value does, in a line (a card's effect, where a move lands); "" for nothing.

        Shown under the label as a select option's description, so at most 100 characters
        are kept. A step where any value is explained is offered as a select, not as buttons,
        so that the explanation is seen before the choice.
        """
        return ""

    def describe_question(self, state: S, player: PlayerId, key: str | None,
                          chosen: Sequence[tuple[str, Any]], names: Mapping[PlayerId, str] | None = None) -> str:
        """The question a picker step asks, first thing on the prompt ("Which card do you place?").

        ``key`` is the action parameter being chosen (``"type"`` first), ``chosen``
        what the player picked so far, ``names`` the seats' display names (the platform
        passes them, so "Citra plays Kena Pukau on Aisyah" can name people; a game
        falls back to its own words without them).
        """
        if key in (None, "type"):
            return "What do you do?"
        return f"Choose {key.replace('_', ' ')}:"

    def describe_event(self, event: Event, names: Mapping[PlayerId, str]) -> str:
        """One line of the public (or private, for a private event) move log; "" for none."""
        return event.get("type", "?")

    def lasting_view(self, view: dict[str, Any]) -> dict[str, Any]:
        """What of a view a player's standing private message (their hand DM) shows: what lasts
        between moves (a hand, a secret identity), not the passing state of an open window,
        which its prompts carry to whoever it concerns. The DM is edited only when this part
        changes, so a window's back-and-forth costs no DM edits. Defaults to the whole view.
        """
        return view

    def render_view(self, view: Mapping[str, Any], names: Mapping[PlayerId, str]) -> str:
        """The view as Markdown text for a message."""
        return json.dumps(view)

    def render_brief(self, view: Mapping[str, Any], names: Mapping[PlayerId, str]) -> str:
        """What a decision needs under its question: a compact private view (your hand, your resources).

        Defaults to the whole view; a game with a tall board renders less here.
        """
        return self.render_view(view, names)

    def render_fields(self, view: Mapping[str, Any], names: Mapping[PlayerId, str]) -> list["Field"]:
        """The board as embed fields (a seat each, the shop, the ring), shown after ``render_view``'s text.

        Fields keep a layout that Discord's markdown cannot reshape: a seat stays a box,
        not a quote bar or a bullet. Shown for the public table with the spectator view and
        in a player's own DM and replies with their view. ``[]`` (the default) for none.
        At most 25 fields; names are cut at 256 characters and values at 1,024.
        """
        return []

    def draw_table(self, view: Mapping[str, Any], names: Mapping[PlayerId, str]) -> bytes | None:
        """The public table as a PNG picture, drawn from the spectator view only; None (the default) for none.

        Shown with the table message and ``/<game> board`` (the text stays, for search, screen
        readers and phones that don't load images). Pure drawing: see :mod:`bot.pictures`.
        """
        return None

    def draw_hand(self, view: Mapping[str, Any], names: Mapping[PlayerId, str]) -> bytes | None:
        """A player's own hand as a PNG picture, drawn from their own view; None (the default) for none."""
        return None

    def ai_policy(self) -> Any:
        """The policy AI seats and idle players' seats use (a :class:`bot.kernel.policy.Policy`).

        Defaults to uniformly random; a game with a heuristic policy returns it here.
        """
        from bot.kernel.policy import RandomPolicy

        return RandomPolicy()

    def rules_summary(self) -> str:
        """A short player-facing rules page, including the rulings this game relies on."""
        return ""

    # --- persistence --------------------------------------------------------
    def state_to_json(self, state: S) -> str:
        """Exact JSON of a state (the shared codec, driven by ``state_type``'s hints)."""
        from bot.kernel.serial import dumps

        return dumps(state)

    def state_from_json(self, text: str) -> S:
        from bot.kernel.serial import loads

        return loads(self.state_type, text)


_REGISTRY: dict[str, Game] = {}


def register(game: Game) -> Game:
    """Add a game to the registry under ``game.name``."""
    if not game.name:
        raise ValueError("a game needs a name")
    _REGISTRY[game.name] = game
    return game


def get_game(name: str) -> Game:
    """The registered engine called ``name``; KeyError naming the known games otherwise."""
    _load_builtin_games()
    try:
        return _REGISTRY[name]
    except KeyError:
        raise KeyError(f"unknown game {name!r}; known: {', '.join(sorted(_REGISTRY))}") from None


def all_games() -> list[Game]:
    _load_builtin_games()
    return [_REGISTRY[n] for n in sorted(_REGISTRY)]


def _load_builtin_games() -> None:
    """Import the game packages that ship with the bot; each registers itself on import."""
    import importlib

    for module in BUILTIN_GAME_MODULES:
        try:
            importlib.import_module(module)
        except ModuleNotFoundError as exc:  # a game still being written is simply absent
            if exc.name != module:
                raise


BUILTIN_GAME_MODULES: tuple[str, ...] = (
    "bot.games.drump",
    "bot.games.drama",
    "bot.games.laga",
    "bot.games.goceng",
)


def replay(game: Game, player_ids: Sequence[PlayerId], seed: int, options: Mapping[str, Any] | None,
           log: Iterable[tuple[PlayerId, Action]]) -> Any:
    """Rebuild a state from its start and an action log: same seed and actions, same game."""
    state = game.new_game(player_ids, seed, options)
    for player, action in log:
        apply_logged(game, state, player, action)
    return state


def apply_logged(game: Game, state: Any, player: PlayerId, action: Action) -> list[Event]:
    """Play one logged entry: a leave (``{"type": "@leave"}``) goes to ``player_left``, anything else to ``apply``.

    The log is one list of (player, action), so a match with leavers replays exactly.
    """
    if action.get("type") == LEAVE_TYPE:
        return game.player_left(state, player)
    return game.apply(state, player, action)
