"""Why an action was refused: a readable sentence for every way an action can be illegal.

The legal-action list is the single source of truth; this module only explains a
mismatch, narrowing the candidates key by key the way a player builds an action.
"""

from __future__ import annotations

from typing import Any, Sequence

from .cards import cards
from .rules import has, news_on
from .state import TILE_NAMES, TILES, LagaState

Action = dict[str, Any]

VERBS = {
    "sow": "move tokens", "gps": "make a GPS move", "transform": "transform resources (Abra-Cadabra)",
    "swap": "swap tiles (The Master of Rules)", "raid": "raid a player (Satpol PP)",
    "call": "make an Old Friend Call", "seduce": "use Opposite Seduction", "deactivate": "use Local Authority",
    "bury": "bury a Dream (Employee)", "psychic": "use Psychic", "peek": "peek (Handshake with Mr President)",
    "end": "end your turn", "take": "take resources", "salary": "choose your salary", "steal": "steal",
    "activate": "choose a tile to activate (Transit)", "copy": "copy a tile from Stasiun",
    "look": "look at another card", "hire": "change Job", "hire_free": "change Job with Takes English Course",
    "keep": "keep a Dream", "complete": "complete a Dream", "done": "finish this step",
    "news": "choose whether to ignore the News",
}
PAY_KEYS = ("coin", "pride", "skill")


def find(action: Any, legal: Sequence[Action]) -> Action | None:
    """The legal action equal to ``action``, with exactly the same value types (1 is not True)."""
    if not isinstance(action, dict):
        return None
    for a in legal:
        if a == action and all(type(action[k]) is type(v) for k, v in a.items()):
            return a
    return None


def _same(a: Any, b: Any) -> bool:
    return a == b and type(a) is type(b)


def explain(state: LagaState, player: int, action: Any, legal: Sequence[Action]) -> str:
    """A sentence saying why ``action`` is not one of ``legal``."""
    if state.phase == "over":
        return "The game is over."
    if not any(p.pid == player for p in state.players):
        return "You are not playing in this game."
    if not legal:
        return "It is not your turn to act; another player is deciding."
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        return 'An action must be an object with a "type" naming what to do.'
    t = action["type"]
    types = list(dict.fromkeys(a["type"] for a in legal))
    if t == "hire" and t not in types and isinstance(action.get("card"), str) and _job_choice(state):
        return _payment_reason(state, player, action, [])
    if t not in types:
        now = ", ".join(VERBS.get(x, x) for x in types)
        if t not in VERBS:
            return f"There is no action {t!r} in Laga Jakarta. You may now: {now}."
        return f"You cannot {VERBS[t]} now. You may now: {now}."
    cands = [a for a in legal if a["type"] == t]
    keys = list(cands[0])
    missing = [k for k in keys if k not in action]
    extra = [k for k in action if k not in keys]
    if missing or extra:
        return (f"To {VERBS.get(t, t)} give exactly: {', '.join(keys[1:]) or 'nothing more'}"
                + (f" (missing {', '.join(missing)})" if missing else "")
                + (f" (unexpected {', '.join(extra)})" if extra else "") + ".")
    if t in ("take", "hire", "complete", "hire_free"):
        return _payment_reason(state, player, action, cands)
    for key in keys[1:]:
        value = action[key]
        narrowed = [a for a in cands if _same(a[key], value)]
        if not narrowed:
            return _value_reason(state, player, t, key, value, cands)
        cands = narrowed
    return "That action is not allowed now."


def _job_choice(state: LagaState) -> bool:
    """True while a player is choosing among Jobs seen on Lowongan."""
    return bool(state.tasks) and state.tasks[-1].kind == "cards" and state.tasks[-1].data["deck"] == "job"


def _value_reason(state: LagaState, player: int, t: str, key: str, value: Any, cands: list[Action]) -> str:
    allowed = list(dict.fromkeys(str(a[key]) for a in cands))
    p = state.player(player)
    if key in ("tile", "to", "with", "jump") and value not in TILES and not (key == "jump" and value == "none"):
        return f"There is no Action tile {value!r}; the tiles are {', '.join(TILES)}."
    if t in ("sow", "gps") and key == "tile":
        if state.count(value) == 0:
            return f"{TILE_NAMES[value]} has no tokens to move."
        if news_on(state, p, "gridlock"):
            return "Heavy Traffice Gridlock: you must move a tile of 2 or fewer tokens while there is one."
        if t == "gps":
            return "GPS moves only a tile holding exactly 1 token."
    if key == "direction":
        if value not in ("cw", "ccw"):
            return "Direction must be 'cw' (clockwise) or 'ccw' (counter-clockwise)."
        why = "Boyband Member" if has(state, p, "sideway") else "MRT Project Started"
        return f"You may only move counter-clockwise ({why})."
    if key == "jump":
        return "Dolphin Jump can only skip a tile the tokens pass over."
    if key in ("target", "from"):
        return "That player cannot be chosen for this (immune, not eligible, or not in the game)."
    if key == "card":
        return f"The card {value!r} cannot be chosen here."
    if key == "pay":
        return f"You cannot pay with {value!r}; choose one of: {', '.join(allowed)}."
    if key == "amount":
        return f"You cannot transform {value!r}; choose an amount from 1 to {len(allowed)}."
    return f"The {key} {value!r} is not allowed here; choose one of: {', '.join(allowed)}."


def _payment_reason(state: LagaState, player: int, action: Action, cands: list[Action]) -> str:
    t = action["type"]
    if t in ("hire", "complete", "hire_free") and not any(_same(a["card"], action["card"]) for a in cands):
        name = action["card"]
        if t == "complete" and name in cards().dreams:
            if name not in state.player(player).dreams:
                return f"The Dream {name!r} is not an uncompleted Dream of yours."
            return f"You cannot afford to complete {name} now."
        if t == "hire" and name in state.looking:
            return f"You cannot afford to change Job to {name}."
        return f"The card {name!r} is not among the cards you may choose."
    values = [action.get(k) for k in PAY_KEYS if k in action]
    if any(not isinstance(v, int) or isinstance(v, bool) or v < 0 for v in values):
        return "Coin, pride and skill must be whole numbers of 0 or more."
    if t == "take":
        return f"Take exactly {sum(cands[0][k] for k in PAY_KEYS)} resources in total (coin + pride + skill)."
    ways = [a for a in cands if _same(a["card"], action["card"])]
    shown = "; ".join(" ".join(f"{a[k]} {k}" for k in PAY_KEYS if a[k]) or "nothing" for a in ways[:4])
    return f"That payment does not settle the cost of {action['card']}. You could pay: {shown}."

