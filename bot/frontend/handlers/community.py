"""Server-wide commands that are not one game's: stats, leaderboard, history, settings, language.

Like the table, this answers interactions and leaves the work to other
modules: the store counts records, ``bot.play.settings`` validates, the
match service stores settings (and keeps them fresh), and a match's history
is its stored log replayed and told by the game's presenter. Every text
goes through ``t``/``tn``: a reply only its reader sees in the reader's
language (set by the command tree), a reply for the channel in the server's.
"""

from __future__ import annotations

import io
from typing import Any

import discord

from bot.frontend.handlers.answers import name_of
from bot.frontend.history import match_history
from bot.frontend.languages import Languages
from bot.frontend.names import shown
from bot.frontend.ui import render
from bot.frontend.ui.components import is_snowflake
from bot.kernel.i18n import speak, t, tn
from bot.kernel.languages import LANGUAGES, language_code, language_name
from bot.kernel.module import all_games, get_game
from bot.play.service import MatchService
from bot.play.settings import SETTINGS, BadSetting
from bot.store.storage import Storage

Interaction = discord.Interaction[Any]

HISTORY_LINES_SHOWN = 40


class Community:
    def __init__(self, service: MatchService, store: Storage, languages: Languages) -> None:
        self.service = service
        self.store = store
        self.languages = languages

    async def _count_ai(self, guild_id: int) -> bool:
        return bool((await self.service.settings.of(guild_id))["count_ai_matches"])

    async def cmd_stats(self, interaction: Interaction, member: discord.abc.User | None) -> None:
        if interaction.guild_id is None:
            await self._say(interaction, t("Stats are kept per server: use this command in a server."))
            return
        who = member or interaction.user
        records = await self.store.records.player_records(
            interaction.guild_id, who.id, count_ai=await self._count_ai(interaction.guild_id)
        )
        async with self.languages.in_channel(interaction.guild_id):  # answered in the channel
            if not records:
                text = t("{player} has not finished a match on this server yet.", player=shown(name_of(who)))
            else:
                rows = [
                    t(
                        "**{game}**: played {played}, won {won} ({rate:.0%})",
                        game=get_game(r.game).title,
                        played=r.played,
                        won=r.won,
                        rate=r.win_rate,
                    )
                    for r in records
                ]
                text = "\n".join(rows)
            title = t("Stats of {player}", player=shown(name_of(who)))
        await self._say(interaction, text, title=title, ephemeral=False)

    async def cmd_leaderboard(self, interaction: Interaction, game_name: str) -> None:
        if interaction.guild_id is None:
            await self._say(interaction, t("Leaderboards are per server: use this command in a server."))
            return
        known = {g.name: g for g in all_games()}
        if not isinstance(game_name, str) or game_name not in known:
            await self._say(
                interaction, t("There is no game called {game}: pick one from the list.", game=str(game_name)[:100])
            )
            return
        game = known[game_name]
        records = await self.store.records.leaderboard(
            interaction.guild_id, game_name, count_ai=await self._count_ai(interaction.guild_id)
        )
        async with self.languages.in_channel(interaction.guild_id):  # answered in the channel
            if not records:
                text = t("No finished {game} matches on this server yet.", game=game.title)
            else:
                text = "\n".join(
                    t(
                        "{rank}. {player}: {won} won of {played} ({rate:.0%})",
                        rank=i,
                        player=f"<@{r.player_id}>",
                        won=r.won,
                        played=r.played,
                        rate=r.win_rate,
                    )
                    for i, r in enumerate(records, 1)
                )
            title = t("{game} leaderboard", game=game.title)
        await self._say(interaction, text, title=title, ephemeral=False)

    async def cmd_history(self, interaction: Interaction, match_id: int) -> None:
        if not is_snowflake(match_id):
            await self._say(interaction, t("A match number is a whole number from 1, as shown on its table (#12)."))
            return
        match = await self.store.matches.get_match(match_id)
        if match is None or match.guild_id != interaction.guild_id:
            await self._say(interaction, t("There is no match #{match_id} on this server.", match_id=match_id))
            return
        if match.status != "finished":
            await self._say(
                interaction,
                t(
                    "Match #{match_id} has not finished; its history opens when it ends "
                    "(so no one learns a hidden card early).",
                    match_id=match_id,
                ),
            )
            return
        history = await match_history(self.store.matches, match_id)
        assert history is not None
        game = get_game(history.game)
        header = t(" vs ").join(shown(history.names[p]) if p in history.names else str(p) for p in match.players)
        recent = history.lines[-HISTORY_LINES_SHOWN:]
        skipped = len(history.lines) - len(recent)
        earlier = (
            tn("… {n} earlier move in the attached file …", "… {n} earlier moves in the attached file …", skipped)
            + "\n"
            if skipped
            else ""
        )
        body = f"{header}\n\n" + earlier + "\n".join(f"• {line}" for line in recent)
        title = t("{game} match #{match_id}: history", game=game.title, match_id=match_id)
        embed = render.notice(body[:4000], title=title)
        if not history.replays_exactly:
            embed.set_footer(text=t("Warning: replaying the log did not reproduce the stored final state."))
        kwargs: dict[str, Any] = {"embed": embed, "ephemeral": True}
        if skipped:
            full = "\n".join(history.lines).encode("utf-8")
            kwargs["file"] = discord.File(io.BytesIO(full), filename=f"{game.name}-match-{match_id}.txt")
        await interaction.response.send_message(**kwargs)

    async def cmd_settings(self, interaction: Interaction, changes: dict[str, Any]) -> None:
        if interaction.guild_id is None:
            await self._say(interaction, t("Settings belong to a server: use this command in a server."))
            return
        perms = interaction.permissions
        if not (perms.manage_guild or perms.administrator):
            await self._say(interaction, t("Only members with Manage Server can change the bot's settings."))
            return
        changes = {k: v for k, v in changes.items() if v is not None}
        language = changes.pop("language", None)
        problems = []
        for key, value in changes.items():
            try:
                changes[key] = SETTINGS[key].validate(value)
            except BadSetting as exc:
                problems.append(exc.reason)
        if language is not None and language_code(language) is None:
            problems.append(t("language must be one of {languages}.", languages=", ".join(LANGUAGES)))
        if problems:
            await self._say(interaction, t("Nothing was changed:") + "\n" + "\n".join(f"• {p}" for p in problems))
            return
        for key, value in changes.items():
            await self.service.settings.change(interaction.guild_id, key, value)
        if language is not None:
            await self.languages.set_server(interaction.guild_id, language)
            changes["language"] = language
        current = await self.service.settings.of(interaction.guild_id)
        lines = [
            t(
                "`{key}` = **{value}** ({low}–{high} {unit}): {help}",
                key=d.key,
                value=current[d.key],
                low=d.low,
                high=d.high,
                unit=speak(d.unit),
                help=speak(d.help),
            )
            for d in SETTINGS.values()
        ]
        lines.append(
            t(
                "`language` = **{value}**: the language of everything the bot posts in this server's "
                "channels; each player may choose their own with `/language`.",
                value=language_name(current.language),
            )
        )
        title = t("Settings saved") if changes else t("Settings of this server")
        await self._say(interaction, "\n".join(lines), title=title)

    async def cmd_language(self, interaction: Interaction, choice: str | None) -> None:
        """A player's own language for what only they see; "server" goes back to the server's."""
        languages = self.languages
        user = interaction.user.id
        if choice is not None:
            if choice != "server" and language_code(choice) is None:
                await self._say(
                    interaction,
                    t("There is no language called {language}: pick one from the list.", language=str(choice)[:100]),
                )
                return
            await languages.set_reader(user, None if choice == "server" else choice)
        chosen = await languages.chosen(user)
        async with languages.in_private(user, interaction.guild_id) as locale:
            if chosen is not None:
                text = t(
                    "You read the bot in **{language}**: DMs, pickers and replies only you see. The server's "
                    "channels stay in its own language.",
                    language=language_name(chosen),
                )
            else:
                text = t(
                    "You read the bot in **{language}**, the language of this server or of your Discord. "
                    "Choose your own with `/language`.",
                    language=language_name(locale),
                )
            await self._say(interaction, text, title=t("Your language"))

    async def _say(
        self, interaction: Interaction, text: str, *, title: str | None = None, ephemeral: bool = True
    ) -> None:
        await interaction.response.send_message(embed=render.notice(text, title=title), ephemeral=ephemeral)


def game_choices() -> list[tuple[str, str]]:
    """(title, name) of every registered game, for a command's choices."""
    return [(g.title, g.name) for g in all_games()]
