"""A move's preview is what the engine then does: landing tile, noted count, fine, Bomb Threats.

Positions come from seeded random games; in each, the mover is also given, in turn, the
Jobs and News that change a move (Dolphin Jump, GPS, Traffic Police, Trendy, Transit,
Gridlock, MRT, Bomb Threats, Flood, Car Free Day) and sometimes a face-down Job, so the
preview is checked against ``apply`` for every legal move of each variant.
"""

from __future__ import annotations

import copy

from bot.games.laga.preview import preview
from bot.games.laga.state import TILE_NAMES
from bot.kernel.policy import RandomPolicy
from bot.kernel.rng import Rng
from tests.games.laga.laga_helpers import G, job, set_news

MOVE_JOBS = [
    "Dolphin Trainer",
    "Ngo-Jek Driver",
    "Traffic Police",
    "Paid Audience",
    "Busway Driver",
    "Boyband Member",
    "Bencong",
]
MOVE_NEWS = [
    "Heavy Traffice Gridlock",
    "MRT Project Started",
    "Bomb Threats",
    "Seasonal Flood",
    "Car Free Day",
    "International Tabletop Day",
    "Governor Inauguration",
    "",
]


def _positions(games: int):
    """Every start of an Action phase in ``games`` seeded random games (2 to 6 players)."""
    policy = RandomPolicy()
    for seed in range(games):
        s = G.rules.new_game(list(range(1, 2 + 1 + seed % 5)), 1000 + seed)
        rng = Rng.seeded(seed)
        while not G.rules.is_over(s):
            (pid,) = G.rules.actors(s)
            if not s.tasks and s.phase == "pre":
                yield seed, s
            G.rules.apply(s, pid, policy.choose(G.rules.view(s, pid), G.rules.legal_actions(s, pid), rng))


def _variant(s, k: int):
    v = copy.deepcopy(s)
    name = MOVE_JOBS[k % len(MOVE_JOBS)]
    if k % 3 and name in v.job_deck:
        job(v, v.current.pid, *v.current.jobs, name)
    set_news(v, MOVE_NEWS[k % len(MOVE_NEWS)])
    v.current.face_down = k % 5 == 0
    return v


def _check(v, seen: set[str]) -> int:
    pid = v.current.pid
    checked = 0
    for a in G.rules.legal_actions(v, pid):
        if a["type"] not in ("sow", "gps"):
            continue
        p = v.current
        out = preview(v, p, a)
        label = G.presenter.choice_label(v, pid, "move", a["move"])
        after = copy.deepcopy(v)
        events = G.rules.apply(after, pid, a)
        move = next(e for e in events if e["type"] == "move")
        landed = v.ring.index(move["landing"])
        assert (out.landing, out.count) == (move["landing"], move["tokens"][landed]), (a, out, move)
        assert list(out.path) == move["path"]
        fines = [e for e in events if e["type"] in ("fine", "fine_blocked") and e["player"] == pid]
        overfill = [e["type"] for e in fines if e["reason"] == "overfilled a tile"]
        want = {"fined": ["fine"], "blocked": ["fine_blocked"], "already": [], "": []}[out.fine]
        assert overfill == want, (a, out, events)
        assert out.bomb == any(e["type"] == "fine" and e["reason"] == "Bomb Threats" for e in fines), (a, out)
        assert list(out.tokens) == after.tokens
        assert f"→ {TILE_NAMES[out.landing]} {out.count}:" in label and len(label) <= 100
        assert label.startswith("⚠") == (out.fine == "fined" or out.bomb)
        assert len(G.presenter.choice_note(v, pid, "move", a["move"])) <= 100
        seen.update(
            {out.fine, "bomb" if out.bomb else "", a["type"], "jump" if a.get("jump", "none") != "none" else ""}
        )
        checked += 1
    return checked


def test_preview_matches_apply_for_every_legal_move():
    positions = moves = 0
    seen: set[str] = set()
    for k, (_seed, s) in enumerate(_positions(15)):
        for variant in (s, _variant(s, k), _variant(s, k + 1)):
            moves += _check(variant, seen)
            positions += 1
    assert positions >= 2000 and moves >= 15000, (positions, moves)
    assert seen >= {"fined", "blocked", "already", "bomb", "sow", "gps", "jump"}, seen
