"""Errors the stand-in produces, shaped exactly like the real API's.

Bot code must handle failures the way it would in production, so an API error
is turned into the very exception discord.py raises for a real HTTP response
(``discord.Forbidden`` for 403, ``discord.NotFound`` for 404, ...), carrying the
real JSON error code. Two errors are about the stand-in itself and are never
disguised as API errors: a route it does not serve, and a handler exception
discord.py swallowed into its log.
"""

from __future__ import annotations

from http import HTTPStatus
from typing import Any

import discord


class UnknownRouteError(RuntimeError):
    """The bot called an endpoint the stand-in does not serve.

    Raised at the call site and again from ``FakeDiscord.settle()``, so a bot
    that swallows exceptions cannot hide it.
    """


class HandlerError(AssertionError):
    """discord.py logged an exception from a command, view, modal or event handler."""


class UnfinishedError(AssertionError):
    """A test ended with an interaction unanswered, a "thinking" defer never completed, or a
    request Discord would have accepted but silently not honoured."""


class SettleTimeout(AssertionError):
    """Handler tasks were still running when the safety timeout expired."""


class _FakeResponse:
    """The attributes of ``aiohttp.ClientResponse`` that ``discord.HTTPException`` reads."""

    def __init__(self, status: int, method: str, url: str) -> None:
        self.status = status
        self.reason = HTTPStatus(status).phrase
        self.method = method
        self.url = url
        self.headers: dict[str, str] = {}

    def __repr__(self) -> str:
        return f"<FakeResponse {self.status} {self.method} {self.url}>"


class APIError(Exception):
    """An error response: HTTP status, Discord JSON error code and message."""

    def __init__(self, status: int, code: int, message: str, errors: dict[str, Any] | None = None) -> None:
        super().__init__(f"{status} {code} {message}")
        self.status = status
        self.code = code
        self.message = message
        self.errors = errors

    def body(self) -> dict[str, Any]:
        body: dict[str, Any] = {"message": self.message, "code": self.code}
        if self.errors:
            body["errors"] = self.errors
        return body

    def to_discord(self, method: str, url: str) -> discord.HTTPException:
        """The exception discord.py raises when it receives this response."""
        response = _FakeResponse(self.status, method, url)
        if self.status == 403:
            cls: type[discord.HTTPException] = discord.Forbidden
        elif self.status == 404:
            cls = discord.NotFound
        elif self.status >= 500:
            cls = discord.DiscordServerError
        else:
            cls = discord.HTTPException
        return cls(response, self.body())  # type: ignore[arg-type]


def form_error(path: str, code: str, message: str) -> APIError:
    """400 Invalid Form Body with one nested field error, as Discord reports it (e.g. ``embeds.0.title``)."""
    errors: dict[str, Any] = {"_errors": [{"code": code, "message": message}]}
    for key in reversed(path.split(".")):
        errors = {key: errors}
    return APIError(400, 50035, "Invalid Form Body", errors)


# The JSON error codes the bot is most likely to meet.
def unknown_channel() -> APIError:
    return APIError(404, 10003, "Unknown Channel")


def unknown_message() -> APIError:
    return APIError(404, 10008, "Unknown Message")


def unknown_user() -> APIError:
    return APIError(404, 10013, "Unknown User")


def unknown_member() -> APIError:
    return APIError(404, 10007, "Unknown Member")


def unknown_guild() -> APIError:
    return APIError(404, 10004, "Unknown Guild")


def unknown_webhook() -> APIError:
    return APIError(404, 10015, "Unknown Webhook")


def invalid_webhook_token() -> APIError:
    """An interaction's token used after its 15 minutes (or never issued): 401, an invalid request."""
    return APIError(401, 50027, "Invalid Webhook Token")


def unknown_interaction() -> APIError:
    return APIError(404, 10062, "Unknown interaction")


def unknown_command() -> APIError:
    return APIError(404, 10063, "Unknown application command")


def already_acknowledged() -> APIError:
    return APIError(400, 40060, "Interaction has already been acknowledged.")


def cannot_dm() -> APIError:
    return APIError(403, 50007, "Cannot send messages to this user")


def missing_access() -> APIError:
    return APIError(403, 50001, "Missing Access")


def missing_permissions() -> APIError:
    return APIError(403, 50013, "Missing Permissions")


def not_author() -> APIError:
    return APIError(403, 50005, "Cannot edit a message authored by another user")


def empty_message() -> APIError:
    return APIError(400, 50006, "Cannot send an empty message")
