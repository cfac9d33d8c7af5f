"""What a choice does (the picker's option descriptions) and what a Plot Twist window answers.

The engine knows no display names, so players are named by their hero here, as
on every label of the picker; the board pairs each hero with its player.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.games.drama import cardtext, shop
from bot.games.drama.state import CARDS, MAX_AIR_MUKA, DramaState, attributes, hero_name, player
from bot.games.drama.windows import entry_label, projected_target
from bot.kernel.i18n import t, tn

#: How long a question may grow (the prompt's first line, the picker's title, a select's placeholder).
QUESTION_MAX = 100


def explain_choice(state: DramaState, pid: int, key: str, value: Any) -> str:
    """One line under a picker option: a card's type, cost, attributes and effect; a player's standing."""
    try:
        if key == "member" and isinstance(value, int):
            return _member_line(state, pid, value)
        if key in ("card", "pick", "replace", "discard") and isinstance(value, int):
            return cardtext.line(value)
        if key == "slot":
            cid = state.kedai[value]
            if cid is None or state.kedai_hidden[value]:
                return ""
            return cardtext.line(cid)
        if key == "hero":
            return cardtext.hero_line(CARDS.side_names()[value][0])
        if key == "target":
            return standing(state, value)
        if key == "entry" and state.window is not None:
            e = state.window.stack[value]
            return _entry_line(e)
    except (KeyError, IndexError, TypeError):
        return ""
    return ""


def _member_line(state: DramaState, pid: int, member: int) -> str:
    """A MEMBER offered to shield (absorb) or to marry (KAHWIN): what choosing it costs and gives."""
    g = CARDS.g(member)
    if state.choice is not None and state.choice.kind == "absorb":
        return t("Absorbs up to {n} DENGKI, then is discarded", n=g.air_muka)
    gives = cardtext.attrs_text(g.attrs) or t("no attributes")
    text = t(
        "KAHWIN for {cost} Juta · married: {gives}", cost=shop.kahwin_cost(player(state, pid), member), gives=gives
    )
    ability = cardtext.ability_text(g.ability, True)
    full = f"{text} · {ability}" if ability else text
    return full if cardtext.width(full) <= cardtext.LINE_MAX else text


def standing(state: DramaState, pid: int) -> str:
    """A player at a glance, as an option's description: Air Muka, Juta, hand, shields."""
    p = player(state, pid)
    shield = sum(CARDS.g(m).air_muka for m in p.members)
    bits = [
        t("😊 Air Muka {n}/{max}", n=p.air_muka, max=MAX_AIR_MUKA),
        t("💰 {n} Juta", n=p.juta),
        tn("{n} card in hand", "{n} cards in hand", len(p.hand)),
    ]
    if shield:
        bits.append(t("🛡 MEMBERs shield {n}", n=shield))
    if p.spouse is not None:
        bits.append(t("married to {card}", card=CARDS.name(p.spouse)))
    return " · ".join(bits)[: cardtext.LINE_MAX]


def _entry_line(e: dict[str, Any]) -> str:
    if e.get("hero"):
        return cardtext.hero_line(e["hero"])
    if e["cls"] == "ability":
        return t("ABILITY: {text}", text=cardtext.ability_text(CARDS.g(e["card"]).ability, True))[: cardtext.LINE_MAX]
    return cardtext.line(e["card"])


def _who(state: DramaState, pid: int, viewer: int, names: Mapping[int, str] | None = None) -> str:
    """ "you" (a target, never one who acts: "you plays" is no English), the player's name where the
    platform gave names, else their hero."""
    if pid == viewer:
        return t("you")
    return _named(state, pid, names)


def _named(state: DramaState, pid: int, names: Mapping[int, str] | None = None) -> str:
    """The player's name where the platform gave names, else their hero (whoever reads)."""
    if names and pid in names:
        return names[pid]
    return hero_name(player(state, pid))


def entry_sentence(state: DramaState, e: dict[str, Any], viewer: int, names: Mapping[int, str] | None = None) -> str:
    """ "Mat Rempit plays Anak Tiri Kaki Curi on you", "Cikgu Zura uses Telefon Lipat ABILITY"."""
    who = _named(state, e["player"], names)
    card = entry_label(e)
    if e.get("void"):
        return t("{player}'s {card} (does nothing: they left)", player=who, card=card)
    if "entry" in e and state.window is not None and 0 <= e["entry"] < len(state.window.stack):
        against = state.window.stack[e["entry"]]
        if against["player"] == viewer:
            return t(
                "{player} plays {card} against your {against}", player=who, card=card, against=entry_label(against)
            )
        return t(
            "{player} plays {card} against {owner}'s {against}",
            player=who,
            card=card,
            owner=_named(state, against["player"], names),
            against=entry_label(against),
        )
    if e.get("hero"):
        return (
            t(
                "{player} uses their hero ABILITY on {target}",
                player=who,
                target=_who(state, e["target"], viewer, names),
            )
            if "target" in e
            else t("{player} uses their hero ABILITY", player=who)
        )
    if "target" in e:
        fields = dict(player=who, card=card, target=_who(state, e["target"], viewer, names))
        text = (
            t("{player} uses {card} on {target}", **fields)
            if e["cls"] == "ability"
            else t("{player} plays {card} on {target}", **fields)
        )
    else:
        text = (
            t("{player} uses {card}", player=who, card=card)
            if e["cls"] == "ability"
            else t("{player} plays {card}", player=who, card=card)
        )
    if "pick" in e:
        text = t("{action} ({card})", action=text, card=CARDS.name(e["pick"]))
    return text


def _moment(state: DramaState, viewer: int, names: Mapping[int, str] | None = None) -> str:
    """What an empty window is about: the turn starting, the Action phase, a Dengki."""
    w = state.window
    tp = _named(state, state.turn.player, names)
    a = state.attack
    if w is not None and w.kind == "dengki" and a is not None:
        projected = projected_target(state)
        attacker, target = a.attacker, a.target
        if projected is not None and projected != a.target:  # turned back: it now goes the other way
            attacker, target = a.target, a.attacker
        return t(
            "{attacker} aims {strength} DENGKI at {target}",
            attacker=_named(state, attacker, names),
            strength=a.strength,
            target=_who(state, target, viewer, names),
        )
    if w is not None and w.kind == "turn_start":
        return t("{player}'s turn starts (before Collecting)", player=tp)
    if w is not None and w.kind == "action_start":
        return t("{player} starts the Action phase", player=tp)
    return t("{player}'s turn", player=tp)


def window_question(state: DramaState, viewer: int, names: Mapping[int, str] | None = None) -> str:
    """The window prompt's question: what is being answered, with the chain so far, then the ask."""
    w = state.window
    assert w is not None
    chain = [entry_sentence(state, e, viewer, names) for e in w.stack]
    if w.kind == "dengki" and state.attack is not None:
        chain.insert(0, _moment(state, viewer, names))
    if not chain:
        chain = [_moment(state, viewer, names)]
    a = state.attack
    aimed = a is not None and w.kind == "dengki" and (projected_target(state) or a.target) == viewer
    ask = t("Plot Twist to defend?") if aimed else t("Plot Twist to respond?")
    # the newest link in words; older ones as short as can be, the oldest dropped first when it must
    short = [_short_link(state, e, viewer, names) for e in w.stack]
    if w.kind == "dengki" and state.attack is not None:
        short.insert(0, t("DENGKI {n}", n=state.attack.strength))
    if not w.stack:
        short = chain
    named = {e["entry"] for e in w.stack if "entry" in e}  # links a later "against" already names
    offset = len(short) - len(w.stack)  # the Dengki's own link comes first in a Dengki window
    for start in range(len(chain)):
        links = short[start:-1] + chain[-1:]
        # a dropped link needs no "…" when a response still shown names it ("… against X's card")
        silent = all(i >= offset and i - offset in named for i in range(start))
        lead = "… → " if start and not silent else ""
        question = t("{chain}. {ask}", chain=lead + " → ".join(links), ask=ask)
        if cardtext.width(question) <= QUESTION_MAX:
            return question
    return question  # still too long: the front end shortens it to fit, between words


def _short_link(state: DramaState, e: dict[str, Any], viewer: int, names: Mapping[int, str] | None = None) -> str:
    card = t("hero ABILITY") if e.get("hero") else entry_label(e)
    return t("{player}: {card}", player=_named(state, e["player"], names), card=card)


def start_question(state: DramaState, pid: int) -> str:
    """The turn player's first decision: collect (what it brings) or attack at once."""
    a = attributes(state, player(state, pid))
    return tn(
        "Your turn: collect {juta} Juta + {n} card and play, or DENGKI {dengki} now (turn ends)?",
        "Your turn: collect {juta} Juta + {n} cards and play, or DENGKI {dengki} now (turn ends)?",
        a["draw"],
        juta=a["juta"],
        dengki=a["dengki"],
    )
