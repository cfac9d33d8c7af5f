"""Shared machinery of the engine contract tests: per-game secrets hooks and a checked playout.

Each registered game has a :class:`Secrets` hook here. Its ``hidden_items(state, player)`` names,
from the state alone, what only ``player`` may know now (``player=None``: what no seat may know,
such as the decks). An item is a string: a card by identity (``"card:17"``) where the views use
ids, a card name where the game only has names, a secret character or hero. ``items_in`` finds
the items a view or event mentions, ``forms`` the words an item is shown as in text.

A viewer is forbidden the items hidden from them: everything hidden from every seat, plus what
any other seat alone knows, less what the viewer knows themselves. In text an item counts only by
a form no item visible to that viewer shares (identical copies, shared fist colours), so a card
name seen in one place does not pass for a leak of its hidden twin.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable
from typing import Any

from bot.games.drama.state import BLUE_COUNT, CARDS as DRAMA_CARDS, NAMES as DRAMA_NAMES
from bot.games.drump.cards import FULL_DECK, label
from bot.games.goceng import board as goceng_board
from bot.games.goceng.cards import load_cards as goceng_cards
from bot.games.goceng.state import OVER as GOCENG_OVER
from bot.games.goceng.view import card_info as goceng_card_info, card_text as goceng_card_text
from bot.games.laga.cards import cards as laga_cards
from bot.kernel.contract import replay
from bot.kernel.module import GameModule
from bot.kernel.rng import Rng

MAX_STEPS = 20000


def players_for(count: int) -> list[int]:
    """Player ids well above every card id (Drama Pukul 7 views carry card ids as ints)."""
    return [1001 + i for i in range(count)]


def names_for(players: Iterable[int]) -> dict[int, str]:
    return {p: f"Player {i}" for i, p in enumerate(players, 1)}


_JSON_STRING = re.compile(r'"([^"\\]*(?:\\.[^"\\]*)*)"')


def _dump(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False)


def _strings(data: Any) -> set[str]:
    """Every string in JSON data, keys included (found in its JSON text: far faster than a walk)."""
    return set(_JSON_STRING.findall(_dump(data)))


def _trie_pattern(words: Iterable[str]) -> str:
    """One regex alternative for many words, as a trie (a plain alternation is far slower)."""
    trie: dict = {}
    for w in words:
        node = trie
        for ch in w:
            node = node.setdefault(ch, {})
        node[""] = {}

    def emit(node: dict) -> str:
        end = "" in node
        branches = [re.escape(ch) + emit(child) for ch, child in sorted(node.items()) if ch]
        if not branches:
            return ""
        body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
        return f"(?:{body})?" if end else body

    return emit(trie)


class Secrets:
    """The hidden-items hook of one game (subclasses below)."""

    game: str = ""
    #: every item of the game -> the words it is shown as in text
    FORMS: dict[str, tuple[str, ...]] = {}
    #: JSON string -> item, for games whose views name items by string
    BY_STRING: dict[str, str] = {}

    def __init__(self) -> None:
        forms = {f for fs in self.FORMS.values() for f in fs}
        self._form_rx = re.compile(f"(?<!\\w)({_trie_pattern(forms)})(?!\\w)")
        self._items_of_form: dict[str, set[str]] = {}
        for item, fs in self.FORMS.items():
            for f in fs:
                self._items_of_form.setdefault(f, set()).add(item)

    def options(self, seed: int, players: list[int]) -> dict[str, Any] | None:
        return None

    def hidden_items(self, state: Any, player: int | None) -> set[str]:
        raise NotImplementedError

    def transient(self, state: Any, events: list[dict]) -> set[str]:
        """Items hidden before and after a move that lay face up during it (say, discarded, then
        shuffled into the deck when it ran out): events of that move may name them."""
        return set()

    def items_in(self, data: Any) -> set[str]:
        by = self.BY_STRING
        return {by[s] for s in _strings(data) if s in by}

    #: Fixed text that is not an item (Mat Goceng's title is also a character's name).
    NOT_ITEMS: tuple[str, ...] = ()

    def forms_in(self, text: str) -> set[str]:
        for phrase in self.NOT_ITEMS:
            text = text.replace(phrase, "")
        return set(self._form_rx.findall(text))

    # --- derived --------------------------------------------------------------------------
    def secrets(self, state: Any, players: list[int]) -> dict[int | None, set[str]]:
        return {p: self.hidden_items(state, p) for p in [None, *players]}

    @staticmethod
    def forbidden(secrets: dict[int | None, set[str]], viewer: int | None) -> set[str]:
        """Items hidden from ``viewer``: hidden from all, or known only to others and not to them."""
        out = set(secrets[None])
        for p, items in secrets.items():
            if p is not None and p != viewer:
                out |= items
        if viewer is not None:
            out -= secrets[viewer]
        return out

    def leaked_in_text(self, text: str, forbidden: set[str], found: set[str] | None = None) -> set[str]:
        """Forms in ``text`` (or the ``found`` forms of it) that only a forbidden item has."""
        out = set()
        for f in self.forms_in(text) if found is None else found:
            items = self._items_of_form.get(f, ())
            if items and all(i in forbidden for i in items):
                out.add(f)
        return out


# --- DRUMP ---------------------------------------------------------------------------------


class DrumpSecrets(Secrets):
    game = "drump"
    FORMS = {c: (c, label(c)) for c in FULL_DECK}
    BY_STRING = {c: c for c in FULL_DECK}

    def hidden_items(self, state, player):
        if player is None:
            return set(state.deck)
        seat = state.seat_of(player)
        side = state.sides[seat]
        out = set(side.hand)
        for cards, flags in zip(side.zones, side.up, strict=True):
            out.update(c for c, up in zip(cards, flags, strict=True) if not up)
        return out


# --- Drama Pukul 7 ---------------------------------------------------------------------------


class DramaSecrets(Secrets):
    game = "drama"
    FORMS = {
        **{f"card:{c}": (n,) for c, n in enumerate(DRAMA_NAMES)},
        **{f"hero:{h.key}": tuple(side[0] for side in h.sides) for h in DRAMA_CARDS.heroes},
    }
    BY_STRING = {
        **{side[0]: f"hero:{h.key}" for h in DRAMA_CARDS.heroes for side in h.sides},
        **{h.key: f"hero:{h.key}" for h in DRAMA_CARDS.heroes},
    }
    LIMIT = len(DRAMA_NAMES)
    #: Rule text naming a card kind, not a card ("stopped by a Cliffhanger" while every copy is in the deck).
    NOT_ITEMS = ("by a Cliffhanger", "(Pelumba Haram)")

    def options(self, seed, players):
        return {"heroes": "deal" if seed % 2 else "choose"}

    def hidden_items(self, state, player):
        if player is None:
            out = {f"card:{c}" for c in state.blue_deck + state.green_deck}
            out.update(
                f"card:{c}" for c, down in zip(state.kedai, state.kedai_hidden, strict=True) if c is not None and down
            )
            return out
        p = next(q for q in state.players if q.id == player)
        out = {f"card:{c}" for c in p.hand}
        if not p.hero and player in state.dealt:
            out.add(f"hero:{state.dealt[player]}")
        return out

    def transient(self, state, events):
        """A reshuffle turns the face-up discard pile, cards just discarded included, into the deck,
        from which the same move may deal them again (to a hand, face down to the Kedai): a move
        that reshuffles a deck may name any of its cards."""
        out = set()
        for e in events:
            if e["type"] == "reshuffle":
                cards = range(BLUE_COUNT) if e["deck"] == "blue" else range(BLUE_COUNT, self.LIMIT)
                out.update(f"card:{c}" for c in cards)
        return out

    _ONE = re.compile(r'"(?:id|card|pick|member|discard|replace)": (\d+)')
    _MANY = re.compile(r'"(?:cards|paid|chosen|options)": \[([\d, ]*)\]')

    def items_in(self, data):
        """Hero names and card ids (under the keys views and events give them)."""
        text = _dump(data)
        out = {self.BY_STRING[s] for s in _JSON_STRING.findall(text) if s in self.BY_STRING}
        ids = [int(c) for c in self._ONE.findall(text)]
        for many in self._MANY.findall(text):
            ids.extend(int(c) for c in many.split(",") if c.strip())
        out.update(f"card:{c}" for c in ids if 0 <= c < self.LIMIT)
        return out


# --- Mat Goceng ------------------------------------------------------------------------------

_GC = goceng_cards()


class GocengSecrets(Secrets):
    """Cards are kept by design (identical copies share an id): a design counts as hidden only
    while no copy of it lies face up in a battle line or the (public) discard pile."""

    game = "goceng"
    FORMS = {
        **{f"card:{d}": (goceng_card_text(goceng_card_info(d)),) for d in _GC.skills},
        **{f"char:{c}": (ch.name,) for c, ch in _GC.characters.items()},
    }
    BY_STRING = {**{d: f"card:{d}" for d in _GC.skills}, **{c: f"char:{c}" for c in _GC.characters}}
    #: Not items: the game's own name, and the objective texts a player reads about their own character
    #: (they name the characters an objective is about, never who holds them).
    NOT_ITEMS = (
        "**Mat Goceng** \u00b7",
        *(ch.objective for ch in _GC.characters.values()),
        *goceng_board.WIN_RULES.values(),
    )

    def hidden_items(self, state, player):
        if player is None:
            return self._unless_public(state, state.deck)
        out = self._unless_public(state, state.hands[player])
        battle = state.battle
        if battle is not None and battle.window is not None:
            for offer in battle.window.stack:
                if player in (offer["player"], battle.holder):
                    out |= self._unless_public(state, [offer["card"]])
        if state.phase != GOCENG_OVER:
            for p in (player, *state.seen.get(player, ())):
                if p not in state.revealed:
                    out.add(f"char:{state.characters[p]}")
        return out

    def transient(self, state, events):
        """A reshuffle turns the face-up discard pile into the deck, from which the same move may
        deal again: a move that reshuffles may name any card."""
        if any(e["type"] == "reshuffle" for e in events):
            return {f"card:{d}" for d in _GC.skills}
        return set()

    @staticmethod
    def _unless_public(state, designs):
        public = set(state.discard)
        if state.battle is not None:
            for line in state.battle.lines.values():
                public.update(line)
        return {f"card:{d}" for d in designs if d not in public}


# --- Laga Jakarta ----------------------------------------------------------------------------

_LC = laga_cards()
_LAGA_NAMES = {*_LC.jobs, *_LC.dreams, *_LC.news}


class LagaSecrets(Secrets):
    game = "laga"
    FORMS = {n: (n,) for n in _LAGA_NAMES}
    BY_STRING = {n: n for n in _LAGA_NAMES}
    NOT_ITEMS = ("(Traffic Police)",)

    def options(self, seed, players):
        if seed % 2:
            return {"genders": {str(p): ("male", "female")[(seed + i) % 2] for i, p in enumerate(players)}}
        return None

    @staticmethod
    def _looker(state):
        """Who is choosing among the drawn cards (they saw them, even while a triggered task runs first)."""
        return next((t.player for t in reversed(state.tasks) if t.kind == "cards"), None)

    def hidden_items(self, state, player):
        if player is None:
            out = {*state.job_deck, *state.dream_deck, *state.news_deck, *state.news_box}
            if self._looker(state) is None:
                out.update(state.looking)
            return out
        out = set(state.player(player).dreams)
        if self._looker(state) == player:
            out.update(state.looking)
        return out


HOOKS: dict[str, Secrets] = {h.game: h for h in (DrumpSecrets(), DramaSecrets(), GocengSecrets(), LagaSecrets())}


# --- checks ----------------------------------------------------------------------------------


def check_views(
    game: GameModule,
    hook: Secrets,
    state: Any,
    players: list[int],
    secrets=None,
    render_all: bool = False,
    view_of: Callable | None = None,
) -> dict:
    """No view, and no rendering of the spectator's view (``render_all``: of every view), shows
    an item hidden from its viewer."""
    view_of = view_of or game.rules.view
    secrets = secrets if secrets is not None else hook.secrets(state, players)
    names = names_for(players)
    views = {}
    for viewer in [None, *players]:
        forbidden = hook.forbidden(secrets, viewer)
        view = views[viewer] = view_of(state, viewer)
        shown = hook.items_in(view) & forbidden
        assert not shown, f"{game.name}: the view of {viewer} shows hidden {sorted(shown)}"
        if render_all or viewer is None:
            text = game.presenter.board(view, names).text
            leaked = hook.leaked_in_text(text, forbidden)
            whose = "the public board text" if viewer is None else f"the board text of {viewer}"
            assert not leaked, f"{game.name}: {whose} shows hidden {sorted(leaked)}"
    return views


def check_events(
    game: GameModule, hook: Secrets, events: list[dict], players: list[int], before: dict, after: dict, state: Any
) -> None:
    """A public event (and its log line) names nothing hidden from a viewer both before and after
    the move; a private one nothing another seat alone knows, to those it is for (it may show
    them a card of a deck: that is what private events are for)."""
    names = names_for(players)
    transient = hook.transient(state, events)
    for event in events:
        to = event.get("visible_to")
        viewers = [None, *players] if to is None else list(to)
        items = hook.items_in(event)
        line = game.presenter.event_line(event, names)
        found = hook.forms_in(line)
        for viewer in viewers:
            forbidden = (hook.forbidden(before, viewer) & hook.forbidden(after, viewer)) - transient
            if to is not None:  # a private event may show its reader a secret of the decks (a peek)
                forbidden -= before[None] | after[None]
            shown = items & forbidden
            assert not shown, f"{game.name}: event {event} shows {viewer or 'the table'} hidden {sorted(shown)}"
            leaked = hook.leaked_in_text(line, forbidden, found)
            assert not leaked, f"{game.name}: log line {line!r} shows {viewer or 'the table'} hidden {sorted(leaked)}"


def check_round_trip(game: GameModule, state: Any, players: list[int], views: dict | None = None) -> Any:
    """Saved and reloaded: an equal state that waits for, offers and shows exactly the same."""
    text = game.rules.state_to_json(state)
    back = game.rules.state_from_json(text)
    assert back == state, f"{game.name}: the reloaded state differs"
    assert game.rules.state_to_json(back) == text, f"{game.name}: the reloaded state saves differently"
    assert game.rules.waiting(back) == game.rules.waiting(state)
    assert game.rules.is_over(back) == game.rules.is_over(state)
    for p in players:
        assert game.rules.legal_actions(back, p) == game.rules.legal_actions(state, p), (
            f"{game.name}: legal actions of {p}"
        )
    for viewer in [None, *players]:
        view = views[viewer] if views is not None else game.rules.view(state, viewer)
        assert game.rules.view(back, viewer) == view, f"{game.name}: view of {viewer}"
    return back


def check_waiting(game: GameModule, state: Any, players: list[int]) -> tuple[Any, dict[int, list]]:
    """Actors are players; exactly they have legal actions; a running game has a turn player."""
    waiting = game.rules.waiting(state)
    legal = {p: game.rules.legal_actions(state, p) for p in players}
    if game.rules.is_over(state):
        assert waiting.actors == frozenset() and waiting.turn is None and waiting.window is None
        assert all(not acts for acts in legal.values()), f"{game.name}: a legal action after the end"
        return waiting, legal
    assert waiting.actors, f"{game.name}: a running game waits for nobody"
    assert waiting.actors <= set(players), f"{game.name}: actors {waiting.actors} are not all players"
    assert waiting.turn in players, f"{game.name}: turn {waiting.turn} is not a player"
    assert game.rules.actors(state) == waiting.actors
    if waiting.window is not None:
        assert waiting.window.decider is None or waiting.window.decider in players
    for p, acts in legal.items():
        assert bool(acts) == (p in waiting.actors), f"{game.name}: {p} actor={p in waiting.actors} legal={acts[:3]}"
    return waiting, legal


def check_round(game: GameModule, mover: int, before, after, legal_before: dict, legal_after: dict) -> None:
    """While a window's round stays the same, nobody is newly asked, and the mover has answered:
    they are no longer asked unless the game asks them something new (a changed prompt)."""
    if before.window is None or after.window is None or before.round is None or after.round != before.round:
        return
    newcomers = after.actors - before.actors
    assert not newcomers, f"{game.name}: {sorted(newcomers)} newly asked within round {before.round!r}"
    if mover in after.actors:
        assert legal_after[mover] != legal_before[mover], (
            f"{game.name}: {mover} answered but is asked the same again within round {before.round!r}"
        )


def _frozen(views: dict, legal: dict) -> str:
    """Views and legal lists as text, to tell whether a later move changed them in place."""
    return json.dumps([list(views.items()), list(legal.items())], default=str)


class Playout:
    """One seeded random game with the contract checked along the way.

    ``every``: the views, events, round trip are checked on steps where ``step % every == offset``
    (1: every step); the waiting record and the window rounds are checked at every step.
    """

    def __init__(
        self,
        game: GameModule,
        count: int,
        seed: int,
        every: int = 1,
        offset: int = 0,
        check: bool = True,
        max_steps: int = MAX_STEPS,
    ) -> None:
        self.game, self.hook = game, HOOKS[game.name]
        self.players = players_for(count)
        self.seed = seed
        self.options = self.hook.options(seed, self.players)
        self.log: list[tuple[int, dict]] = []
        self.rounds_kept = 0
        hook, players = self.hook, self.players
        state = game.rules.new_game(players, seed, self.options)
        rng = Rng.seeded(seed * 7919 + count)
        secrets = hook.secrets(state, players) if check else None
        current = check_waiting(game, state, players) if check else None
        for step in range(max_steps):
            deep = check and step % every == offset % every
            if deep:
                views = check_views(game, hook, state, players, secrets, render_all=every == 1)
                check_round_trip(game, state, players, views)
                taken = _frozen(views, current[1])
            if game.rules.is_over(state):
                break
            actors = sorted(game.rules.waiting(state).actors)
            player = actors[rng.below(len(actors))]
            acts = current[1][player] if check else game.rules.legal_actions(state, player)
            action = acts[rng.below(len(acts))]
            events = game.rules.apply(state, player, action)
            self.log.append((player, action))
            if deep:
                assert _frozen(views, current[1]) == taken, (
                    f"{game.name}: a move changed a view or legal list taken before it (they must share nothing "
                    "with the state: an AI answer thought out ahead keeps them while the match moves on)"
                )
            if check:
                json.dumps(events)
                after = hook.secrets(state, players)
                check_events(game, hook, events, players, secrets, after, state)
                secrets = after
                following = check_waiting(game, state, players)
                (waiting, legal), (waiting_after, legal_after) = current, following
                if (
                    waiting.window is not None
                    and waiting_after.window is not None
                    and waiting.round is not None
                    and waiting.round == waiting_after.round
                ):
                    self.rounds_kept += 1
                check_round(game, player, waiting, waiting_after, legal, legal_after)
                current = following
        else:
            raise AssertionError(f"{game.name} seed {seed} with {count} players: no end in {max_steps} steps")
        self.state = state
        if check:
            check_views(game, hook, state, players, render_all=True)
            check_round_trip(game, state, players)

    def replayed(self) -> Any:
        return replay(self.game.rules, self.players, self.seed, self.options, self.log)
