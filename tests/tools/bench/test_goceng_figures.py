"""Mat Goceng's negotiation figures: seeded whole 4-player matches through the real bot."""

from __future__ import annotations

from tools.bench.games.goceng import render, run_goceng


async def test_goceng_bench_counts_clicks_mentions_and_ai_bargaining(tmp_path):
    figures = await run_goceng(matches=2, seed=3, workdir=str(tmp_path))
    again = await run_goceng(matches=2, seed=3, workdir=str(tmp_path))
    assert figures == again  # seeded: the same matches, the same figures
    # A battle card is a Take action (or an open picker), a type and a card: never more than 3 clicks.
    assert 1 <= figures["clicks_per_battle_card"] <= 3
    # An offer: open, Offer a card, the card (skipped when only one fits), one of at most 5 prices.
    assert 1 <= figures["clicks_to_make_an_offer"] <= 4  # one when the prompt carries the offer
    # Accepting from the battler's own prompt: one click for a lone offer, two to pick among several.
    assert 1 <= figures["clicks_to_accept_an_offer"] <= 3
    assert figures["mentions_per_player_per_turn"] <= 1 and figures["max_mentions_one_player_one_turn"] <= 1
    assert figures["windows_per_match"] > 0 and 0 < figures["ai_offers_when_asked"] < 1
    assert figures["ai_battler_counters"] > 0  # AI battlers counter expensive offers
    moves = figures["negotiation_moves"]
    assert moves.get("offer (person)", 0) > 0 and moves.get("offer (ai)", 0) > 0
    assert any("AI seats: offer in" in line for line in render(figures))
