"""/drama: the generic game commands plus ``/drama card <name>``, any card or hero shown in full.

The card texts come from the game's card data (``bot.games.drama.cardtext``), so
what this shows is what the table and the picker show, in full.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import locale_str
from discord.ext import commands

from bot.kernel.contract import get_game
from bot.games.drama import cardtext
from bot.kernel.i18n import t
from cogs.base import GameCommands, game_cog

#: Discord shows at most 25 autocomplete suggestions.
SUGGESTIONS = 25
COLOUR = discord.Colour.dark_magenta()


def suggest(typed: str) -> list[str]:
    """Card and hero names for what has been typed so far: names starting with it first, then containing it."""
    want = " ".join(typed.split()).casefold()
    names = cardtext.all_names()
    starts = [n for n in names if n.casefold().startswith(want)]
    contains = [n for n in names if want in n.casefold() and n not in starts]
    return (starts + contains)[:SUGGESTIONS]


def card_embed(name: str) -> discord.Embed:
    """The card called ``name`` in full, or a note listing close names when there is none."""
    card = cardtext.lookup(name)
    if card is None:
        close = suggest(name[:4]) if name.strip() else []
        text = (t("There is no Drama Pukul 7 card called “{name}”. Did you mean: {names}?", name=name,
                  names=", ".join(close[:5])) if close
                else t("There is no Drama Pukul 7 card called “{name}”.", name=name))
        return discord.Embed(description=text, colour=COLOUR)
    embed = discord.Embed(title=card["title"][:256], colour=COLOUR)
    for label, value in card["rows"]:
        embed.add_field(name=label[:256], value=(value or "—")[:1024], inline=label not in (t("Effect"), t("Cost")))
    embed.set_footer(text=t("Drama Pukul 7 · card data from the community card file"))
    return embed


class DramaExtras(GameCommands):
    """Commands only Drama Pukul 7 has."""

    @app_commands.command(name="card", description=locale_str("Show any Drama Pukul 7 card or hero in full."))
    @app_commands.describe(name=locale_str("The card's or hero's name (start typing for suggestions)"))
    async def card(self, interaction: discord.Interaction, name: str) -> None:
        await interaction.response.send_message(embed=card_embed(name), ephemeral=True)

    @card.autocomplete("name")
    async def card_names(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=n, value=n) for n in suggest(current)]


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(game_cog(get_game("drama"), base=DramaExtras)(bot))
