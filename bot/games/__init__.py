"""Pure rules engines, one package per game, plus the helpers they share."""
