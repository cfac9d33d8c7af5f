"""The languages the bot speaks, and how a stored, typed or Discord-hinted language maps to one of them.

Which language a given message is written in (a server's, a reader's) is the front end's
to decide (:mod:`bot.frontend.languages`); this is only the list and the checks, shared by
the server settings, the preferences and the front end.
"""

from __future__ import annotations

from typing import Any

from bot.kernel.i18n import SOURCE_LOCALE, normalize

__all__ = [
    "DISCORD_LOCALES",
    "LANGUAGES",
    "PREF_KEY",
    "SERVER_KEY",
    "SOURCE_LOCALE",
    "hinted_language",
    "language_code",
    "language_name",
]

#: The languages players choose from: code → the language's name in that language (never translated).
LANGUAGES: dict[str, str] = {"en": "English", "ms": "Bahasa Melayu", "id": "Bahasa Indonesia"}

#: The server setting and the personal preference that hold a language code.
SERVER_KEY = "language"
PREF_KEY = "language"

#: Discord's client locales that name one of our languages (Discord offers ``id``, no Malay).
DISCORD_LOCALES: dict[str, str] = {"id": "id"}


def language_code(value: Any) -> str | None:
    """A stored or typed language as one of :data:`LANGUAGES`' codes, or None if it is not one."""
    if not isinstance(value, str):
        return None
    tag = value.strip().replace("_", "-").lower()
    if tag != normalize(tag):
        return None  # not a language tag at all
    code = tag.split("-", 1)[0]  # "ms-MY" is Malay
    return code if code in LANGUAGES else None


def language_name(code: str) -> str:
    return LANGUAGES.get(code, code)


def hinted_language(discord_locale: Any) -> str | None:
    """The language a Discord client locale asks for, if we have it and it is not the default English."""
    value = getattr(discord_locale, "value", discord_locale)
    return DISCORD_LOCALES.get(str(value)) if value else None
