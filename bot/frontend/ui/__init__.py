"""Discord-facing pieces: custom ids, the action picker, message rendering, restart-proof components."""
