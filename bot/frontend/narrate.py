"""The match service's words in Discord's languages: the table's log in the server's, private lines in each reader's.

The service decides what a move says (the game's events and its own lines, as
wordings) and this says it: a public event through the game's presenter in the
language of the match's server (those lines are stored, for the table's log), a
private one in the language of each player allowed to read it, and the whole again in
any other language on demand (a DM quoting the table's lines). A result's summary is
public, so it is worked out in the server's language too, with what leaving changed.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.frontend.languages import Languages
from bot.frontend.names import shown, shown_names
from bot.kernel.contract import Event, PlayerId, Result
from bot.kernel.i18n import speak, use_locale
from bot.kernel.wording import Wording
from bot.play.leaving import counted_result
from bot.play.match_types import LiveMatch
from bot.play.ports import Aside, Told


def final_result(result: Result, left: Sequence[PlayerId], names: dict[PlayerId, str] | None = None) -> Result:
    """The result that counts once leavers are losers, its summary saying so in the current language."""
    counted, lines = counted_result(result, left, names)
    if not lines:
        return counted
    summary = " ".join(x for x in (counted.summary, *(speak(line) for line in lines)) if x)
    return Result(winners=counted.winners, scores=dict(counted.scores), summary=summary, draw=counted.draw)


class Narrator:
    """Says a match's moves and results for Discord (the service's :class:`~bot.play.ports.Narrator`)."""

    def __init__(self, languages: Languages) -> None:
        self._languages = languages

    async def tell(self, live: LiveMatch, said: Sequence[Event | Wording | Aside]) -> Told:
        server = await self._languages.server(live.record.guild_id)
        told: dict[str, list[str]] = {}

        def retell(locale: str) -> list[str]:
            """The public lines in ``locale`` (the table's are in the server's), each language told once."""
            if locale not in told:
                with use_locale(locale):
                    told[locale] = self._public(live, said)
            return list(told[locale])

        public = retell(server)
        readers = sorted(
            {int(p) for item in said if isinstance(item, dict) for p in (item.get("visible_to") or ())}
            | {p for item in said if isinstance(item, Aside) for p in item.to}
        )
        locales = {p: await self._languages.reader(p, live.record.guild_id) for p in readers}
        private: dict[PlayerId, list[str]] = {}
        for item in said:
            if isinstance(item, Aside):
                for p in item.to:
                    private.setdefault(p, []).append(speak(item.wording, locale=locales[p], names=shown))
                continue
            if not isinstance(item, dict):
                continue
            for p in item.get("visible_to") or ():
                with use_locale(locales[int(p)]):
                    line = live.game.presenter.event_line(item, shown_names(live.record.names))
                if line:
                    private.setdefault(int(p), []).append(line)
        return Told(public=public, private=private, retell=retell)

    @staticmethod
    def _public(live: LiveMatch, said: Sequence[Event | Wording | Aside]) -> list[str]:
        """What everyone may read of a move, in the current language (empty lines dropped)."""
        lines: list[str] = []
        for item in said:
            if isinstance(item, Wording):
                lines.append(speak(item, names=shown))
            elif isinstance(item, dict) and item.get("visible_to") is None:
                line = live.game.presenter.event_line(item, shown_names(live.record.names))
                if line:
                    lines.append(line)
        return lines

    async def words(self, guild_id: int, wording: Wording) -> str:
        return speak(wording, locale=await self._languages.server(guild_id), names=shown)

    async def result(self, live: LiveMatch) -> Result:
        with use_locale(await self._languages.server(live.record.guild_id)):
            return final_result(live.game.rules.result(live.state), live.record.left, shown_names(live.record.names))


__all__ = ["Narrator", "final_result"]
