"""Card texts where players decide: every card fits Discord's limits everywhere it is shown."""

from __future__ import annotations

from bot.frontend.ui.picker import walk
from bot.games.drama import cardtext
from bot.games.drama.cards import BLUE_COUNT, GREEN_COUNT
from bot.games.drama.state import CARDS, Choice
from bot.kernel.rng import Rng
from tests.games.drama.drama_helpers import GAME, P1, P2, give, new

EVERY = range(BLUE_COUNT + GREEN_COUNT)


def test_every_cards_line_fits_a_select_description_and_says_what_it_does():
    for cid in EVERY:
        line = cardtext.line(cid)
        assert 0 < cardtext.width(line) <= 100, (CARDS.name(cid), line)
        assert not line.endswith("…"), line  # no card's text is cut: its short wording fits
        assert cardtext.kind_word(cid) in line
        if cid < BLUE_COUNT:
            d = CARDS.blue[cid]
            assert (d.short or d.text) in line
        else:
            g = CARDS.g(cid)
            assert (f"{g.price} Juta" in line) if g.kind == "item" else (f"🛡{g.air_muka}" in line)
            assert cardtext.attrs_text(g.attrs) in line
            assert (g.ability.short or g.ability.text) in line
    for h in CARDS.heroes:
        assert cardtext.width(cardtext.hero_line(h.key)) <= 100 and h.ability.text in cardtext.hero_line(h.key)


def test_every_card_and_hero_can_be_looked_up_in_full():
    names = cardtext.all_names()
    assert len(names) == len(set(names)) and "Cliffhanger" in names and "Kamsiah Cable" in names
    for name in names:
        card = cardtext.lookup(name.upper())
        assert card is not None, name
        labels = [label for label, _ in card["rows"]]
        assert "Type" in labels and "Effect" in labels or "Attributes" in labels, (name, labels)
        assert all(len(v) <= 1024 for _, v in card["rows"])
    full = dict(cardtext.lookup("cliffhanger")["rows"])
    assert full["Condition"] == "only on another player's turn" and "Collecting phase" in full["Effect"]
    member = dict(cardtext.lookup("Dato Rashid")["rows"])
    assert "KAHWIN 2 Juta" in member["Cost"] and member["Gender"] == "man" and "💰+2 Juta" in member["Attributes"]
    assert cardtext.lookup("No Such Card") is None


def test_every_explained_choice_fits_along_seeded_games():
    """explain_choice on every option of every picker step, 2 to 6 players: at most 100, cards always explained."""
    explained = set()
    for seed in range(6):
        state = GAME.rules.new_game(list(range(1, 3 + seed % 5)), seed)
        rng = Rng.seeded(seed)
        for _ in range(600):
            if GAME.rules.is_over(state):
                break
            pid = sorted(GAME.rules.actors(state))[0]
            legal = GAME.rules.legal_actions(state, pid)
            path: list[int] = []
            while (step := walk(legal, path)).key is not None:
                for c in step.choices:
                    note = GAME.presenter.choice_note(state, pid, c.key, c.value)
                    assert cardtext.width(note) <= 100, (c.key, c.value, note)
                    if c.key in ("card", "slot", "hero", "target", "pick", "member", "replace", "discard", "entry"):
                        assert note, (c.key, c.value)
                        explained.add(c.key)
                path.append(rng.below(len(step.choices)))
            GAME.rules.apply(state, pid, step.action)
    assert {"card", "slot", "hero", "target", "discard"} <= explained, explained


def test_the_hand_is_a_line_per_card_with_its_text_and_the_board_shows_cards_in_play():
    s = new(2, seed=5)
    for p in s.players:
        give(s, p.id, "Cliffhanger")
    give(s, P1, "Motor Kapcai", where="items")
    (lily,) = give(s, P1, "Lily", where="members")
    s.players[0].spouse = lily
    names = {P1: "Aisyah", P2: "Budi"}
    mine = GAME.presenter.board(GAME.rules.view(s, P1), names).text
    hand = [c for c in s.players[0].hand]
    for cid in hand:
        assert any(
            line.startswith("🃏 **" + CARDS.name(cid) + "**") and cardtext.effect_text(cid)[:30] in line
            for line in mine.splitlines()
        ), CARDS.name(cid)
    public = GAME.presenter.board(GAME.rules.view(s, None), names).text
    assert "Your hand" not in public and "🃏 **" not in public
    # The public table is one phone screen: a line per seat with its name first and its numbers, the cards in
    # play by name when they fit, no effect texts (``/drama card`` and the owner's own view show them); no fields.
    assert not GAME.presenter.board(GAME.rules.view(s, None), names).fields
    assert "▶️ **Aisyah** 7/7 Air Muka 💰1 ✋5" in public and "**Budi** 7/7 Air Muka 💰1 ✋5" in public
    assert "🎒Motor Kapcai" in public and "💍Lily" in public and "Discard 1 card" not in public
    own = list(GAME.presenter.board(GAME.rules.view(s, P1), names).fields)[0]
    assert "🎒 **Motor Kapcai** · 😠+1 Dengki · Discard 1 card" in own.value
    kedai = next(line for line in public.splitlines() if "Kedai" in line)
    for cid in s.kedai:
        if cid is not None:
            assert CARDS.name(cid) in kedai


def test_no_internal_ids_in_the_window_and_choice_lines():
    s = new(3, seed=2)
    names = {p.id: f"N{p.id}" for p in s.players}
    text = GAME.presenter.board(GAME.rules.view(s, None), names).text
    assert "Turn 1" in text and "start of turn" in text  # the turn-start window: its moment in the turn line
    for word in ("turn_start", "action_start", "(played)", "(dengki)", "to_hand"):
        assert word not in text


def test_the_window_question_says_what_is_answered_with_the_chain():
    from tests.games.drama.drama_helpers import P3, arrange_turn, card_id, clear_hand

    s = new(3)
    arrange_turn(s, P1)
    for p in s.players:
        clear_hand(s, p.id)
    give(s, P1, "Tampar Depan Orang Ramai")
    give(s, P2, "Saksi Palsu", "Pengsan Tiba-Tiba")
    give(s, P3, "Rupanya Kembar!")
    GAME.rules.apply(s, P1, {"type": "play", "card": card_id("Tampar Depan Orang Ramai"), "target": P2})
    q = GAME.presenter.question(s, P2, "type", ())
    assert q == "Ryan Kaya-Raya plays Tampar Depan Orang Ramai on you. Plot Twist to respond?"
    GAME.rules.apply(s, P2, {"type": "play", "card": card_id("Saksi Palsu"), "entry": 0})
    q = GAME.presenter.question(s, P3, "type", ())
    assert q.startswith("Inspektor Wang plays Saksi Palsu against Ryan Kaya-Raya's Tampar"), q
    GAME.rules.apply(s, P3, {"type": "pass"})
    assert s.window is None  # the Episode was cancelled
    # a Dengki aimed at P2 asks P2 to defend, and the others to respond
    from bot.games.drama import combat

    combat.aim_dengki(s, P1, P2, 2, [])
    q = GAME.presenter.question(s, P2, "type", ())
    assert q == "Ryan Kaya-Raya aims 2 DENGKI at you. Plot Twist to defend?"
    assert (
        GAME.presenter.question(s, P3, "type", ())
        == "Ryan Kaya-Raya aims 2 DENGKI at Inspektor Wang. Plot Twist to respond?"
    )


def test_a_member_choice_says_what_kahwin_costs_and_gives_or_how_it_shields():
    from tests.games.drama.drama_helpers import arrange_turn

    s = new(2)
    arrange_turn(s, P1)
    s.players[0].hero, s.players[0].side = "salmah", 0  # a woman, so she may marry a man
    (rashid,) = give(s, P1, "Dato Rashid", where="members")
    assert (
        GAME.presenter.choice_note(s, P1, "member", rashid)
        == "KAHWIN for 2 Juta · married: 💰+2 Juta · Married: ITEMs cost you 1 Juta less."
    )
    s.choice = Choice(P1, "absorb", options=[rashid])
    assert GAME.presenter.choice_note(s, P1, "member", rashid) == "Absorbs up to 2 DENGKI, then is discarded"


def test_a_big_hand_and_a_full_table_fit_one_embed():
    from bot.games.drama.view import render

    s = new(6, seed=4)
    for p in s.players:
        give(s, p.id, "Motor Kapcai", "Cincin Batu Akik", where="items")
        give(s, p.id, "Lily" if p.id != P1 else "Jamal Sado", where="members")
    for name in [
        "Cliffhanger",
        "Kena Pukau",
        "Pelumba Haram",
        "Jumpa Bomoh",
        "Tampar Depan Orang Ramai",
        "Aku Sebenarnya Polis",
        "Gangster Tapi Hati Baik",
        "Kahwin Lari",
        "Jualan Murah Tengah Malam",
        "Jelaskan Di Social Media",
        "Pengsan Tiba-Tiba",
        "Cerai Talak Tiga",
    ]:
        give(s, P1, name)
    names = {p.id: f"A rather long display name {p.id}" for p in s.players}
    view = GAME.rules.view(s, P1)
    text = render(view, names)
    fields = list(GAME.presenter.board(view, names).fields)
    total = len(text) + sum(len(f.name) + len(f.value) for f in fields) + 600  # title, notes, footer
    assert len(fields) == 8 and total <= 6000 and len(text) <= 4096
    assert all(f"🃏 **{CARDS.name(c)}**" in text for c in s.players[0].hand)


def test_the_window_question_names_people_when_the_platform_gives_names():
    from tests.games.drama.drama_helpers import P3, arrange_turn, card_id, clear_hand

    s = new(3)
    arrange_turn(s, P1)
    for p in s.players:
        clear_hand(s, p.id)
    give(s, P1, "Tampar Depan Orang Ramai")
    give(s, P2, "Saksi Palsu")
    give(s, P3, "Rupanya Kembar!")
    GAME.rules.apply(s, P1, {"type": "play", "card": card_id("Tampar Depan Orang Ramai"), "target": P2})
    names = {P1: "Aisyah", P2: "Budi", P3: "Citra"}
    assert (
        GAME.presenter.question(s, P3, "type", (), names=names)
        == "Aisyah plays Tampar Depan Orang Ramai on Budi. Plot Twist to respond?"
    )
    assert (
        GAME.presenter.question(s, P2, "type", (), names=names)
        == "Aisyah plays Tampar Depan Orang Ramai on you. Plot Twist to respond?"
    )
