"""Words for people: action labels, picker choices, move-log lines and the rules page."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.kernel.i18n import N_, data_text, t, tn, translate

from .cards import cards
from .move_text import copy_label, describe_move, move_label
from .state import TILE_NAMES, LagaState

RES_NAMES = {"coin": N_("Coin"), "pride": N_("Pride"), "skill": N_("Skill")}
DIR_NAMES = {"cw": N_("clockwise"), "ccw": N_("counter-clockwise"), "gps": N_("by GPS")}
TYPE_LABELS = {
    "sow": N_("Move tokens"),
    "gps": N_("GPS move (1 token to any tile)"),
    "transform": N_("Abra-Cadabra: transform"),
    "swap": N_("The Master of Rules: swap tiles"),
    "raid": N_("Raid: fine a player"),
    "call": N_("Old Friend Call"),
    "seduce": N_("Opposite Seduction"),
    "deactivate": N_("Local Authority: switch off a Job"),
    "bury": N_("Buried Dream: return a Dream"),
    "psychic": N_("Psychic: look at a deck"),
    "peek": N_("Handshake: peek"),
    "end": N_("End turn"),
    "take": N_("Take resources"),
    "salary": N_("Salary"),
    "steal": N_("Steal"),
    "activate": N_("Transit: activate"),
    "copy": N_("Stasiun: copy a tile"),
    "look": N_("Look at one more card"),
    "hire": N_("Change Job"),
    "hire_free": N_("Change Job free (English Course)"),
    "keep": N_("Keep this Dream"),
    "complete": N_("Complete a Dream"),
    "done": N_("Done"),
    "news": N_("News card"),
}
#: Deck names as events and actions give them ("job", "dream", "news").
DECK_NAMES = {"job": N_("job"), "dream": N_("dream"), "news": N_("news")}


def res_name(key: Any) -> str:
    """A resource's name (Coin, Pride, Skill) in the reader's language."""
    return translate(RES_NAMES[key])


def dir_name(key: Any) -> str:
    return translate(DIR_NAMES[key])


def deck_name(key: Any) -> str:
    name = DECK_NAMES.get(key) if isinstance(key, str) else None
    return translate(name) if name else str(key)


def type_label(key: Any) -> str:
    label = TYPE_LABELS.get(key) if isinstance(key, str) else None
    return translate(label) if label else str(key)


_ICONS = {"coin": "🪙", "pride": "💜", "skill": "⭐"}


def mix_text(key: str) -> str:
    """A mix value ("1:0:2") as "🪙 1 Coin + ⭐ 2 Skill"."""
    amounts = dict(zip(RES_NAMES, (int(n) for n in key.split(":")), strict=True))
    parts = [t("{icon} {n} {resource}", icon=_ICONS[k], n=n, resource=res_name(k)) for k, n in amounts.items() if n]
    return " + ".join(parts) or t("nothing")


def compact_cost(cost: tuple[int, int, int]) -> str:
    """A cost in icons for a label: "🪙3 ⭐2"."""
    return " ".join(f"{_ICONS[k]}{n}" for k, n in zip(RES_NAMES, cost, strict=True) if n) or t("free")


def pay_text(a: Mapping[str, Any]) -> str:
    return ", ".join(t("{n} {resource}", n=a[k], resource=res_name(k)) for k in RES_NAMES if a.get(k)) or t("nothing")


#: A payment's or gain's reason as the engine words it (see ``economy.paying_for``), for ``reason_text``.
_REASONS = {
    "salary": N_("salary"),
    "overfilled a tile": N_("overfilled a tile"),
    "looking at another card": N_("looking at another card"),
    "Raid": N_("Raid"),
    "Fine (Traffic Police)": N_("Fine (Traffic Police)"),
    "Job face down": N_("Job face down"),
}


def reason_text(reason: Any) -> str:
    """An event's reason in the reader's language: card, tile and News names stay, the engine's words are text."""
    if not isinstance(reason, str):
        return str(reason)
    what, sep, less = reason.partition(", less ")
    if sep:
        names = less.split(" and ")
        discounts = names[0]
        for name in names[1:]:
            discounts = t("{first} and {second}", first=discounts, second=name)
        return t("{what}, less {discounts}", what=reason_text(what), discounts=discounts)
    if what.startswith("changing Job to "):
        return t("changing Job to {card}", card=what[len("changing Job to ") :])
    if what.startswith("completing "):
        return t("completing {card}", card=what[len("completing ") :])
    known = _REASONS.get(what)
    return translate(known) if known else what


def seat_label(state: LagaState, pid: int) -> str:
    return t("seat {seat}", seat=state.seat_of(pid) + 1) if any(p.pid == pid for p in state.players) else str(pid)


def describe_action(state: LagaState, player: int | None, a: Mapping[str, Any]) -> str:
    typ = a.get("type")
    tile = TILE_NAMES.get(a.get("tile", ""), a.get("tile"))
    if typ in ("sow", "gps"):
        return describe_move(state, a)
    if typ == "transform":
        return t(
            "Transform {amount} {source} into {target}",
            amount=a["amount"],
            source=res_name(a["from"]),
            target=res_name(a["to"]),
        )
    if typ == "swap":
        return t("Swap {tile} with {other}", tile=tile, other=TILE_NAMES[a["with"]])
    if typ in ("raid", "call", "seduce", "deactivate"):
        return t("{action}: {player}", action=type_label(typ), player=seat_label(state, a["target"]))
    if typ in ("bury", "keep"):
        return t("{action}: {card}", action=type_label(typ), card=a["card"])
    if typ == "psychic":
        return t("Psychic: look at the top of the {deck} deck", deck=deck_name(a["deck"]))
    if typ == "peek":
        return t("Handshake: peek the {deck} deck", deck=deck_name(a["deck"]))
    if typ == "take":
        return t("Take {resources}", resources=pay_text(a))
    if typ == "salary":
        return t("Take my salary") if a["mode"] == "salary" else t("Make It Rain: 1 Coin from each lower Job")
    if typ == "steal":
        return t(
            "Steal 1 {resource} from {player}", resource=res_name(a["resource"]), player=seat_label(state, a["from"])
        )
    if typ == "activate":
        return t("Activate {tile}", tile=tile)
    if typ == "news":
        return t("Ignore this News card") if a["choice"] == "ignore" else t("Let this News card apply to me")
    if typ == "copy":
        if a["pay"] == "free":
            return t("Stasiun: copy {tile} (free)", tile=tile)
        return t("Stasiun: copy {tile} (pay 1 {resource})", tile=tile, resource=res_name(a["pay"]))
    if typ == "look":
        return t("Pay 1 {resource} to look at one more card", resource=res_name(a["pay"]))
    if typ == "hire":
        return t("Change Job to {card}, paying {resources}", card=a["card"], resources=pay_text(a))[:100]
    if typ == "hire_free":
        return t("Change Job to {card} free (return Takes English Course)", card=a["card"])[:100]
    if typ == "complete":
        return t("Complete {card}, paying {resources}", card=a["card"], resources=pay_text(a))[:100]
    return type_label(typ)


def describe_choice(state: LagaState, player: int | None, key: str, value: Any) -> str:
    c = cards()
    if key == "type":
        return type_label(value)
    if key == "move":
        return move_label(state, value) if isinstance(value, str) else t("Use an ability first (Job or Dream)…")
    if key == "copy" and isinstance(value, str):
        return copy_label(state, value)
    if key == "pick" and isinstance(value, str):
        return _pick_label(state, value)
    if key in ("take", "paying") and isinstance(value, str):
        mix = mix_text(value)
        return t("Take {resources}", resources=mix) if key == "take" else t("Pay {resources}", resources=mix)
    if key in ("from", "to") and value in RES_NAMES:
        return res_name(value)
    if key in ("tile", "to", "with", "jump"):
        if value == "none":
            return t("No jump")
        return (
            t("{tile} ({count})", tile=TILE_NAMES.get(value, value), count=state.count(value))
            if value in TILE_NAMES
            else str(value)
        )
    if key == "direction":
        if value == "cw":
            return t("Clockwise")
        if value == "ccw":
            return t("Counter-clockwise")
        if value == "gps":
            return t("By gps")
        return str(value).capitalize()
    if key in RES_NAMES:
        return t("{n} {resource}", n=value, resource=res_name(key))
    if key in ("target", "from"):
        return seat_label(state, value) if isinstance(value, int) else str(value)
    if key == "card":
        if value in c.jobs:
            j = c.jobs[value]
            return t(
                "{card} (L{level}) · {points} pts · {cost}",
                card=value,
                level=j.level,
                points=j.points,
                cost=compact_cost(j.cost),
            )
        if value in c.dreams:
            d = c.dreams[value]
            return t("{card} · {points} pts · {cost}", card=value, points=d.points, cost=compact_cost(d.cost))
    if key == "pay":
        return (
            t("Free")
            if value == "free"
            else t("Pay 1 {resource}", resource=translate(RES_NAMES[value]) if value in RES_NAMES else value)
        )
    if key == "resource":
        return res_name(value) if value in RES_NAMES else str(value)
    if key == "choice":
        return t("Ignore it") if value == "ignore" else t("Let it apply")
    if key == "mode":
        return _salary_label(state, value)
    if key == "deck":
        words = {"job": N_("Job deck"), "dream": N_("Dream deck"), "news": N_("News deck")}
        return translate(words[value]) if value in words else str(value)
    return str(value)


def _pick_label(state: LagaState, pick: str) -> str:
    """A card decision's option: keep, change Job, complete, one more look, or done."""
    kind, _, name = pick.partition(":")
    if kind == "done":
        return t("Not now") if state.tasks and state.tasks[-1].kind == "complete" else t("Done: return the rest")
    if kind == "look":
        return t("Look at one more card (pay 1 {resource})", resource=res_name(name))
    card = describe_choice(state, None, "card", name)
    words = {
        "keep": N_("Keep {card}"),
        "hire": N_("Change Job: {card}"),
        "complete": N_("Complete {card}"),
        "free": N_("Change Job free (English Course): {card}"),
    }
    return translate(words[kind], card=card) if kind in words else card


def _salary_label(state: LagaState, mode: Any) -> str:
    """Dangdut Singer's two answers with what each pays now."""
    from .economy import amounts
    from .flow import rain_victims
    from .powers import job

    p = state.player(state.tasks[-1].player) if state.tasks else state.current
    if mode == "salary":
        return t("Take my salary ({resources})", resources=pay_text(amounts(job(p).salary)))
    n = len(rain_victims(state, p))
    return tn(
        "Make It Rain: 1 Coin from {n} player with a lower Job",
        "Make It Rain: 1 Coin from {n} players with a lower Job",
        n,
    )


def describe_event(e: Mapping[str, Any], names: Mapping[int, str]) -> str:
    def nm(key: str = "player") -> str:
        pid = e.get(key)
        return names.get(pid, t("Player {pid}", pid=pid)) if pid is not None else t("the bank")

    typ = e.get("type")
    if typ == "turn":
        if e.get("extra"):
            return t("{player}'s extra turn (round {round}).", player=nm(), round=e["round"])
        return t("{player}'s turn (round {round}).", player=nm(), round=e["round"])
    if typ == "news":
        return t("News, round {round}: {card}.", round=e["round"], card=e["card"])
    if typ in ("gain", "pay"):
        fields = dict(player=nm(), resources=pay_text(e), reason=reason_text(e["reason"]))
        if typ == "gain":
            return t("{player} gets {resources} ({reason}).", **fields)
        if e.get("to") is not None:
            return t("{player} pays {resources} to {other} ({reason}).", other=nm("to"), **fields)
        return t("{player} pays {resources} ({reason}).", **fields)
    if typ == "steal":
        return t(
            "{player} takes {amount} {resource} from {other} ({reason}).",
            player=nm(),
            amount=e["amount"],
            resource=res_name(e["resource"]),
            other=nm("from"),
            reason=reason_text(e["reason"]),
        )
    if typ == "move":
        fields = dict(player=nm(), count=e["count"], tile=TILE_NAMES[e["tile"]], landing=TILE_NAMES[e["landing"]])
        if e["direction"] == "cw":
            return t("{player} moves {count} from {tile} clockwise, landing on {landing}.", **fields)
        if e["direction"] == "ccw":
            return t("{player} moves {count} from {tile} counter-clockwise, landing on {landing}.", **fields)
        return t("{player} moves {count} from {tile} by GPS, landing on {landing}.", **fields)
    if typ == "redistribute":
        return t("{tile} overflowed and was spread to the other tiles.", tile=TILE_NAMES[e["tile"]])
    if typ == "fine":
        return t("{player} is fined ({reason}): Job face down.", player=nm(), reason=reason_text(e["reason"]))
    if typ == "fine_blocked":
        return t("{player} cannot be fined (Traffic Police).", player=nm())
    if typ == "activate":
        fields = dict(player=nm(), tile=TILE_NAMES[e["tile"]], count=e["count"])
        how = e["how"]
        if how == "copy":
            return tn(
                "{player} activates {tile} (Stasiun copy) with {n} token.",
                "{player} activates {tile} (Stasiun copy) with {n} tokens.",
                e["count"],
                **fields,
            )
        if how == "transit":
            return tn(
                "{player} activates {tile} (Transit) with {n} token.",
                "{player} activates {tile} (Transit) with {n} tokens.",
                e["count"],
                **fields,
            )
        return tn(
            "{player} activates {tile} with {n} token.",
            "{player} activates {tile} with {n} tokens.",
            e["count"],
            **fields,
        )
    if typ == "look":
        return tn(
            "{player} looks at {n} card from the {deck} deck.",
            "{player} looks at {n} cards from the {deck} deck.",
            e["count"],
            player=nm(),
            deck=deck_name(e["deck"]),
        )
    if typ == "see":
        return t("You see: {cards}.", cards=", ".join(e["cards"]))
    if typ == "return":
        return tn(
            "{player} returns {n} card to the bottom of the {deck} deck.",
            "{player} returns {n} cards to the bottom of the {deck} deck.",
            e["count"],
            player=nm(),
            deck=deck_name(e["deck"]),
        )
    if typ == "hire":
        if e.get("face_down"):
            return t("{player} changes Job to {card}, placed face down (fined this turn).", player=nm(), card=e["card"])
        return t("{player} changes Job to {card}.", player=nm(), card=e["card"])
    if typ == "voucher":
        return t("{player} returns {card} to take a Level 2 Job free.", player=nm(), card=e["card"])
    if typ == "keep":
        return t("{player} keeps a Dream.", player=nm())
    if typ == "kept":
        return t("You keep {card}.", card=e["card"])
    if typ == "complete":
        return t("{player} completes {card}!", player=nm(), card=e["card"])
    if typ == "bury":
        return t("{player} returns an uncompleted Dream to the deck (Buried Dream).", player=nm())
    if typ == "peek":
        return t("{player} looks at the top of the {deck} deck.", player=nm(), deck=deck_name(e["deck"]))
    if typ == "peeked":
        return t("Top of the {deck} deck: {card}.", deck=deck_name(e["deck"]), card=e["card"])
    if typ == "ability":
        card = cards().jobs[cards().job_by_ability[e["ability"]]]
        if "target" in e:
            return t(
                "{player} uses {ability} ({card}) on {target}.",
                player=nm(),
                ability=card.ability_name,
                card=card.name,
                target=nm("target"),
            )
        return t("{player} uses {ability} ({card}).", player=nm(), ability=card.ability_name, card=card.name)
    if typ == "transform":
        return t(
            "{player} transforms {amount} {source} into {target}.",
            player=nm(),
            amount=e["amount"],
            source=res_name(e["from"]),
            target=res_name(e["to"]),
        )
    if typ == "swap":
        return t(
            "{player} swaps {tile} and {other}.", player=nm(), tile=TILE_NAMES[e["tile"]], other=TILE_NAMES[e["with"]]
        )
    if typ == "flip_up":
        return t("{player} flips their Job face up (no salary this turn).", player=nm())
    if typ == "no_salary":
        return t("{player} gets no salary ({reason}).", player=nm(), reason=reason_text(e["reason"]))
    if typ == "ignore_news":
        return t("{player} ignores {card}.", player=nm(), card=e["card"])
    if typ == "accept_news":
        return t("{player} lets {card} apply to them.", player=nm(), card=e["card"])
    if typ == "immune":
        return t("{player} is immune to {card}.", player=nm(), card=e["card"])
    if typ == "reactivated":
        return t("{player}'s Job ability is back on.", player=nm())
    if typ == "extra_turn":
        return t("{player} will take an extra turn.", player=nm())
    if typ == "decline":
        return t("{player} does not use Stasiun.", player=nm())
    if typ == "end_turn":
        return t("{player} ends their turn.", player=nm())
    if typ == "game_over":
        return t("Game over: {player} wins.", player=nm("winner"))
    return str(typ)


def explain_choice(state: LagaState, player: int, key: str, value: Any) -> str:
    """The line under an option: a move's fine or path, a card's effect."""
    from .move_text import move_note

    if key == "move" and isinstance(value, str):
        return move_note(state, value)
    top = state.tasks[-1] if state.tasks else None
    if key == "tile" and top is not None and top.kind == "transit":
        from .move_text import landing_effect

        count = next((n for tile, n in top.data["options"] if tile == value), 0)
        return tn(
            "{n} token: {effect}",
            "{n} tokens: {effect}",
            count,
            effect=landing_effect(state, state.player(top.player), value, count),
        )
    if key == "pick" and isinstance(value, str) and ":" in value:
        value, key = value.partition(":")[2], "card"
    if key == "card" and isinstance(value, str):
        c = cards()
        job = c.jobs.get(value)
        card = job or c.dreams.get(value)
        if card is not None:
            shown = data_text(card.shown)
            named = f"{job.ability_name}: {shown}" if job is not None else shown
            return named if len(named) <= 100 else shown  # whole words only, never cut
    return ""
