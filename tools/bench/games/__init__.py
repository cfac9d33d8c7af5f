"""Each game's own figures, one module per game that has any (see ``tools.bench.game_figures``).

Every module here exports ``FIGURES``, a ``GameFigures`` naming the game it measures; the
benchmark finds them by listing this package, so nothing else names them. This file imports
none of them: a child process imports only what its job needs.
"""
