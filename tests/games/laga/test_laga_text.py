"""The registry entry, views (what each seat sees) and the text made for people."""

from bot.kernel.contract import all_games, get_game
from bot.games.laga.game import LagaGame

from laga_helpers import G, act, dreams, res, setup, sow, top

NAMES = {1: "Ayu", 2: "Budi", 3: "Citra"}


def test_registered():
    assert isinstance(get_game("laga"), LagaGame) and G in all_games()
    assert (G.min_players, G.max_players, G.title) == (2, 6, "Laga Jakarta")


def test_views_show_own_secrets_only():
    s = setup(tokens=[1, 0, 2, 1, 2, 2])
    dreams(s, 1, held=("Homecoming",))
    dreams(s, 2, held=("Pilgrimage",))
    top(s, "dream", "Protesting", "Idol Audition", "Monas Selfie")
    sow(s, 1, "lowongan", "cw")  # Impian: player 1 looks at 3 Dreams
    mine, theirs, spectator = G.view(s, 1), G.view(s, 2), G.view(s, None)
    looking = ["Protesting", "Idol Audition", "Monas Selfie"]
    assert mine["you"] == {"id": 1, "dreams": ["Homecoming"], "looking": looking}
    assert theirs["you"]["dreams"] == ["Pilgrimage"] and theirs["you"]["looking"] == []
    assert spectator["you"] is None and spectator["pending"]["looking"] == 3
    assert "Homecoming" not in str(theirs) and "Pilgrimage" not in str(mine) and "Protesting" not in str(spectator)
    assert [p["dreams_held"] for p in spectator["players"]] == [1, 1, 0]
    for v in (mine, theirs, spectator):
        text = G.render_view(v, NAMES)
        assert "Ayu" in text and len(text) <= 1800
    def shown(v):
        return G.render_view(v, NAMES) + "".join(f.name + f.value for f in G.render_fields(v, NAMES))

    assert "Protesting" in shown(mine) and "Protesting" not in shown(theirs) + shown(spectator)


def test_labels_for_people():
    s = setup(tokens=[1, 0, 2, 1, 2, 2])
    action = {"type": "sow", "tile": "kerja", "direction": "ccw"}
    assert G.describe_action(s, 1, action) == "Kerja 1 ↺ → Stasiun 3: nothing to pay for a copy"
    assert G.describe_choice(s, 1, "move", "training:cw") == "Training 2 ↻ → Impian 3: look at 3 Dreams"
    assert G.explain_choice(s, 1, "move", "training:cw") == "drops on Lowongan, Impian"
    s.tokens = [1, 0, 2, 4, 0, 1]
    assert G.describe_choice(s, 1, "move", "training:cw") == "⚠ Training 2 ↻ → Impian 1: look at 1 Dream"
    assert G.explain_choice(s, 1, "move", "training:cw") == "⚠ Lowongan reaches 5: fined (Job face down)"
    s.tokens = [1, 0, 2, 1, 2, 2]
    assert G.describe_choice(s, 1, "tile", "training") == "Training (2)"
    assert G.describe_choice(s, 1, "target", 3) == "seat 3"
    assert G.describe_choice(s, 1, "card", "Satpol PP") == "Satpol PP (L2) · 3 pts · 🪙3 ⭐3"
    res(s, 1, coin=2)
    events = act(s, 1, action)
    lines = [G.describe_event(e, NAMES) for e in events]
    assert "Ayu moves 1 from Kerja counter-clockwise, landing on Stasiun." in lines


def test_timeouts_are_legal_defaults():
    s = setup(tokens=[1, 0, 2, 1, 2, 2])
    assert G.timeout_action(s, 1)["type"] == "sow"
    res(s, 1, coin=1)
    sow(s, 1, "kerja", "ccw")  # Stasiun: the default is not to use it
    assert G.timeout_action(s, 1) == {"copy": "none", "type": "done"}
    assert G.describe_choice(s, 1, "copy", "lowongan:coin") == "Copy Lowongan: look at 3 Jobs · pay 1 Coin"
    act(s, 1, G.timeout_action(s, 1))
    assert G.timeout_action(s, 1) == {"type": "end"}
    assert G.waiting(s).turn == 1 and not G.waiting(s).in_window
