"""The child side of :mod:`tools.sim.remote`: ``python -m tools.sim.remote_child SOCKET FACTORY KWARGS [PATH]``.

Builds the client with ``FACTORY(**KWARGS)`` (``"module:callable"``; PATH,
if given, is put first on ``sys.path`` so the factory may live beside a
test), routes its two REST entry points (``HTTPClient.request`` and the
shared webhook adapter, as ``transport`` does in process) over the socket
to the parent's world, runs its real ``login()`` and then does what the
parent says: feed gateway payloads to discord.py's parsers, report when the
handlers have settled, call one of the client's own
(test-only) methods, close. Errors discord.py or the bot log are sent
back with each settle, so the parent's test fails on them as in process.
"""

from __future__ import annotations

import asyncio
import base64
import importlib
import json
import logging
import sys
from collections.abc import Iterable, Sequence
from typing import Any

import discord
from discord.http import Route

from tools.sim import errors, settle as settling, transport
from tools.sim.remote import LINE_LIMIT


class _Errors(logging.Handler):
    """Error records of ``discord`` and the bot, as text, until the next settle takes them."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.texts: list[str] = []
        self.setFormatter(logging.Formatter("%(name)s: %(message)s"))

    def emit(self, record: logging.LogRecord) -> None:
        self.texts.append(self.format(record))

    def take(self) -> list[str]:
        taken, self.texts = self.texts, []
        return taken


class Link:
    """The socket to the parent: requests out, their responses and the parent's orders in."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader = reader
        self.writer = writer
        self.pending: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self.next_id = 0

    def send(self, message: dict[str, Any]) -> None:
        self.writer.write(json.dumps(message).encode() + b"\n")

    async def request(
        self, route: Route, body: Any, uploads: list[tuple[str, bytes]], params: dict[str, Any] | None
    ) -> Any:
        self.next_id += 1
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self.pending[self.next_id] = future
        self.send(
            {
                "op": "request",
                "id": self.next_id,
                "method": route.method,
                "path": route.path,
                "url": route.url,
                "webhook_token": getattr(route, "webhook_token", None),
                "body": body,
                "params": params,
                "uploads": [(name, base64.b64encode(data).decode()) for name, data in uploads],
            }
        )
        await self.writer.drain()
        reply = await future
        if "unknown" in reply:
            raise errors.UnknownRouteError(reply["unknown"])
        if "error" in reply:
            body = reply["error"]["body"] or {}
            failure = errors.APIError(
                reply["error"]["status"], body.get("code", 0), body.get("message", ""), body.get("errors")
            )
            raise failure.to_discord(route.method, route.url) from None
        return reply.get("result")


def attach(link: Link, client: discord.Client) -> None:
    """Send the client's REST traffic (and interaction responses) to the parent's world."""

    async def request(
        route: Route,
        *,
        files: Sequence[discord.File] | None = None,
        form: Iterable[dict[str, Any]] | None = None,
        **kwargs: Any,
    ) -> Any:
        if form:
            body, uploads = transport.parse_multipart(form, files)
        else:
            body, uploads = kwargs.get("json"), []
        return await link.request(route, body, uploads, kwargs.get("params"))

    async def webhook_request(
        route: Route,
        session: Any = None,
        *,
        payload: dict[str, Any] | None = None,
        multipart: list[dict[str, Any]] | None = None,
        files: Sequence[discord.File] | None = None,
        params: dict[str, Any] | None = None,
        **_: Any,
    ) -> Any:
        if multipart:
            body, uploads = transport.parse_multipart(multipart, files)
        else:
            body, uploads = payload, []
        return await link.request(route, body, uploads, params)

    client.http.request = request  # type: ignore[method-assign]
    transport.default_webhook_adapter().request = webhook_request  # type: ignore[method-assign]


async def serve(socket_path: str, factory: str, kwargs: dict[str, Any]) -> None:
    reader, writer = await asyncio.open_unix_connection(socket_path, limit=LINE_LIMIT)
    link = Link(reader, writer)
    module, _, name = factory.partition(":")
    client: discord.Client = getattr(importlib.import_module(module), name)(**kwargs)
    attach(link, client)
    caught = _Errors()
    for logger in ("discord", "bot", "cogs"):
        logging.getLogger(logger).addHandler(caught)
    stop = asyncio.Event()
    tasks: set[asyncio.Task[Any]] = set()

    async def settle(message_id: int, timeout: float) -> None:
        try:
            await settling.settle([client], timeout)
            found = caught.take()
        except errors.SettleTimeout as exc:
            found = caught.take() + [str(exc)]
        link.send({"op": "answer", "id": message_id, "value": found})

    async def orders() -> None:
        while True:
            line = await reader.readline()
            if not line:
                stop.set()
                return
            message = json.loads(line)
            op = message["op"]
            if op == "response":
                future = link.pending.pop(message["id"], None)
                if future is not None and not future.done():
                    future.set_result(message)
            elif op == "parse":
                getattr(client._connection, message["name"])(message["data"])
            elif op == "settle":
                task = asyncio.ensure_future(settle(message["id"], message["timeout"]))
                tasks.add(task)
                task.add_done_callback(tasks.discard)
            elif op == "call":  # a test-only hook the client offers (e.g. to crash at a chosen point)
                value = getattr(client, message["name"])(*message.get("args", []))
                link.send({"op": "answer", "id": message["id"], "value": value})
            elif op == "close":
                stop.set()
                return

    listening = asyncio.ensure_future(orders())
    try:
        await client.login("sim-token")
        link.send({"op": "ready", "intents": client.intents.value})
        await stop.wait()
    finally:
        await client.close()
        listening.cancel()
        writer.close()


def main(argv: list[str]) -> int:
    if len(argv) > 3:
        sys.path.insert(0, argv[3])
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr)
    asyncio.run(serve(argv[0], argv[1], json.loads(argv[2])))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
