"""One cog per game: each is only its slash command group; the shared handlers do the work
(``bot.frontend.handlers``, given to each cog when it is added)."""
