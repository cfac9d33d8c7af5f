"""Words for people: action labels, picker choices, move-log lines and the rules page."""

from __future__ import annotations

from typing import Any, Mapping

from .cards import cards
from .state import TILE_NAMES, LagaState

RES_NAMES = {"coin": "Coin", "pride": "Pride", "skill": "Skill"}
DIR_NAMES = {"cw": "clockwise", "ccw": "counter-clockwise", "gps": "by GPS"}
TYPE_LABELS = {
    "sow": "Move tokens", "gps": "GPS move (1 token to any tile)", "transform": "Abra-Cadabra: transform",
    "swap": "The Master of Rules: swap tiles", "raid": "Raid: fine a player", "call": "Old Friend Call",
    "seduce": "Opposite Seduction", "deactivate": "Local Authority: switch off a Job",
    "bury": "Buried Dream: return a Dream", "psychic": "Psychic: look at a deck", "peek": "Handshake: peek",
    "end": "End turn", "take": "Take resources", "salary": "Salary", "steal": "Steal",
    "activate": "Transit: activate", "copy": "Stasiun: copy a tile", "look": "Look at one more card",
    "hire": "Change Job", "hire_free": "Change Job free (English Course)", "keep": "Keep this Dream",
    "complete": "Complete a Dream", "done": "Done", "news": "News card",
}


def pay_text(a: Mapping[str, Any]) -> str:
    return ", ".join(f"{a[k]} {RES_NAMES[k]}" for k in RES_NAMES if a.get(k)) or "nothing"


def seat_label(state: LagaState, pid: int) -> str:
    return f"seat {state.seat_of(pid) + 1}" if any(p.pid == pid for p in state.players) else str(pid)


def describe_action(state: LagaState, a: Mapping[str, Any]) -> str:
    t = a.get("type")
    tile = TILE_NAMES.get(a.get("tile", ""), a.get("tile"))
    if t == "sow":
        jump = a.get("jump", "none")
        extra = f", jumping {TILE_NAMES[jump]}" if jump != "none" else ""
        return f"Move {tile} ({state.count(a['tile'])}) {DIR_NAMES[a['direction']]}{extra}"
    if t == "gps":
        return f"GPS: move {tile}'s token to {TILE_NAMES[a['to']]}"
    if t == "transform":
        return f"Transform {a['amount']} {RES_NAMES[a['from']]} into {RES_NAMES[a['to']]}"
    if t == "swap":
        return f"Swap {tile} with {TILE_NAMES[a['with']]}"
    if t in ("raid", "call", "seduce", "deactivate"):
        return f"{TYPE_LABELS[t]}: {seat_label(state, a['target'])}"
    if t in ("bury", "keep"):
        return f"{TYPE_LABELS[t]}: {a['card']}"
    if t in ("psychic", "peek"):
        return f"{TYPE_LABELS[t]} the {a['deck']} deck"
    if t == "take":
        return f"Take {pay_text(a)}"
    if t == "salary":
        return "Take my salary" if a["mode"] == "salary" else "Make It Rain: 1 Coin from each lower Job"
    if t == "steal":
        return f"Steal 1 {RES_NAMES[a['resource']]} from {seat_label(state, a['from'])}"
    if t == "activate":
        return f"Activate {tile}"
    if t == "news":
        return "Ignore this News card" if a["choice"] == "ignore" else "Let this News card apply to me"
    if t == "copy":
        how = "free" if a["pay"] == "free" else f"pay 1 {RES_NAMES[a['pay']]}"
        return f"Stasiun: copy {tile} ({how})"
    if t == "look":
        return f"Pay 1 {RES_NAMES[a['pay']]} to look at one more card"
    if t == "hire":
        return f"Change Job to {a['card']}, paying {pay_text(a)}"[:100]
    if t == "hire_free":
        return f"Change Job to {a['card']} free (return Takes English Course)"[:100]
    if t == "complete":
        return f"Complete {a['card']}, paying {pay_text(a)}"[:100]
    return TYPE_LABELS.get(t, str(t))


def describe_choice(state: LagaState, key: str, value: Any) -> str:
    c = cards()
    if key == "type":
        return TYPE_LABELS.get(value, str(value))
    if key in ("from", "to") and value in RES_NAMES:
        return RES_NAMES[value]
    if key in ("tile", "to", "with", "jump"):
        if value == "none":
            return "No jump"
        return f"{TILE_NAMES.get(value, value)} ({state.count(value)})" if value in TILE_NAMES else str(value)
    if key == "direction":
        return DIR_NAMES.get(value, str(value)).capitalize()
    if key in RES_NAMES:
        return f"{value} {RES_NAMES[key]}"
    if key in ("target", "from"):
        return seat_label(state, value) if isinstance(value, int) else str(value)
    if key == "card":
        if value in c.jobs:
            j = c.jobs[value]
            return f"{value} (Job L{j.level}, {j.points} pts): {j.text}"[:100]
        if value in c.dreams:
            d = c.dreams[value]
            return f"{value} (Dream L{d.level}, {d.points} pts): {d.text}"[:100]
    if key == "pay":
        return "Free" if value == "free" else f"Pay 1 {RES_NAMES.get(value, value)}"
    if key == "resource":
        return RES_NAMES.get(value, str(value))
    if key == "choice":
        return "Ignore it" if value == "ignore" else "Let it apply"
    if key == "mode":
        return "Salary" if value == "salary" else "Make It Rain"
    if key == "deck":
        return {"job": "Job deck", "dream": "Dream deck", "news": "News deck"}.get(value, str(value))
    return str(value)


def describe_event(e: Mapping[str, Any], names: Mapping[int, str]) -> str:
    def nm(key: str = "player") -> str:
        pid = e.get(key)
        return names.get(pid, f"Player {pid}") if pid is not None else "the bank"

    t = e.get("type")
    if t == "turn":
        return f"{nm()}'s {'extra ' if e.get('extra') else ''}turn (round {e['round']})."
    if t == "news":
        return f"News, round {e['round']}: {e['card']} — {cards().news[e['card']].text}"
    if t in ("gain", "pay"):
        verb = "gets" if t == "gain" else "pays"
        to = f" to {nm('to')}" if t == "pay" and e.get("to") is not None else ""
        return f"{nm()} {verb} {pay_text(e)}{to} ({e['reason']})."
    if t == "steal":
        return f"{nm()} takes {e['amount']} {RES_NAMES[e['resource']]} from {nm('from')} ({e['reason']})."
    if t == "move":
        return (f"{nm()} moves {e['count']} from {TILE_NAMES[e['tile']]} {DIR_NAMES[e['direction']]}, "
                f"landing on {TILE_NAMES[e['landing']]}.")
    if t == "redistribute":
        return f"{TILE_NAMES[e['tile']]} overflowed and was spread to the other tiles."
    if t == "fine":
        return f"{nm()} is fined ({e['reason']}): Job face down."
    if t == "fine_blocked":
        return f"{nm()} cannot be fined (Traffic Police)."
    if t == "activate":
        how = {"land": "", "copy": " (Stasiun copy)", "transit": " (Transit)"}[e["how"]]
        return f"{nm()} activates {TILE_NAMES[e['tile']]}{how} with {e['count']} tokens."
    if t == "look":
        return f"{nm()} looks at {e['count']} card(s) from the {e['deck']} deck."
    if t == "see":
        return f"You see: {', '.join(e['cards'])}."
    if t == "return":
        return f"{nm()} returns {e['count']} card(s) to the bottom of the {e['deck']} deck."
    if t == "hire":
        return f"{nm()} changes Job to {e['card']}."
    if t == "voucher":
        return f"{nm()} returns {e['card']} to take a Level 2 Job free."
    if t == "keep":
        return f"{nm()} keeps a Dream."
    if t == "kept":
        return f"You keep {e['card']}."
    if t == "complete":
        return f"{nm()} completes {e['card']}!"
    if t == "bury":
        return f"{nm()} returns an uncompleted Dream to the deck (Buried Dream)."
    if t == "peek":
        return f"{nm()} looks at the top of the {e['deck']} deck."
    if t == "peeked":
        return f"Top of the {e['deck']} deck: {e['card']}."
    if t == "ability":
        target = f" on {nm('target')}" if "target" in e else ""
        card = cards().jobs[cards().job_by_ability[e["ability"]]]
        return f"{nm()} uses {card.ability_name} ({card.name}){target}."
    if t == "transform":
        return f"{nm()} transforms {e['amount']} {RES_NAMES[e['from']]} into {RES_NAMES[e['to']]}."
    if t == "swap":
        return f"{nm()} swaps {TILE_NAMES[e['tile']]} and {TILE_NAMES[e['with']]}."
    if t == "flip_up":
        return f"{nm()} flips their Job face up (no salary this turn)."
    if t == "no_salary":
        return f"{nm()} gets no salary ({e['reason']})."
    if t == "ignore_news":
        return f"{nm()} ignores {e['card']}."
    if t == "accept_news":
        return f"{nm()} lets {e['card']} apply to them."
    if t == "immune":
        return f"{nm()} is immune to {e['card']}."
    if t == "reactivated":
        return f"{nm()}'s Job ability is back on."
    if t == "extra_turn":
        return f"{nm()} will take an extra turn."
    if t == "decline":
        return f"{nm()} does not use Stasiun."
    if t == "end_turn":
        return f"{nm()} ends their turn."
    if t == "game_over":
        return f"Game over: {nm('winner')} wins."
    return str(t)


#: The first question, by pending decision (``pre``/``post``: the turn player's own move).
_FIRST = {
    "pre": "Your turn: which move do you make?",
    "post": "Use an ability, or end your turn?",
    "gain": "Which resources do you take?",
    "salary_choice": "Take your salary, or Make It Rain?",
    "steal": "What do you steal?",
    "transit": "Transit: which tile do you activate?",
    "stasiun": "Stasiun: copy a tile?",
    "cards": "You are looking at cards: what do you do?",
    "complete": "Complete a Dream?",
    "news_choice": "Ignore this News card, or let it apply to you?",
}

#: The question of each action parameter, by action type (``None``: any type).
_QUESTIONS: dict[tuple[str | None, str], str] = {
    ("sow", "tile"): "Move the tokens of which tile?",
    ("sow", "direction"): "Which way do they go?",
    ("sow", "jump"): "Jump over a tile (Dolphin Jump)?",
    ("gps", "tile"): "GPS: take a token from which tile?",
    ("gps", "to"): "GPS: move it to which tile?",
    ("transform", "from"): "Transform which resource?",
    ("transform", "to"): "Into which resource?",
    ("transform", "amount"): "How many do you transform?",
    ("swap", "tile"): "Swap which tile?",
    ("swap", "with"): "Swap it with which tile?",
    ("raid", "target"): "Raid (fine) which player?",
    ("call", "target"): "Old Friend Call: which player?",
    ("seduce", "target"): "Opposite Seduction: which player?",
    ("deactivate", "target"): "Switch off whose Job?",
    ("bury", "card"): "Return which Dream?",
    ("psychic", "deck"): "Psychic: look at which deck?",
    ("peek", "deck"): "Handshake: peek at which deck?",
    ("take", "coin"): "How many Coin do you take?",
    ("take", "pride"): "How many Pride do you take?",
    ("take", "skill"): "How many Skill do you take?",
    ("salary", "mode"): "Salary, or Make It Rain?",
    ("steal", "from"): "Steal from which player?",
    ("steal", "resource"): "Steal which resource?",
    ("activate", "tile"): "Activate which tile?",
    ("copy", "tile"): "Copy which tile?",
    ("copy", "pay"): "How do you pay for the copy?",
    ("look", "pay"): "Pay which resource to look at one more card?",
    ("hire", "card"): "Change to which Job?",
    ("hire", "coin"): "Pay how many Coin?",
    ("hire", "pride"): "Pay how many Pride?",
    ("hire", "skill"): "Pay how many Skill?",
    ("hire_free", "card"): "Change to which Job, free?",
    ("keep", "card"): "Keep which Dream?",
    ("complete", "card"): "Complete which Dream?",
    ("complete", "coin"): "Pay how many Coin?",
    ("complete", "pride"): "Pay how many Pride?",
    ("complete", "skill"): "Pay how many Skill?",
    ("news", "choice"): "Ignore this News card, or let it apply?",
    (None, "tile"): "Which tile?",
    (None, "to"): "To which?",
    (None, "from"): "From which?",
    (None, "target"): "Which player?",
    (None, "card"): "Which card?",
    (None, "deck"): "Which deck?",
    (None, "coin"): "How many Coin?",
    (None, "pride"): "How many Pride?",
    (None, "skill"): "How many Skill?",
    (None, "pay"): "Pay with what?",
    (None, "amount"): "How many?",
}


def describe_question(state: LagaState, player: int, key: str | None, chosen: Any) -> str:
    """The question a picker step asks (name-free: the engine knows no player names)."""
    if key in (None, "type"):
        kind = state.tasks[-1].kind if state.tasks else state.phase
        return _FIRST.get(kind, "What do you do?")
    kind = next((v for k, v in chosen if k == "type"), None)
    return _QUESTIONS.get((kind, key)) or _QUESTIONS.get((None, key)) or f"Choose {key.replace('_', ' ')}:"
