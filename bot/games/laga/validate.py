"""Why an action was refused: a readable sentence for every way an action can be illegal.

The legal-action list is the single source of truth; this module only explains a
mismatch, narrowing the candidates key by key the way a player builds an action.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.kernel.i18n import N_, t, tn, translate

from .cards import cards
from .powers import has, news_on
from .state import TILE_NAMES, TILES, LagaState

Action = dict[str, Any]

VERBS = {
    "sow": N_("move tokens"),
    "gps": N_("make a GPS move"),
    "transform": N_("transform resources (Abra-Cadabra)"),
    "swap": N_("swap tiles (The Master of Rules)"),
    "raid": N_("raid a player (Satpol PP)"),
    "call": N_("make an Old Friend Call"),
    "seduce": N_("use Opposite Seduction"),
    "deactivate": N_("use Local Authority"),
    "bury": N_("bury a Dream (Employee)"),
    "psychic": N_("use Psychic"),
    "peek": N_("peek (Handshake with Mr President)"),
    "end": N_("end your turn"),
    "take": N_("take resources"),
    "salary": N_("choose your salary"),
    "steal": N_("steal"),
    "activate": N_("choose a tile to activate (Transit)"),
    "copy": N_("copy a tile from Stasiun"),
    "look": N_("look at another card"),
    "hire": N_("change Job"),
    "hire_free": N_("change Job with Takes English Course"),
    "keep": N_("keep a Dream"),
    "complete": N_("complete a Dream"),
    "done": N_("finish this step"),
    "news": N_("choose whether to ignore the News"),
}
PAY_KEYS = ("coin", "pride", "skill")
#: Keys that only restate others (a move's ``move`` names its tile and direction): never asked for.
DERIVED = frozenset({"move", "take", "paying", "copy", "pick"})


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
        return t("The game is over.")
    if not any(p.pid == player for p in state.players):
        return t("You are not playing in this game.")
    if not legal:
        return t("It is not your turn to act; another player is deciding.")
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        return t('An action must be an object with a "type" naming what to do.')
    typ = action["type"]
    types = list(dict.fromkeys(a["type"] for a in legal))
    if typ == "hire" and typ not in types and isinstance(action.get("card"), str) and _job_choice(state):
        return _payment_reason(state, player, action, [])
    if typ not in types:
        now = ", ".join(_verb(x) for x in types)
        if typ not in VERBS:
            return t(
                "There is no action {action} in Laga Jakarta. You may now: {choices}.", action=repr(typ), choices=now
            )
        return t("You cannot {action} now. You may now: {choices}.", action=_verb(typ), choices=now)
    cands = [a for a in legal if a["type"] == typ]
    keys = ["type"] + [k for k in cands[0] if k not in DERIVED and k != "type"]
    missing = [k for k in keys if k not in action]
    extra = [k for k in action if k not in keys and k not in DERIVED]
    if missing or extra:
        fields = dict(
            action=_verb(typ),
            keys=", ".join(keys[1:]) or t("nothing more"),
            missing=", ".join(missing),
            extra=", ".join(extra),
        )
        if missing and extra:
            return t("To {action} give exactly: {keys} (missing {missing}) (unexpected {extra}).", **fields)
        if missing:
            return t("To {action} give exactly: {keys} (missing {missing}).", **fields)
        return t("To {action} give exactly: {keys} (unexpected {extra}).", **fields)
    if typ in ("take", "hire", "complete", "hire_free"):
        return _payment_reason(state, player, action, cands)
    for key in keys[1:]:
        value = action[key]
        narrowed = [a for a in cands if _same(a[key], value)]
        if not narrowed:
            return _value_reason(state, player, typ, key, value, cands)
        cands = narrowed
    if "move" in action and not any(_same(a.get("move"), action["move"]) for a in cands):
        return t(
            "The move {move} does not match its tile and direction; leave it out or give it as offered.",
            move=repr(action["move"]),
        )
    return t("That action is not allowed now.")


def _verb(typ: str) -> str:
    """What an action type does, as in "You cannot {verb} now"."""
    return translate(VERBS[typ]) if typ in VERBS else typ


def _job_choice(state: LagaState) -> bool:
    """True while a player is choosing among Jobs seen on Lowongan."""
    return bool(state.tasks) and state.tasks[-1].kind == "cards" and state.tasks[-1].data["deck"] == "job"


def _value_reason(state: LagaState, player: int, typ: str, key: str, value: Any, cands: list[Action]) -> str:
    allowed = list(dict.fromkeys(str(a[key]) for a in cands))
    p = state.player(player)
    if key in ("tile", "to", "with", "jump") and value not in TILES and not (key == "jump" and value == "none"):
        return t("There is no Action tile {tile}; the tiles are {tiles}.", tile=repr(value), tiles=", ".join(TILES))
    if typ in ("sow", "gps") and key == "tile":
        if state.count(value) == 0:
            return t("{tile} has no tokens to move.", tile=TILE_NAMES[value])
        if news_on(state, p, "gridlock"):
            return t("Heavy Traffice Gridlock: you must move a tile of 2 or fewer tokens while there is one.")
        if typ == "gps":
            return t("GPS moves only a tile holding exactly 1 token.")
    if key == "direction":
        if value not in ("cw", "ccw"):
            return t("Direction must be 'cw' (clockwise) or 'ccw' (counter-clockwise).")
        why = "Boyband Member" if has(state, p, "sideway") else "MRT Project Started"
        return t("You may only move counter-clockwise ({card}).", card=why)
    if key == "jump":
        return t("Dolphin Jump can only skip a tile the tokens pass over.")
    if key in ("target", "from"):
        return t("That player cannot be chosen for this (immune, not eligible, or not in the game).")
    if key == "card":
        return t("The card {card} cannot be chosen here.", card=repr(value))
    if key == "pay":
        return t(
            "You cannot pay with {value}; choose one of: {choices}.", value=repr(value), choices=", ".join(allowed)
        )
    if key == "amount":
        return t(
            "You cannot transform {value}; choose an amount from 1 to {most}.", value=repr(value), most=len(allowed)
        )
    return t(
        "The {key} {value} is not allowed here; choose one of: {choices}.",
        key=key,
        value=repr(value),
        choices=", ".join(allowed),
    )


def _payment_reason(state: LagaState, player: int, action: Action, cands: list[Action]) -> str:
    typ = action["type"]
    if typ in ("hire", "complete", "hire_free") and not any(_same(a["card"], action["card"]) for a in cands):
        name = action["card"]
        if typ == "complete" and name in cards().dreams:
            if name not in state.player(player).dreams:
                return t("The Dream {card} is not an uncompleted Dream of yours.", card=repr(name))
            return t("You cannot afford to complete {card} now.", card=name)
        if typ == "hire" and name in state.looking:
            return t("You cannot afford to change Job to {card}.", card=name)
        return t("The card {card} is not among the cards you may choose.", card=repr(name))
    values = [action.get(k) for k in PAY_KEYS if k in action]
    if any(not isinstance(v, int) or isinstance(v, bool) or v < 0 for v in values):
        return t("Coin, pride and skill must be whole numbers of 0 or more.")
    if typ == "take":
        return tn(
            "Take exactly {n} resource in total (coin + pride + skill).",
            "Take exactly {n} resources in total (coin + pride + skill).",
            sum(cands[0][k] for k in PAY_KEYS),
        )
    ways = [a for a in cands if _same(a["card"], action["card"])]
    words = {"coin": t("coin"), "pride": t("pride"), "skill": t("skill")}
    shown = "; ".join(" ".join(f"{a[k]} {words[k]}" for k in PAY_KEYS if a[k]) or t("nothing") for a in ways[:4])
    return t("That payment does not settle the cost of {card}. You could pay: {ways}.", card=action["card"], ways=shown)
