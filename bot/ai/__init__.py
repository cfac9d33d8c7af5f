"""AI seats: levels (easy, normal, hard), each game's policies per level, and the search behind hard.

``levels`` says what a seat plays at and where that is stored; ``registry`` gives a
game's policy for a level; ``search`` is the determinized Monte Carlo of hard;
``pool`` runs searches in worker processes so the event loop never waits on one;
``seat`` is what the match service calls to get an AI seat's move.
"""
