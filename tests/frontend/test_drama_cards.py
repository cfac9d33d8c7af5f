"""/drama card: any card or hero in full, privately, with name suggestions while typing."""

from __future__ import annotations

import discord
import pytest

from bot.frontend.ui import render
from bot.games.drama.cardtext import PAGE_COLOUR, card_page, suggest
from bot.games.drama.state import CARDS
from tests.frontend.table_driver import CHANNEL, HOST


def card_embed(name: str) -> discord.Embed:
    """The page ``/drama card`` shows for ``name``, as the front end draws it."""
    embed = render.page(card_page(name), colour=PAGE_COLOUR).embed
    assert embed is not None
    return embed


async def test_drama_card_shows_a_card_in_full_privately(table):
    reply = await table.world.slash(table.bot, HOST, CHANNEL, "drama", "card", {"name": "cliffhanger"})
    await table.world.settle()
    assert reply.ephemeral
    embed = reply.message.embeds[0]
    assert embed["title"] == "Cliffhanger"
    rows = {f["name"]: f["value"] for f in embed["fields"]}
    assert rows["Type"] == "Plot Twist (Deck Biru)"
    assert "free on another player's turn" in rows["Cost"]
    assert rows["Condition"] == "only on another player's turn"
    assert rows["Effect"].startswith("Play on another player's TURN to skip it.")
    assert not table.world.channel_messages(CHANNEL) or all(
        "Cliffhanger" not in m.text for m in table.world.channel_messages(CHANNEL)
    )


async def test_drama_card_item_member_and_hero_and_an_unknown_name(table):
    item = card_embed("Motor Kapcai").to_dict()
    rows = {f["name"]: f["value"] for f in item["fields"]}
    price = next(g.price for g in CARDS.green if g.name == "Motor Kapcai")
    assert rows["Type"] == "Vehicle ITEM (Deck Hijau)" and rows["Cost"].startswith(f"{price} Juta at the KEDAI")
    assert rows["Attributes"] == "😠+1 Dengki" and "Discard 1 card" in rows["Effect"]
    hero = {f["name"]: f["value"] for f in card_embed("minah rempit").to_dict()["fields"]}
    assert hero["Sides"] == "Mat Rempit (man) / Minah Rempit (woman)" and "+2 DENGKI" in hero["Effect"]
    reply = await table.world.slash(table.bot, HOST, CHANNEL, "drama", "card", {"name": "Kahwin"})
    await table.world.settle()
    assert reply.ephemeral and "no Drama Pukul 7 card" in reply.text and "Kahwin Lari" in reply.text


def test_suggestions_start_with_what_was_typed_and_stay_within_discord_limits():
    assert suggest("kah")[0] == "Kahwin Lari"
    assert "Kayah binti Raya" in suggest("kay")
    assert "Anak Tiri Kaki Curi" in suggest("tiri")  # found inside a name too
    assert 0 < len(suggest("")) <= 25
    assert all(len(n) <= 100 for n in suggest(""))
    assert isinstance(card_embed("Lily"), discord.Embed)


async def test_drama_card_takes_a_name_not_a_page(table):
    """The name is bounded where it is typed: Discord's client refuses more than the command declares."""
    [card] = [
        option
        for command in table.world.commands.registered[None].values()
        if command["name"] == "drama"
        for option in command["options"]
        if option["name"] == "card"
    ]
    assert card["options"][0]["max_length"] == 100
    with pytest.raises(AssertionError, match="longer than max_length 100"):
        await table.world.slash(table.bot, HOST, CHANNEL, "drama", "card", {"name": "x" * 4500})
    reply = await table.world.slash(table.bot, HOST, CHANNEL, "drama", "card", {"name": "x" * 100})
    assert reply.ephemeral and "no Drama Pukul 7 card" in reply.text
