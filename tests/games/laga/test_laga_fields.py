"""The table as embed fields: the ring in order, News, a box per player, your own Dreams; Discord's limits."""

import re

from bot.games.laga.cards import SHOWN_LIMIT, cards
from bot.kernel.policy import RandomPolicy
from bot.kernel.rng import Rng
from tests.games.laga.laga_helpers import G, dreams, job, res, set_news, setup

NAMES = {i: n for i, n in enumerate(("Ayu", "Budi", "Citra", "Dewi", "Eka", "Fajar"), start=1)}
ABBREVIATED = re.compile(r"\b\d+[CPS]\b")


def _all_text(v):
    fields = list(G.presenter.board(v, NAMES).fields)
    return G.presenter.board(v, NAMES).text, fields


def test_every_card_reads_whole_in_one_line():
    c = cards()
    for card in list(c.jobs.values()) + list(c.dreams.values()) + list(c.news.values()):
        assert 0 < len(card.shown) <= SHOWN_LIMIT, card.name
        assert "[grey counter" not in card.shown, card.name  # the transcription's placeholder is not for players


def test_card_options_read_whole():
    s = setup()
    c = cards()
    for name in list(c.jobs) + list(c.dreams):
        label = G.presenter.choice_label(s, 1, "card", name)
        note = G.presenter.choice_note(s, 1, "card", name)
        assert label.startswith(name) and len(label) <= 100 and "…" not in label
        assert len(note) <= 100 and note.endswith(c.jobs[name].shown if name in c.jobs else c.dreams[name].shown)


def _flooded_table():
    """Seasonal Flood in force, Budi an Umbrella Ojek, Citra's Job face down, Ayu with 2 Coin and 1 Skill."""
    s = setup(tokens=[3, 0, 1, 1, 2, 1])
    set_news(s, "Seasonal Flood")
    job(s, 2, "Umbrella Ojek")
    s.player(3).face_down = True
    res(s, 1, coin=2, skill=1)
    return s


def test_the_ring_reads_in_order_with_counts_and_effects_in_your_own_view():
    s = _flooded_table()
    fields = list(G.presenter.board(G.rules.view(s, 2), NAMES).fields)
    ring = next(f for f in fields if f.name.startswith("↻"))
    lines = ring.value.split("\n")
    assert [line.split("**")[1] for line in lines] == [
        "Kerja",
        "Nongkrong",
        "Training",
        "Lowongan",
        "Impian",
        "Stasiun",
    ]
    assert lines[0] == "**Kerja** ●●● 3 · get 2 Coin" and lines[1].startswith("**Nongkrong** ○ 0")
    news = next(f for f in fields if f.name.startswith("📰"))
    assert "Seasonal Flood" in news.value and "reduced by 1" in news.value
    ayu = next(f for f in fields if "Ayu" in f.name)
    assert ayu.name.startswith("▶ ") and "🪙 2 Coin · 💜 0 Pride · ⭐ 1 Skill" in ayu.value
    assert "*Buried Dream*" in ayu.value and "Level 3" in ayu.value  # Employee: ability named and explained
    citra = next(f for f in fields if "Citra" in f.name)
    assert "face down" in citra.value and "Fined: no ability" in citra.value
    assert "(Level 3, face up)" in ayu.value
    s.player(2).deactivated_by = 1
    budi = next(f for f in list(G.presenter.board(G.rules.view(s, 2), NAMES).fields) if "Budi" in f.name)
    assert "switched off by Ayu (Local Authority)" in budi.value
    assert "Dreams held: 0" in ayu.value


def test_the_public_table_is_a_line_for_the_ring_and_two_a_seat():
    s = _flooded_table()
    board = G.presenter.board(G.rules.view(s, None), NAMES)
    assert board.fields == ()
    lines = board.text.split("\n")
    assert lines[0] == f"📰 {s.round}/12: Seasonal Flood"  # the News by name; its effect is in My hand
    assert lines[1] == "↻ Kerja 3, Nongkrong 0, Training 1, Lowongan 1, Impian 2, Stasiun 1"
    seats, legend = lines[2:-1], lines[-1]
    assert len(seats) == 2 * len(s.players)
    assert seats[0].startswith("▶ **Ayu**") and "🪙2 💜0 ⭐1" in seats[0]
    assert seats[1] == "💼 Employee L3 🌙0 ✅0"
    assert seats[5].startswith("💼 ") and "⬇️" in seats[5]  # Citra's Job, fined
    # each icon the seats show is said once in words, under them
    assert legend == "*🪙 Coin, 💜 Pride, ⭐ Skill, 🌙 Dreams, ✅ done, ⬇️ face down*"
    # what does not change between moves stays out: abilities, tile effects, the rules' reminders
    assert "Buried Dream" not in board.text and "get 2 Coin" not in board.text and "reduced by" not in board.text
    assert "to play" not in board.text and "Waiting for" not in board.text  # the platform names who is waited on
    s.player(2).deactivated_by = 1
    text = G.presenter.board(G.rules.view(s, None), NAMES).text
    assert "⏸️ by Ayu" in text and "⏸️ ability off" in text.split("\n")[-1]


def test_your_dreams_show_cost_and_effect_only_to_you():
    s = setup(genders={1: "female", 2: "male"})
    dreams(s, 1, held=("Run for President",))
    dreams(s, 2, held=("Monas Selfie",))
    mine = list(G.presenter.board(G.rules.view(s, 1), NAMES).fields)
    assert mine[0].name.startswith("🌙 Your Dreams")
    assert "**Run for President**" in mine[0].value and "costs 🪙" in mine[0].value
    assert "each Job card" in mine[0].value
    everything = "".join(f.name + f.value for f in mine)
    assert "Monas Selfie" not in everything
    public = "".join(f.name + f.value for f in list(G.presenter.board(G.rules.view(s, None), NAMES).fields))
    assert "Run for President" not in public and "Monas Selfie" not in public
    assert any("Ayu ♀" in f.name for f in mine) and any("Budi ♂" in f.name for f in mine)


def test_fields_keep_within_discord_limits_along_seeded_six_player_games():
    policy = RandomPolicy()
    for seed in range(6):
        s = G.rules.new_game(list(range(1, 7)), seed)
        rng = Rng.seeded(seed)
        while not G.rules.is_over(s):
            (pid,) = G.rules.actors(s)
            for viewer in (None, pid):
                text, fields = _all_text(G.rules.view(s, viewer))
                assert len(fields) <= 25
                assert all(len(f.name) <= 256 and len(f.value) <= 1024 for f in fields)
                # the description also carries the platform's last moves (~800 characters)
                assert len(text) + sum(len(f.name) + len(f.value) for f in fields) <= 6000 - 1200
                joined = text + "".join(f.name + f.value for f in fields)
                assert not ABBREVIATED.search(joined), joined
            G.rules.apply(s, pid, policy.choose(G.rules.view(s, pid), G.rules.legal_actions(s, pid), rng))


def test_a_long_brief_line_is_cut_between_words():
    from bot.games.laga.view import BRIEF_LINE, _clip

    words = " ".join(["Nongkrong"] * 40)
    cut = _clip(words)
    assert len(cut) <= BRIEF_LINE and cut.endswith("Nongkrong…")
