"""What each player may see, and how that is drawn as Discord Markdown.

The view is the only way hidden information leaves the engine: a player sees
their own hand, a spectator none; nobody sees face-down Kedai cards, the decks'
order, another player's dealt hero before it is picked, or which cards another
player is choosing to pay with.

It also carries the engine's pending steps (``agenda``, see ``public_agenda``) and
the ids behind the window's entries and a pending choice's step: all of them
consequences of public moves, which the hard AI's sampler needs to rebuild a
window or a hit mid-way (bot/games/drama/sampler.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from bot.games.drama import board
from bot.games.drama.cards import ATTRS
from bot.games.drama.state import CARDS, DramaState, actions_left, attributes, gender, hero_name, player
from bot.games.drama.windows import entry_name, projected_target
from bot.kernel.i18n import t, tn
from bot.kernel.present import Board

MAX_RENDER = 3000


def card_info(cid: int) -> dict[str, Any]:
    """Public facts about a card, for views: a fresh dict (with fresh lists and dicts inside), so callers may
    keep or change it. Built once a card (views are built at every move of every playout of the hard AI)."""
    info = dict(_card_info(cid))
    if "effects" in info:
        info["effects"] = list(info["effects"])
    else:
        info["attributes"] = dict(info["attributes"])
    return info


@cache
def _card_info(cid: int) -> dict[str, Any]:
    if CARDS.is_blue(cid):
        d = CARDS.blue[cid]
        return {"id": cid, "name": d.name, "kind": d.kind, "text": d.text, "effects": [e.kind for e in d.effects]}
    g = CARDS.g(cid)
    info: dict[str, Any] = {
        "id": cid,
        "name": g.name,
        "kind": g.kind,
        "type": g.slot,
        "attributes": dict(zip(ATTRS, g.attrs, strict=True)),
        "ability": g.ability.kind,
        "ability_text": g.ability.text,
    }
    if g.kind == "item":
        info["price"] = g.price
    else:
        info.update(gender=g.gender, air_muka=g.air_muka, recruit=g.recruit, kahwin=g.kahwin)
    return info


def _player(state: DramaState, pid: int) -> dict[str, Any]:
    p = player(state, pid)
    return {
        "id": p.id,
        "hero": hero_name(p) if p.hero else None,
        "hero_key": p.hero or None,
        "gender": gender(p) or None,
        "ability": CARDS.hero(p.hero).ability.text if p.hero else None,
        "air_muka": p.air_muka,
        "juta": p.juta,
        "hand_count": len(p.hand),
        "alive": p.alive,
        "attributes": attributes(state, p) if p.hero else None,
        "items": [card_info(c) for c in p.items],
        "members": [dict(card_info(c), married=c == p.spouse) for c in p.members],
    }


#: The keys of each kind of agenda step that a view shows: every one is a consequence of public moves (a card
#: played face up, an ability used, a declared Dengki, a loss announced, a card taken from play or the discard
#: pile). A step of a kind not listed shows its kind only, so a future step cannot leak what it carries.
STEP_KEYS: dict[str, tuple[str, ...]] = {
    "collect": (),
    "end_turn": (),
    "attack_hits": (),
    "resolve": ("entry",),
    "effect": ("entry", "i"),
    "restore_attack": ("attack",),
    "hit": ("target", "amount", "source", "reduced"),
    "lose": ("player", "amount", "ref", "declined"),
    "place": ("player", "card"),
}
#: A window entry's keys: who played it, which card (played face up or in play; -1 for a hero's ABILITY),
#: the hero and side, the targets chosen aloud, the loss a reactive ABILITY answers, and whether it is void.
ENTRY_KEYS = ("player", "cls", "card", "hero", "side", "target", "pick", "entry", "ref", "void")
#: The attack's keys (all shown in ``view["attack"]`` too).
ATTACK_KEYS = ("attacker", "target", "strength", "stopped", "source")


def public_step(task: Mapping[str, Any]) -> dict[str, Any]:
    """One agenda step with only the keys ``STEP_KEYS`` allows (stack entries and attacks copied the same way)."""
    out: dict[str, Any] = {"do": task["do"]}
    for k in STEP_KEYS.get(task["do"], ()):
        if k not in task:
            continue
        v = task[k]
        if k == "entry":
            v = {x: v[x] for x in ENTRY_KEYS if x in v}
        elif k == "attack":
            v = {x: v[x] for x in ATTACK_KEYS if x in v}
        out[k] = v
    return out


def public_agenda(state: DramaState) -> list[dict[str, Any]]:
    """The pending engine steps, oldest first (the last runs next), as ``public_step`` shows them."""
    return [public_step(task) for task in state.agenda]


def _entry(e: dict[str, Any]) -> dict[str, Any]:
    out = {"player": e["player"], "name": entry_name(e), "class": e["cls"], "card": e["card"]}
    if e.get("hero"):
        out["hero"] = True  # a hero's ABILITY (its name is the hero's)
    if e.get("void"):
        out["void"] = True  # its player left: it will do nothing
    for k in ("target", "pick", "entry", "ref"):
        if k in e:
            out[k] = e[k]
    if "pick" in e:
        out["pick_name"] = CARDS.name(e["pick"])
    return out


def build_view(state: DramaState, viewer: int | None) -> dict[str, Any]:
    me = next((p for p in state.players if p.id == viewer), None)
    t = state.turn
    view: dict[str, Any] = {
        "game": "drama",
        "viewer": viewer,
        "phase": state.phase,
        "turn": {
            "player": t.player,
            "number": t.number,
            "collected": t.collected,
            "skipped": t.skipped,
            "silenced": t.silenced,
            "actions_used": t.actions_used,
            "actions_left": actions_left(state) if state.phase != "pick" else 0,
            "discount": t.discount,
            "hero_used": t.hero_used,
            "used": list(t.used),
        },
        "first_player": state.first,
        "extra_turns": state.extra_turns,
        "players": [_player(state, p.id) for p in state.players],
        "hand": [card_info(c) for c in sorted(me.hand)] if me is not None else [],
        "kedai": [
            {
                "slot": i,
                "face_down": state.kedai_hidden[i],
                "card": None if c is None or state.kedai_hidden[i] else card_info(c),
            }
            for i, c in enumerate(state.kedai)
        ],
        "bank": state.bank,
        "blue_deck": len(state.blue_deck),
        "blue_discard": len(state.blue_discard),
        "blue_discard_top": CARDS.name(state.blue_discard[-1]) if state.blue_discard else None,
        "green_deck": len(state.green_deck),
        "green_discard": [card_info(c) for c in state.green_discard],
        "window": None,
        "attack": None,
        "choice": None,
        "pick": None,
        "eliminated": list(state.eliminated),
        "winner": state.winner,
        "agenda": public_agenda(state),
    }
    w = state.window
    if w is not None:
        # Who is still asked is not shown: players with nothing to answer are passed for at
        # once, so the list would tell everyone who holds a Plot Twist. Each viewer learns
        # only whether they themselves may answer.
        view["window"] = {"kind": w.kind, "stack": [_entry(e) for e in w.stack], "you_may_answer": viewer in w.waiting}
    a = state.attack
    if a is not None:
        pt = projected_target(state)
        view["attack"] = {
            "attacker": a.attacker,
            "target": a.target,
            "strength": a.strength,
            "stopped": a.stopped,
            "source": a.source,
            "projected_target": a.target if pt is None else pt,
        }
    c = state.choice
    if c is not None:
        ch: dict[str, Any] = {"player": c.player, "kind": c.kind}
        if c.kind == "pay":
            ch.update(card=c.data["card"], need=c.data["need"])
            if viewer == c.player:
                ch["chosen"] = list(c.data["chosen"])
                ch["slot"], ch["replace"] = c.data["slot"], c.data.get("replace")
        else:
            ch["options"] = [card_info(x) for x in c.options]
        if c.kind in ("absorb", "react"):
            ch["amount"] = c.data["task"]["amount"]
            ch["task"] = public_step(c.data["task"])  # the hit or loss it interrupts: a public consequence
        if c.kind == "to_hand":
            ch["card"] = c.data["card"]  # the card taken (from play or the discard pile): public
        view["choice"] = ch
    if state.phase == "pick":
        pv: dict[str, Any] = {"queue": list(state.pick_queue), "mode": state.options.get("heroes", "choose")}
        if viewer in state.dealt:
            pv["dealt"] = CARDS.hero(state.dealt[viewer]).sides[0][0]
        view["pick"] = pv
    return view


def _name(names: Mapping[int, str], pid: int) -> str:
    return names.get(pid, t("Player {pid}", pid=pid))


def _game_over(view: Mapping[str, Any], names: Mapping[int, str]) -> str:
    w = view["winner"]
    return (
        t("Game over. Protagonist: **{player}**", player=_name(names, w))
        if w is not None
        else t("Game over: no one is left.")
    )


def lasting(view: dict[str, Any]) -> dict[str, Any]:
    """The view without whether its viewer may answer the open Plot Twist window: their window prompt says
    so, and the window closes within seconds, so their hand DM is not edited to show it (nor back)."""
    window = view.get("window")
    if not window or "you_may_answer" not in window:
        return view
    return {**view, "window": {k: v for k, v in window.items() if k != "you_may_answer"}}


def render_board(view: Mapping[str, Any], names: Mapping[int, str]) -> Board:
    """The board: the header as text, then a box per seat, the Kedai and the decks."""
    if view["viewer"] is None:  # the public table: text only, one phone screen (``board.public_lines``)
        return Board(render(view, names), ())
    return Board(render(view, names), tuple(board.render_fields(view, names)))


def render(view: Mapping[str, Any], names: Mapping[int, str]) -> str:
    """The text above the board's fields: whose turn and phase, the Dengki, the window, the hand.

    Every line starts with an emoji or bold text, never "> " or "- ", so Discord's
    markdown keeps it a line; the seats, the Kedai and the decks are fields
    (``board.render_fields``).
    """
    if view["viewer"] is None:
        return "\n".join(_public(view, names))
    tv = view["turn"]
    lines = []
    if view["phase"] == "pick":
        pk = view["pick"]
        mode = t("chosen in turn") if pk["mode"] == "choose" else t("dealt at random")
        lines.append(
            t("🎭 **Choosing heroes** ({mode}); next: **{player}**", mode=mode, player=_name(names, pk["queue"][0]))
        )
        if "dealt" in pk:
            lines.append(t("Your dealt hero: {hero}", hero=pk["dealt"]))
    elif view["phase"] == "over":
        lines.append(_game_over(view, names))
    else:
        fields = dict(
            number=tv["number"], player=_name(names, tv["player"]), phase=_phase_name(view, tv), left=tv["actions_left"]
        )
        lines.append(
            t("🎬 **Turn {number}: {player}** · {phase} · stopped by a Cliffhanger", **fields)
            if tv["silenced"]
            else t("🎬 **Turn {number}: {player}** · {phase}", **fields)
        )
    a = view["attack"]
    if a:
        lines.append(_attack_line(a, names))
    c = view["choice"]
    if c:
        lines.append(
            t("⏳ Waiting for {player} to {what}.", player=_name(names, c["player"]), what=_choice_kind(c["kind"]))
        )
    if view["viewer"] is not None and view["phase"] != "over":
        lines.append("")
        lines.extend(board.hand_lines(view))
    text = "\n".join(lines)
    return text if len(text) <= MAX_RENDER else text[: MAX_RENDER - 3] + "..."


def _public(view: Mapping[str, Any], names: Mapping[int, str]) -> list[str]:
    """The public table's board: the turn and phase (whose turn is the platform's status line), the attack or
    window in a line, then a line per seat and the Kedai (``board.public_lines``)."""
    tv = view["turn"]
    head = []
    if view["phase"] == "pick":
        mode = t("chosen in turn") if view["pick"]["mode"] == "choose" else t("dealt at random")
        head.append(t("🎭 **Choosing heroes** ({mode})", mode=mode))
    elif view["phase"] == "over":
        head.append(_game_over(view, names))
    else:
        phase = {
            "collect": t("start of turn"),
            "action": t("Action: {n} ACTION left", n=tv["actions_left"]),
            "dengki": t("Dengki phase"),
        }.get(view["phase"], view["phase"])
        head.append(
            t("🎬 **Turn {number}** · {phase} · stopped by a Cliffhanger", number=tv["number"], phase=phase)
            if tv["silenced"]
            else t("🎬 **Turn {number}** · {phase}", number=tv["number"], phase=phase)
        )
    a, w = view["attack"], view["window"]
    if a and not (w and w["kind"] == "dengki"):
        head.append(_attack_line(a, names))
    c = view["choice"]
    if c:
        head.append("⏳ " + _choice_kind(c["kind"]))
    window = [board.window_chain(view, names), board.window_cards(view)] if w else []
    return board.public_lines(view, names, head, window)


def _attack_line(a: Mapping[str, Any], names: Mapping[int, str]) -> str:
    """The DENGKI under way in a line: its strength, who aims it at whom, and whether it was stopped."""
    fields = dict(
        strength=a["strength"], attacker=_name(names, a["attacker"]), target=_name(names, a["projected_target"])
    )
    return (
        t("⚔️ **DENGKI {strength}**: {attacker} → {target} (stopped)", **fields)
        if a["stopped"]
        else t("⚔️ **DENGKI {strength}**: {attacker} → {target}", **fields)
    )


def _phase_name(view: Mapping[str, Any], tv: Mapping[str, Any]) -> str:
    phase: str = view["phase"]
    if phase == "collect":
        return t("starting (before Collecting)")
    if phase == "action":
        return t("Action phase, ACTION left: {n}", n=tv["actions_left"])
    if phase == "dengki":
        return t("Dengki phase")
    return phase


def _choice_kind(kind: str) -> str:
    words = {
        "start": t("collect or attack at once"),
        "pay": t("pay for a MEMBER"),
        "absorb": t("choose which MEMBER shields"),
        "to_hand": t("choose a card to take back"),
        "react": t("decide on a reactive ABILITY"),
    }
    return words.get(kind, t("decide"))


# --- the picker's brief -----------------------------------------------------------------------

#: How long one brief line may grow before it is cut (phones wrap long lines into tall ones).
BRIEF_LINE = 150


def _clip_line(text: str) -> str:
    return text if len(text) <= BRIEF_LINE else text[: BRIEF_LINE - 1] + "\u2026"


def render_brief(view: Mapping[str, Any], names: Mapping[int, str]) -> str:
    """What a decision needs in at most six short lines, from ``view`` alone: the pending fact (the DENGKI,
    the window's newest card, the choice), you (hero, Air Muka, Juta, ACTION), your hand, what you own,
    and the Kedai on your own turn. A spectator gets the status line only."""
    viewer = view.get("viewer")
    me = next((p for p in view["players"] if p["id"] == viewer), None)
    tv = view["turn"]
    lines = []
    fact = _brief_fact(view, names, viewer)
    if fact:
        lines.append(fact)
    if me is None:
        return "\n".join(lines) or "Drama Pukul 7"
    if view["phase"] == "pick":
        pk = view["pick"] or {}
        if "dealt" in pk:
            lines.append(t("Your dealt hero: {hero}", hero=pk["dealt"]))
    elif not me["alive"]:
        lines.append(t("You are out of the game."))
    else:
        fields = dict(hero=me["hero"], gender=me["gender"], air_muka=me["air_muka"], juta=me["juta"])
        if tv["player"] == viewer and view["phase"] == "action":
            you = t(
                "**You:** {hero} ({gender}) \u00b7 Air Muka {air_muka} \u00b7 {juta} Juta \u00b7 {left} ACTION left",
                left=tv["actions_left"],
                **fields,
            )
        else:
            you = t("**You:** {hero} ({gender}) \u00b7 Air Muka {air_muka} \u00b7 {juta} Juta", **fields)
        lines.append(you)
    hand = view["hand"]
    if view["phase"] != "pick" or hand:
        # never clipped: every card the player may choose from is named
        lines.append(t("**Hand ({n}):** {cards}", n=len(hand), cards=", ".join(h["name"] for h in hand) or "\u2014"))
    owned = [i["name"] for i in me["items"]] + [m["name"] + (" \u2665" if m["married"] else "") for m in me["members"]]
    if owned:
        lines.append(_clip_line(t("**Yours:** {cards}", cards=", ".join(owned))))
    if view["phase"] == "action" and tv["player"] == viewer and view["choice"] is None and view["window"] is None:
        shop = []
        for s in view["kedai"]:
            c = s["card"]
            if c is not None:
                if c["kind"] == "item":
                    shop.append(t("[{slot}] {card} ({price}J)", slot=s["slot"] + 1, card=c["name"], price=c["price"]))
                else:
                    shop.append(
                        tn(
                            "[{slot}] {card} ({n} card)",
                            "[{slot}] {card} ({n} cards)",
                            c["recruit"],
                            slot=s["slot"] + 1,
                            card=c["name"],
                        )
                    )
        if shop:
            lines.append(_clip_line(t("**Kedai:** {slots}", slots=" | ".join(shop))))
    return "\n".join(lines[:6])


def _brief_fact(view: Mapping[str, Any], names: Mapping[int, str], viewer: Any) -> str:
    """The public fact the pending decision is about, in one line."""

    def who(pid: Any) -> str:
        return t("you") if pid == viewer else _name(names, pid)

    if view["phase"] == "pick":
        return t("Choosing heroes; next: {player}", player=who(view["pick"]["queue"][0]))
    if view["phase"] == "over":
        return _game_over(view, names)
    bits = []
    a = view["attack"]
    if a:
        fields = dict(strength=a["strength"], attacker=who(a["attacker"]), target=who(a["projected_target"]))
        bits.append(
            t("\u2694 DENGKI {strength}: {attacker} \u2192 {target} (stopped)", **fields)
            if a["stopped"]
            else t("\u2694 DENGKI {strength}: {attacker} \u2192 {target}", **fields)
        )
    w = view["window"]
    if w:
        live = [e for e in w["stack"] if not e.get("void")]
        if live:
            shown = {
                p: _name(names, p)
                for p in {e["player"] for e in w["stack"]} | {e["target"] for e in w["stack"] if "target" in e}
            }
            bits.append(t("⚡ {what}", what=board.entry_words(live[-1], w["stack"], shown, you=viewer)))
        elif not a:
            bits.append(t("⚡ Plot Twist window (nothing played yet)"))
    c = view["choice"]
    if c and c["player"] == viewer:
        if c["kind"] == "pay":
            left = c["need"] - len(c.get("chosen", []))
            bits.append(
                tn(
                    "Recruiting {card}: discard {n} more card",
                    "Recruiting {card}: discard {n} more cards",
                    left,
                    card=CARDS.name(c["card"]),
                )
            )
        elif "amount" in c:
            bits.append(t("You are hit for {amount} Air Muka", amount=c["amount"]))
    if not bits:
        tp = view["turn"]["player"]
        number = view["turn"]["number"]
        bits.append(
            t("Turn {number}: your turn", number=number)
            if tp == viewer
            else t("Turn {number}: {player}'s turn", number=number, player=who(tp))
        )
    return _clip_line(" \u00b7 ".join(bits))
