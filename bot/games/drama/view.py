"""What each player may see, and how that is drawn as Discord Markdown.

The view is the only way hidden information leaves the engine: a player sees
their own hand, a spectator none; nobody sees face-down Kedai cards, the decks'
order, another player's dealt hero before it is picked, or which cards another
player is choosing to pay with.
"""

from __future__ import annotations

from typing import Any, Mapping

from bot.games.drama.cards import ATTRS
from bot.games.drama.state import (CARDS, DramaState, actions_left, attributes, gender, hero_name, player)
from bot.games.drama.windows import entry_name, projected_target

MAX_RENDER = 1800


def card_info(cid: int) -> dict[str, Any]:
    """Public facts about a card, for views."""
    if CARDS.is_blue(cid):
        d = CARDS.blue[cid]
        return {"id": cid, "name": d.name, "kind": d.kind, "text": d.text}
    g = CARDS.g(cid)
    info: dict[str, Any] = {"id": cid, "name": g.name, "kind": g.kind, "type": g.slot,
                            "attributes": dict(zip(ATTRS, g.attrs)), "ability": g.ability.kind,
                            "ability_text": g.ability.text}
    if g.kind == "item":
        info["price"] = g.price
    else:
        info.update(gender=g.gender, air_muka=g.air_muka, recruit=g.recruit, kahwin=g.kahwin)
    return info


def _player(state: DramaState, pid: int) -> dict[str, Any]:
    p = player(state, pid)
    return {
        "id": p.id, "hero": hero_name(p) if p.hero else None, "hero_key": p.hero or None,
        "gender": gender(p) or None, "ability": CARDS.hero(p.hero).ability.text if p.hero else None,
        "air_muka": p.air_muka, "juta": p.juta, "hand_count": len(p.hand), "alive": p.alive,
        "attributes": attributes(state, p) if p.hero else None,
        "items": [card_info(c) for c in p.items],
        "members": [dict(card_info(c), married=c == p.spouse) for c in p.members],
    }


def _entry(e: dict[str, Any]) -> dict[str, Any]:
    out = {"player": e["player"], "name": entry_name(e), "class": e["cls"]}
    if e.get("void"):
        out["void"] = True  # its player left: it will do nothing
    for k in ("target", "pick", "entry"):
        if k in e:
            out[k] = e[k]
    if "pick" in e:
        out["pick_name"] = CARDS.name(e["pick"])
    return out


def build_view(state: DramaState, viewer: int | None) -> dict[str, Any]:
    me = next((p for p in state.players if p.id == viewer), None)
    t = state.turn
    view: dict[str, Any] = {
        "game": "drama", "viewer": viewer, "phase": state.phase,
        "turn": {"player": t.player, "number": t.number, "collected": t.collected, "skipped": t.skipped,
                 "silenced": t.silenced, "actions_used": t.actions_used,
                 "actions_left": actions_left(state) if state.phase != "pick" else 0,
                 "discount": t.discount, "hero_used": t.hero_used},
        "first_player": state.first, "extra_turns": state.extra_turns,
        "players": [_player(state, p.id) for p in state.players],
        "hand": [card_info(c) for c in sorted(me.hand)] if me is not None else [],
        "kedai": [{"slot": i, "face_down": state.kedai_hidden[i],
                   "card": None if c is None or state.kedai_hidden[i] else card_info(c)}
                  for i, c in enumerate(state.kedai)],
        "bank": state.bank, "blue_deck": len(state.blue_deck), "blue_discard": len(state.blue_discard),
        "blue_discard_top": CARDS.name(state.blue_discard[-1]) if state.blue_discard else None,
        "green_deck": len(state.green_deck),
        "green_discard": [card_info(c) for c in state.green_discard],
        "window": None, "attack": None, "choice": None,
        "pick": None, "eliminated": list(state.eliminated), "winner": state.winner,
    }
    w = state.window
    if w is not None:
        # Who is still asked is not shown: players with nothing to answer are passed for at
        # once, so the list would tell everyone who holds a Plot Twist. Each viewer learns
        # only whether they themselves may answer.
        view["window"] = {"kind": w.kind, "stack": [_entry(e) for e in w.stack],
                          "you_may_answer": viewer in w.waiting}
    a = state.attack
    if a is not None:
        pt = projected_target(state)
        view["attack"] = {"attacker": a.attacker, "target": a.target, "strength": a.strength, "stopped": a.stopped,
                          "projected_target": a.target if pt is None else pt}
    c = state.choice
    if c is not None:
        ch: dict[str, Any] = {"player": c.player, "kind": c.kind}
        if c.kind == "pay":
            ch.update(card=c.data["card"], need=c.data["need"])
            if viewer == c.player:
                ch["chosen"] = list(c.data["chosen"])
        else:
            ch["options"] = [card_info(x) for x in c.options]
        if c.kind in ("absorb", "react"):
            ch["amount"] = c.data["task"]["amount"]
        view["choice"] = ch
    if state.phase == "pick":
        pv: dict[str, Any] = {"queue": list(state.pick_queue), "mode": state.options.get("heroes", "choose")}
        if viewer in state.dealt:
            pv["dealt"] = CARDS.hero(state.dealt[viewer]).sides[0][0]
        view["pick"] = pv
    return view


def _name(names: Mapping[int, str], pid: int) -> str:
    return names.get(pid, f"Player {pid}")


def _attr_line(a: Mapping[str, int] | None) -> str:
    if not a:
        return ""
    return f"J{a['juta']} D{a['draw']} A{a['action']} Dg{a['dengki']}"


def render(view: Mapping[str, Any], names: Mapping[int, str]) -> str:
    """A compact Markdown board (kept under the message size the cog can send)."""
    t = view["turn"]
    lines = ["**Drama Pukul 7**"]
    if view["phase"] == "pick":
        pk = view["pick"]
        lines.append(f"Choosing heroes ({pk['mode']}); next: {_name(names, pk['queue'][0])}")
        if "dealt" in pk:
            lines.append(f"Your dealt hero: {pk['dealt']}")
    elif view["phase"] == "over":
        w = view["winner"]
        lines.append(f"Game over. Protagonist: **{_name(names, w)}**" if w is not None else "Game over: no one is left.")
    else:
        phase = {"collect": "Collecting", "action": "Action", "dengki": "Dengki"}.get(view["phase"], view["phase"])
        lines.append(f"Turn {t['number']}: **{_name(names, t['player'])}**, {phase} phase, "
                     f"{t['actions_left']} ACTION left" + (" (stopped by a Cliffhanger)" if t["silenced"] else ""))
    lines.append(f"Bank {view['bank']} Juta | Deck Biru {view['blue_deck']} (discard {view['blue_discard']}) | "
                 f"Deck Hijau {view['green_deck']} (discard {len(view['green_discard'])})")
    shop = []
    for s in view["kedai"]:
        c = s["card"]
        if c is None:
            shop.append(f"[{s['slot']}] " + ("face down" if s["face_down"] else "empty"))
        elif c["kind"] == "item":
            shop.append(f"[{s['slot']}] {c['name']} ({c['price']}J)")
        else:
            shop.append(f"[{s['slot']}] {c['name']} ({c['gender']}, {c['recruit']} cards)")
    lines.append("Kedai: " + " | ".join(shop))
    for p in view["players"]:
        mark = ">" if p["id"] == t["player"] and view["phase"] not in ("pick", "over") else "-"
        if not p["alive"]:
            lines.append(f"{mark} ~~{_name(names, p['id'])}~~ ({p['hero']}) is out")
            continue
        lines.append(f"{mark} **{_name(names, p['id'])}** {p['hero'] or ''} {p['gender'] or ''} | Air Muka {p['air_muka']} | "
                     f"{p['juta']} Juta | {p['hand_count']} cards | {_attr_line(p['attributes'])}")
        owned = [i["name"] for i in p["items"]] + [m["name"] + (" (spouse)" if m["married"] else "") for m in p["members"]]
        if owned:
            lines.append("  " + ", ".join(owned))
    a = view["attack"]
    if a:
        lines.append(f"DENGKI {a['strength']}: {_name(names, a['attacker'])} -> {_name(names, a['projected_target'])}"
                     + (" (stopped)" if a["stopped"] else ""))
    w = view["window"]
    if w:
        stack = " <- ".join(f"{_name(names, e['player'])}: {e['name']}" for e in w["stack"]) or "nothing played yet"
        lines.append(f"PLOT TWIST window ({w['kind']}): {stack}."
                     + (" You may respond." if w.get("you_may_answer") else ""))
    c = view["choice"]
    if c:
        lines.append(f"Waiting for {_name(names, c['player'])} to decide ({c['kind']}).")
    if view["hand"]:
        lines.append("Your hand: " + ", ".join(h["name"] for h in view["hand"]))
    text = "\n".join(lines)
    return text if len(text) <= MAX_RENDER else text[:MAX_RENDER - 3] + "..."


# --- the picker's brief -----------------------------------------------------------------------

#: How long one brief line may grow before it is cut (phones wrap long lines into tall ones).
BRIEF_LINE = 150


def _clip_line(text: str) -> str:
    return text if len(text) <= BRIEF_LINE else text[:BRIEF_LINE - 1] + "\u2026"


def render_brief(view: Mapping[str, Any], names: Mapping[int, str]) -> str:
    """What a decision needs in at most six short lines, from ``view`` alone: the pending fact (the DENGKI,
    the window's newest card, the choice), you (hero, Air Muka, Juta, ACTION), your hand, what you own,
    and the Kedai on your own turn. A spectator gets the status line only."""
    viewer = view.get("viewer")
    me = next((p for p in view["players"] if p["id"] == viewer), None)
    t = view["turn"]
    lines = []
    fact = _brief_fact(view, names, viewer)
    if fact:
        lines.append(fact)
    if me is None:
        return "\n".join(lines) or "Drama Pukul 7"
    if view["phase"] == "pick":
        pk = view["pick"] or {}
        if "dealt" in pk:
            lines.append(f"Your dealt hero: {pk['dealt']}")
    elif not me["alive"]:
        lines.append("You are out of the game.")
    else:
        you = f"**You:** {me['hero']} ({me['gender']}) \u00b7 Air Muka {me['air_muka']} \u00b7 {me['juta']} Juta"
        if t["player"] == viewer and view["phase"] == "action":
            you += f" \u00b7 {t['actions_left']} ACTION left"
        lines.append(you)
    hand = view["hand"]
    if view["phase"] != "pick" or hand:
        # never clipped: every card the player may choose from is named
        lines.append(f"**Hand ({len(hand)}):** " + (", ".join(h["name"] for h in hand) or "\u2014"))
    owned = [i["name"] for i in me["items"]] + [m["name"] + (" \u2665" if m["married"] else "") for m in me["members"]]
    if owned:
        lines.append(_clip_line("**Yours:** " + ", ".join(owned)))
    if view["phase"] == "action" and t["player"] == viewer and view["choice"] is None and view["window"] is None:
        shop = []
        for s in view["kedai"]:
            c = s["card"]
            if c is not None:
                cost = f"{c['price']}J" if c["kind"] == "item" else f"{c['recruit']} card" + "s" * (c["recruit"] != 1)
                shop.append(f"[{s['slot']}] {c['name']} ({cost})")
        if shop:
            lines.append(_clip_line("**Kedai:** " + " | ".join(shop)))
    return "\n".join(lines[:6])


def _brief_fact(view: Mapping[str, Any], names: Mapping[int, str], viewer: Any) -> str:
    """The public fact the pending decision is about, in one line."""
    def who(pid: Any) -> str:
        return "you" if pid == viewer else _name(names, pid)

    if view["phase"] == "pick":
        return f"Choosing heroes; next: {who(view['pick']['queue'][0])}"
    if view["phase"] == "over":
        w = view["winner"]
        return f"Game over. Protagonist: **{_name(names, w)}**" if w is not None else "Game over: no one is left."
    bits = []
    a = view["attack"]
    if a:
        bits.append(f"\u2694 DENGKI {a['strength']}: {who(a['attacker'])} \u2192 {who(a['projected_target'])}"
                    + (" (stopped)" if a["stopped"] else ""))
    w = view["window"]
    if w:
        live = [e for e in w["stack"] if not e.get("void")]
        top = f"top: {who(live[-1]['player'])}'s {live[-1]['name']}" if live else "nothing played yet"
        bits.append(f"Plot Twist window ({top})")
    c = view["choice"]
    if c and c["player"] == viewer:
        if c["kind"] == "pay":
            left = c["need"] - len(c.get("chosen", []))
            bits.append(f"Recruiting {CARDS.name(c['card'])}: discard {left} more card(s)")
        elif "amount" in c:
            bits.append(f"You are hit for {c['amount']} Air Muka")
    if not bits:
        tp = view["turn"]["player"]
        bits.append(f"Turn {view['turn']['number']}: " + ("your turn" if tp == viewer else f"{who(tp)}'s turn"))
    return _clip_line(" \u00b7 ".join(bits))
