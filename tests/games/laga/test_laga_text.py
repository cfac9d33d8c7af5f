"""The registry entry, views (what each seat sees) and the text made for people."""

from bot.games.laga.rules import LagaRules
from bot.kernel.module import all_games, get_game
from tests.games.laga.laga_helpers import G, act, dreams, res, setup, sow, top

NAMES = {1: "Ayu", 2: "Budi", 3: "Citra"}


def test_registered():
    assert isinstance(get_game("laga").rules, LagaRules) and G in all_games()
    assert (G.rules.min_players, G.rules.max_players, G.title) == (2, 6, "Laga Jakarta")


def test_views_show_own_secrets_only():
    s = setup(tokens=[1, 0, 2, 1, 2, 2])
    dreams(s, 1, held=("Homecoming",))
    dreams(s, 2, held=("Pilgrimage",))
    top(s, "dream", "Protesting", "Idol Audition", "Monas Selfie")
    sow(s, 1, "lowongan", "cw")  # Impian: player 1 looks at 3 Dreams
    mine, theirs, spectator = G.rules.view(s, 1), G.rules.view(s, 2), G.rules.view(s, None)
    looking = ["Protesting", "Idol Audition", "Monas Selfie"]
    assert mine["you"] == {"id": 1, "dreams": ["Homecoming"], "looking": looking}
    assert theirs["you"]["dreams"] == ["Pilgrimage"] and theirs["you"]["looking"] == []
    assert spectator["you"] is None and spectator["pending"]["looking"] == 3
    assert "Homecoming" not in str(theirs) and "Pilgrimage" not in str(mine) and "Protesting" not in str(spectator)
    assert [p["dreams_held"] for p in spectator["players"]] == [1, 1, 0]
    for v in (mine, theirs, spectator):
        text = G.presenter.board(v, NAMES).text
        assert "Ayu" in text and len(text) <= 1800

    def shown(v):
        return G.presenter.board(v, NAMES).text + "".join(
            f.name + f.value for f in list(G.presenter.board(v, NAMES).fields)
        )

    assert "Protesting" in shown(mine) and "Protesting" not in shown(theirs) + shown(spectator)


def test_labels_for_people():
    s = setup(tokens=[1, 0, 2, 1, 2, 2])
    action = {"type": "sow", "tile": "kerja", "direction": "ccw"}
    assert G.presenter.action_label(s, 1, action) == "Kerja 1 ↺ → Stasiun 3: nothing to pay for a copy"
    assert G.presenter.choice_label(s, 1, "move", "training:cw") == "Training 2 ↻ → Impian 3: look at 3 Dreams"
    assert G.presenter.choice_note(s, 1, "move", "training:cw") == "drops on Lowongan, Impian"
    s.tokens = [1, 0, 2, 4, 0, 1]
    assert G.presenter.choice_label(s, 1, "move", "training:cw") == "⚠ Training 2 ↻ → Impian 1: look at 1 Dream"
    assert G.presenter.choice_note(s, 1, "move", "training:cw") == "⚠ Lowongan reaches 5: fined (Job face down)"
    s.tokens = [1, 0, 2, 1, 2, 2]
    assert G.presenter.choice_label(s, 1, "tile", "training") == "Training (2)"
    assert G.presenter.choice_label(s, 1, "target", 3) == "seat 3"
    assert G.presenter.choice_label(s, 1, "card", "Satpol PP") == "Satpol PP (L2) · 3 pts · 🪙3 ⭐3"
    res(s, 1, coin=2)
    events = act(s, 1, action)
    lines = [G.presenter.event_line(e, NAMES) for e in events]
    assert "Ayu moves 1 from Kerja counter-clockwise, landing on Stasiun." in lines


def test_timeouts_are_legal_defaults():
    s = setup(tokens=[1, 0, 2, 1, 2, 2])
    assert G.rules.timeout_action(s, 1)["type"] == "sow"
    res(s, 1, coin=1)
    sow(s, 1, "kerja", "ccw")  # Stasiun: the default is not to use it
    assert G.rules.timeout_action(s, 1) == {"copy": "none", "type": "done"}
    assert G.presenter.choice_label(s, 1, "copy", "lowongan:coin") == "Copy Lowongan: look at 3 Jobs · pay 1 Coin"
    act(s, 1, G.rules.timeout_action(s, 1))
    assert G.rules.timeout_action(s, 1) == {"type": "end"}
    assert G.rules.waiting(s).turn == 1 and not G.rules.waiting(s).in_window
