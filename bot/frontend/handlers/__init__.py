"""What the bot does when someone uses a command or clicks a component, one class per responsibility.

``answers`` (replies, refusals, the match lock), ``lobby`` (seat buttons), ``lobby_options``
(the option panels), ``picking`` (the private picker and a prompt's Pass), ``hand`` (My hand and
a player's switches), ``slash`` (each game's slash commands), ``timers`` and ``restart`` (wake-ups,
and catching up at start), ``community`` (server-wide commands). None looks another up: each is
given what it uses where the bot is composed (``bot.frontend.client``), and none is imported by
``bot.frontend.ui``: a component names the interface it calls instead.
"""
