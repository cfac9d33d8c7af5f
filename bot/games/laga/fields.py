"""The table as embed fields: the ring in order, the News in force, a box per player, your own cards.

Read on a phone at a glance: each tile says what it does and how many tokens it holds,
top to bottom in the clockwise direction; each player's resources are words with their
icons, their Job names its ability and whether it is face down. Your own Dreams (cost
and effect) appear only in your own view.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.kernel.i18n import N_, data_text, t, translate
from bot.kernel.present import Field, legend

from .cards import cards
from .state import TILE_NAMES

ICONS = {"coin": "🪙", "pride": "💜", "skill": "⭐"}
GENDER_ICONS = {"male": "♂", "female": "♀"}
#: What each tile does, as the ring field says it (the token count is shown beside it).
TILE_TEXT = {
    "kerja": N_("get 2 Coin"),
    "nongkrong": N_("get 2 Pride"),
    "training": N_("get 2 Skill"),
    "lowongan": N_("look at a Job per token; may change Job"),
    "impian": N_("look at a Dream per token, keep 1; may complete one"),
    "stasiun": N_("pay 1 to copy another tile, counting these tokens"),
}


def amounts_text(coin: int, pride: int, skill: int, *, zero: bool = True) -> str:
    """ "🪙 2 Coin · 💜 0 Pride · ⭐ 1 Skill" (``zero=False`` leaves out what is 0, for costs)."""
    parts = [
        (coin, "coin", t("{n} Coin", n=coin)),
        (pride, "pride", t("{n} Pride", n=pride)),
        (skill, "skill", t("{n} Skill", n=skill)),
    ]
    shown = [f"{ICONS[k]} {words}" for n, k, words in parts if n or zero]
    return " · ".join(shown) or t("free")


def cost_text(cost: tuple[int, int, int]) -> str:
    return amounts_text(*cost, zero=False)


def ring_field(v: Mapping[str, Any]) -> Field:
    lines = []
    for tile in v["ring"]:
        n = tile["tokens"]
        dots = "●" * n if n else "○"
        lines.append(
            t(
                "**{tile}** {dots} {n} · {effect}",
                tile=TILE_NAMES[tile["tile"]],
                dots=dots,
                n=n,
                effect=translate(TILE_TEXT[tile["tile"]]),
            )
        )
    return Field(t("↻ The ring, clockwise (then back to the top)"), "\n".join(lines), False)


def news_field(v: Mapping[str, Any]) -> Field | None:
    news = v.get("news")
    if not news:
        return None
    card = cards().news[news["name"]]
    name = t(
        "📰 News · round {round}/{rounds} · {left} left", round=v["round"], rounds=v["rounds"], left=v["news_left"]
    )
    return Field(name, f"**{card.name}**: {data_text(card.shown)}", False)


def _job_line(p: Mapping[str, Any], news: str, names: Mapping[int, str]) -> str:
    job = cards().jobs[p["job"]]
    if p["face_down"]:
        line = t(
            "💼 **{job}** (Level {level}, face down) · *{ability}*: {text}",
            job=job.name,
            level=job.level,
            ability=job.ability_name,
            text=data_text(job.shown),
        )
        return line + "\n" + t("⬇️ Fined: no ability, and no salary at the next Salary phase (it turns face up then)")
    line = t(
        "💼 **{job}** (Level {level}, face up) · *{ability}*: {text}",
        job=job.name,
        level=job.level,
        ability=job.ability_name,
        text=data_text(job.shown),
    )
    if p.get("switched_off_by") is not None:
        who = names.get(p["switched_off_by"], t("Player {pid}", pid=p["switched_off_by"]))
        return line + "\n" + t("⏸️ Ability switched off by {player} (Local Authority) until their next turn", player=who)
    if not p["ability_on"]:
        return line + "\n" + t("⏸️ No Job abilities while {news} holds", news=news)
    if p.get("ignores_news"):
        return line + "\n" + t("🌂 Ignoring {news}", news=news)
    return line


def player_field(v: Mapping[str, Any], p: Mapping[str, Any], name: str, names: Mapping[int, str]) -> Field:
    mark = "▶ " if p["id"] == v["turn_player"] else ""
    gender = f" {GENDER_ICONS[p['gender']]}" if p.get("gender") in GENDER_ICONS else ""
    title = t("{mark}{player}{gender} · {points} pts", mark=mark, player=name, gender=gender, points=p["score"])
    news = v["news"]["name"] if v.get("news") else ""
    lines = [amounts_text(p["coin"], p["pride"], p["skill"]), _job_line(p, news, names)]
    done = ", ".join(p["completed"]) if p["completed"] else t("none yet")
    lines.append(
        t(
            "🌙 Dreams held: {held} · completed: {done} · Jobs held: {jobs}",
            held=p["dreams_held"],
            done=done,
            jobs=len(p["jobs"]),
        )
    )
    return Field(title, "\n".join(lines), False)


def card_line(name: str) -> str:
    """A Dream or Job in full: name, level, points, cost, effect."""
    c = cards()
    card = c.dreams.get(name) or c.jobs[name]
    kind = t("Dream") if name in c.dreams else t("Job")
    return t(
        "**{card}** ({kind} L{level}, {points} pts) · costs {cost}\n{text}",
        card=name,
        kind=kind,
        level=card.level,
        points=card.points,
        cost=cost_text(card.cost),
        text=data_text(card.shown),
    )


#: A field's value holds at most 1,024 characters: longer lists of cards go on in a second field.
FIELD_VALUE = 1024


def _packed(name: str, lines: list[str]) -> list[Field]:
    """``lines`` in as few fields as fit, never splitting a line; later fields are named "… (more)"."""
    out: list[Field] = []
    chunk: list[str] = []
    for line in lines:
        if chunk and len("\n".join(chunk + [line])) > FIELD_VALUE:
            out.append(Field(name if not out else t("{name} (more)", name=name), "\n".join(chunk), False))
            chunk = []
        chunk.append(line)
    out.append(Field(name if not out else t("{name} (more)", name=name), "\n".join(chunk) or t("none"), False))
    return out


def private_fields(v: Mapping[str, Any]) -> list[Field]:
    you = v.get("you")
    if not you:
        return []
    out = _packed(t("🌙 Your Dreams (secret)"), [card_line(d) for d in you["dreams"]])
    if you["looking"]:
        out += _packed(t("👀 You are looking at"), [card_line(n) for n in you["looking"]])
    return out


def render_fields(v: Mapping[str, Any], names: Mapping[int, str]) -> list[Field]:
    """Ring, News, one box per player, then (in your own view) your Dreams and the cards you look at."""
    out = private_fields(v)
    news = news_field(v)
    out += [ring_field(v)] + ([news] if news else [])
    out += [player_field(v, p, names.get(p["id"], t("Player {pid}", pid=p["id"])), names) for p in v["players"]]
    return out


# --- the public table, compact for a phone --------------------------------------------------------


def ring_line(v: Mapping[str, Any]) -> str:
    """The ring on one line, clockwise, each tile with its token count: "↻ Kerja 3, Nongkrong 0, …"."""
    tiles = ", ".join(f"{TILE_NAMES[tile['tile']]} {tile['tokens']}" for tile in v["ring"])
    return f"↻ {tiles}"


#: The icons of the compact seats, said once in words under the ring: each only when some seat shows it.
LEGEND = (
    ("🪙", N_("Coin")),
    ("💜", N_("Pride")),
    ("⭐", N_("Skill")),
    ("🌙", N_("Dreams")),
    ("✅", N_("done")),
    ("⬇️", N_("face down")),
    ("⏸️", N_("ability off")),
    ("🌂", N_("ignores News")),
)


def _job_state(p: Mapping[str, Any], names: Mapping[int, str]) -> str:
    """What keeps a Job from working, as an icon the legend names (its effect is in My hand and the rules)."""
    if p["face_down"]:
        return " ⬇️"
    if p.get("switched_off_by") is not None:
        who = names.get(p["switched_off_by"], t("Player {pid}", pid=p["switched_off_by"]))
        return " ⏸️ " + t("by {player}", player=who)
    if not p["ability_on"]:
        return " ⏸️"
    if p.get("ignores_news"):
        return " 🌂"
    return ""


def seat_lines(v: Mapping[str, Any], p: Mapping[str, Any], name: str, names: Mapping[int, str]) -> str:
    """A seat in two short lines: name, points and resources; then its Job, how many Dreams it holds and
    how many it completed (their names are in My hand and the log). Icons, said once in ``legend``."""
    mark = "▶ " if p["id"] == v["turn_player"] else ""
    head = t(
        "{mark}**{player}**{gender} · {points} pts · 🪙{coin} 💜{pride} ⭐{skill}",
        mark=mark,
        player=name,
        gender=f" {GENDER_ICONS[p['gender']]}" if p.get("gender") in GENDER_ICONS else "",
        points=p["score"],
        coin=p["coin"],
        pride=p["pride"],
        skill=p["skill"],
    )
    job = f"💼 {p['job']} L{p['job_level']}" + _job_state(p, names)
    return f"{head}\n{job} 🌙{p['dreams_held']} ✅{len(p['completed'])}"


def public_text(v: Mapping[str, Any], names: Mapping[int, str]) -> str:
    """The spectator's table, short enough for one phone screen with six seats: the round and the
    News in force by name, the ring, then a seat in two lines. Effects and tile texts stay in My hand,
    the picker's notes and ``/laga rules``."""
    news = v.get("news")
    head = (
        f"📰 {v['round']}/{v['rounds']}: {news['name']}"
        if news
        else t("Round {round}/{rounds}", round=v["round"], rounds=v["rounds"])
    )
    seats = [seat_lines(v, p, names.get(p["id"], t("Player {pid}", pid=p["id"])), names) for p in v["players"]]
    icons = [(icon, translate(words)) for icon, words in LEGEND]
    # At the end the ring and the News decide nothing more: the seats stand under the result.
    board = [*seats, legend("\n".join(seats), icons)]
    return "\n".join(board if v.get("result") else [head, ring_line(v), *board])
