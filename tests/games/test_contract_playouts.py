"""The contract every engine's own playout tests check, run the same way on every registered engine.

For each game at its fewest and most players: seeded random playouts (the acting player drawn
from ``waiting().actors``) that check

* at every step: the ``Waiting`` record (actors are players, exactly they have legal actions, a
  turn player while the game runs, nothing once over), window rounds (within one round nobody is
  newly asked and the mover has answered), and that no public event or its log line names an item
  hidden from a viewer before and after the move (private events: from those they are for);
* on checked steps (every step of the ``DEEP_SEEDS`` games, every ``SAMPLE``-th step of the
  ``SAMPLED_SEEDS`` ones, at offsets that move with the seed): save and reload (an equal state
  with the same waiting, legal actions and views), that no view, nor the public board text
  (in the deep games: every seat's board text), shows an item hidden from its viewer (see
  ``contract_kit`` for the per-game hidden-items hooks), and that the move leaves the views and
  legal lists taken before it as they were (they share nothing with the state);
* at the end: replaying the action log from the seed gives an equal state.
"""

from __future__ import annotations

import pytest

from bot.kernel.module import all_games
from tests.games.contract_kit import HOOKS, Playout, players_for

pytestmark = pytest.mark.slow

GAMES = all_games()
#: Playouts checked at every step, and sampled ones, per game and player count.
DEEP_SEEDS = (1, 2)
SAMPLED_SEEDS = (3, 4, 5, 6, 7, 8, 9, 10)
SAMPLE = 10
CASES = [(g, n) for g in GAMES for n in sorted({g.rules.min_players, g.rules.max_players})]


def _id(case) -> str:
    game, count = case
    return f"{game.name}-{count}p"


def test_every_game_has_a_hidden_items_hook():
    assert set(HOOKS) == {g.name for g in GAMES}


@pytest.mark.parametrize("case", CASES, ids=_id)
def test_playouts_keep_the_contract_at_every_checked_step(case):
    game, count = case
    rounds = 0
    for seed in DEEP_SEEDS + SAMPLED_SEEDS:
        every = 1 if seed in DEEP_SEEDS else SAMPLE
        play = Playout(game, count, seed, every=every, offset=seed)
        again = play.replayed()
        assert again == play.state, f"{game.name} seed {seed}: the replayed log ends elsewhere"
        assert game.rules.state_to_json(again) == game.rules.state_to_json(play.state)
        rounds += play.rounds_kept
    if game.name in ("drama", "goceng") and count == game.rules.max_players:
        assert rounds > 0, "no window round outlived a move: the round check never ran"


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_same_seed_and_actions_same_game_and_seeds_deal_differently(game):
    hook = HOOKS[game.name]
    count = game.rules.min_players
    first = Playout(game, count, 7, check=False)
    second = Playout(game, count, 7, check=False)
    assert first.log == second.log and first.state == second.state
    assert game.rules.state_to_json(first.state) == game.rules.state_to_json(second.state)
    players = players_for(count)
    deals = set()
    for seed in range(4):
        options = hook.options(seed, players)
        one, two = game.rules.new_game(players, seed, options), game.rules.new_game(players, seed, options)
        assert one == two and game.rules.state_to_json(one) == game.rules.state_to_json(two)
        deals.add(tuple(frozenset(hook.hidden_items(one, p)) for p in [None, *players]))
    assert len(deals) >= 3, f"{game.name}: four seeds gave only {len(deals)} different deals"


_DIGESTS = """
import hashlib, json
from bot.kernel.module import all_games
from tests.games.contract_kit import Playout
out = {}
for game in all_games():
    play = Playout(game, game.rules.max_players, 3, check=False)
    out[game.name] = hashlib.sha256(game.rules.state_to_json(play.state).encode()).hexdigest()
print(json.dumps(out))
"""


def test_the_same_game_in_another_process_with_other_string_hashes():
    """No rule depends on set or dict order of strings, which changes from one process to the next."""
    import hashlib
    import json
    import os
    import pathlib
    import subprocess
    import sys

    here = str(pathlib.Path(__file__).parent)
    env = dict(os.environ, PYTHONHASHSEED="4242")
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(pathlib.Path(here).parents[1]), env.get("PYTHONPATH")]))
    done = subprocess.run(
        [sys.executable, "-c", _DIGESTS], env=env, capture_output=True, text=True, timeout=120, check=True
    )
    theirs = json.loads(done.stdout)
    for game in GAMES:
        play = Playout(game, game.rules.max_players, 3, check=False)
        assert theirs[game.name] == hashlib.sha256(game.rules.state_to_json(play.state).encode()).hexdigest(), game.name
