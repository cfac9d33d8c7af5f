"""One cog per game: each is only its slash command group; the shared table does the work."""
