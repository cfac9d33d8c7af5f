"""What Mat Goceng's hard AI searches differently (:class:`bot.kernel.module.SearchHints`).

Its playouts take the engine's own modules (:mod:`bot.games.goceng.playout`): the same moves, about 1.5
times as many a second. Every choice is searched as in every game, the battler's answer to Extra Power offers
(accept, counter or no help) included: it used to be left to normal, when the search's departures there were
measured to lose; on today's sampler (it deals hands that fit what their owners showed this turn) they gain.
Over the 1,396 such positions of 200 seeded normal-only games, each departure scored by playing the real game
on from either move (normal in every seat, 20 times), the search's answer won +0.064 [±0.054] games a
position where it differed from normal's at 250 playouts a move (389 positions), and +0.095 [±0.070] at 60
(269).
"""

from __future__ import annotations

from bot.kernel.module import SearchHints

from . import playout

HINTS = SearchHints(playout=playout.playout)
