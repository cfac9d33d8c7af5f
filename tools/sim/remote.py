"""A bot in a child process, served by a FakeDiscord in this one: for tests that kill the bot for real.

The stand-in for Discord must outlive the bot it serves, as Discord outlives
a crashed bot process: the messages it posted, the interactions waiting for
an answer and the registered commands stay where they are. So the world
lives here and the bot runs in ``python -m tools.sim.remote_child``, linked by
one Unix socket carrying one JSON object per line:

* child to parent: every REST request the bot makes (``request``), the
  answer to ``settle``, and ``ready`` once ``login()`` (and so
  ``setup_hook``) is done;
* parent to child: the response to each request, gateway payloads
  (``parse``: discord.py's own parsers run in the child), ``settle``,
  ``call`` (a test-only method of the client) and ``close``.

Inside the child everything above ``HTTPClient.request`` and the webhook
adapter is discord.py's real code, exactly as in process (see
``transport``). Here a :class:`RemoteBot` stands in the world's client list,
so ``world.click(remote, ...)``, ``seat.play`` and the rest work unchanged.

A crash is a ``kill_switch``: it sees each request as it arrives, before
the world serves it, and may answer ``"before"`` (SIGKILL now: Discord never
got it) or ``"after"`` (serve it, then SIGKILL before the bot hears back).
Requests are the only points where the bot's work becomes visible to
anyone, so killing at them reaches every window between a commit and what
it shows, with no timing involved.
"""

from __future__ import annotations

import asyncio
import base64
import json
import logging
import os
import shutil
import signal
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

import discord

from tools.sim.errors import UnknownRouteError
from tools.sim.rest import RestServer
from tools.sim.world import FakeDiscord

#: The folder holding the ``bot`` package this module belongs to.
PACKAGE_ROOT = Path(__file__).resolve().parents[2]
#: Generous: a child that has not logged in or settled by then is stuck, not slow.
STARTUP_TIMEOUT = 120.0
#: Gateway and request lines can carry whole messages; the default 64 KiB line limit is too small.
LINE_LIMIT = 1 << 26

KillWhen = Literal["before", "after"]


class ChildDied(RuntimeError):
    """The bot process is gone (killed by the switch, or crashed) while the parent waited for it."""


@dataclass(frozen=True)
class WireRoute:
    """What ``RestServer.serve`` reads of a ``discord.http.Route``, rebuilt from the child's request."""

    method: str
    path: str
    url: str
    webhook_token: str | None


class _RemoteConnection:
    """Forwards the world's calls to discord.py's gateway parsers (``parse_*``) to the child."""

    def __init__(self, remote: RemoteBot) -> None:
        self._remote = remote

    def __getattr__(self, name: str) -> Callable[[dict[str, Any]], None]:
        if not name.startswith("parse_"):
            raise AttributeError(name)
        return lambda data: self._remote._send({"op": "parse", "name": name, "data": data})


class RemoteBot:
    """The parent's handle on one bot process, standing in the world's client list.

    Its requests are answered by the world's REST side (``server``), exactly as an in-process bot's.
    """

    def __init__(
        self, server: RestServer, factory: str, kwargs: dict[str, Any], *, import_path: str | None = None
    ) -> None:
        self.server = server
        self.factory = factory
        self.kwargs = kwargs
        self.import_path = import_path
        self._connection = _RemoteConnection(self)
        self.intents = discord.Intents.none()
        #: Decides, per request as it arrives, whether the process dies before or after it is served.
        self.kill_switch: Callable[[WireRoute, Any], KillWhen | None] | None = None
        #: The request the switch killed at, and when: ``(route, body, "before" | "after")``.
        self.killed_at: tuple[WireRoute, Any, KillWhen] | None = None
        self.requests_seen = 0
        #: When the parent learnt the process was gone (``time.monotonic()``), once it is.
        self.died_at: float | None = None
        self._proc: asyncio.subprocess.Process | None = None
        self._writer: asyncio.StreamWriter | None = None
        self._waiting: dict[int, asyncio.Future[Any]] = {}
        self._next = 0
        self._ready: asyncio.Future[dict[str, Any]] | None = None
        self._dead = False
        self._tasks: set[asyncio.Task[Any]] = set()
        self._dir = tempfile.mkdtemp(prefix="mk-remote-")
        self.log_path = Path(self._dir) / "child.log"

    # -- life -------------------------------------------------------------------------
    async def start(self) -> None:
        loop = asyncio.get_running_loop()
        self._ready = loop.create_future()
        sock = os.path.join(self._dir, "s")
        connected: asyncio.Future[None] = loop.create_future()

        async def accept(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            self._writer = writer
            connected.set_result(None)
            await self._read(reader)

        server = await asyncio.start_unix_server(accept, sock, limit=LINE_LIMIT)
        try:
            argv = [sys.executable, "-m", "tools.sim.remote_child", sock, self.factory, json.dumps(self.kwargs)]
            if self.import_path:
                argv.append(self.import_path)
            env = dict(os.environ)  # the child imports the same ``bot`` package as this process
            env["PYTHONPATH"] = os.pathsep.join(p for p in (str(PACKAGE_ROOT), env.get("PYTHONPATH", "")) if p)
            with open(self.log_path, "ab") as log:
                self._proc = await asyncio.create_subprocess_exec(
                    *argv, stdout=log, stderr=log, env=env, stdin=asyncio.subprocess.DEVNULL
                )
            waiter = asyncio.ensure_future(self._proc.wait())
            done, _ = await asyncio.wait(
                {self._ready, waiter}, timeout=STARTUP_TIMEOUT, return_when=asyncio.FIRST_COMPLETED
            )
            if self._ready not in done:
                waiter.cancel()
                await self.kill()
                raise ChildDied(f"the bot process did not log in (exit {self._proc.returncode}):\n{self.log_tail()}")
            waiter.cancel()
            ready = self._ready.result()
            self.intents = discord.Intents._from_value(ready["intents"])
        finally:
            server.close()

    def is_closed(self) -> bool:
        return self._dead

    @property
    def pid(self) -> int | None:
        return None if self._proc is None else self._proc.pid

    async def kill(self) -> None:
        """SIGKILL the process now (idempotent) and wait until it is gone."""
        self._die("killed by the test")
        if self._proc is not None and self._proc.returncode is None:
            try:
                self._proc.kill()
            except ProcessLookupError:
                pass
            await self._proc.wait()
        for task in list(self._tasks):
            task.cancel()
        if self._writer is not None:
            self._writer.close()
            self._writer = None

    async def close(self) -> None:
        """Ask the bot to close (``client.close()``) and exit; kill it if it does not within the timeout.

        Also removes the socket and the child's log (read ``log_tail()`` before closing)."""
        if not self._dead and self._proc is not None:
            self._send({"op": "close"})
            try:
                await asyncio.wait_for(self._proc.wait(), STARTUP_TIMEOUT)
            except TimeoutError:
                pass
        await self.kill()
        shutil.rmtree(self._dir, ignore_errors=True)

    def log_tail(self, lines: int = 40) -> str:
        try:
            return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return ""

    # -- asking the child -------------------------------------------------------------
    async def settle(self, timeout: float) -> list[str]:
        """Wait until the bot's handler tasks are done (see ``tools.sim.settle``); returns the errors it logged."""
        return await self._ask({"op": "settle", "timeout": timeout})

    async def call(self, name: str, *args: Any) -> Any:
        """Call ``client.<name>(*args)`` in the child (a plain method taking and returning JSON values)."""
        return await self._ask({"op": "call", "name": name, "args": list(args)})

    async def _ask(self, message: dict[str, Any]) -> Any:
        if self._dead:
            raise ChildDied("the bot process is gone")
        self._next += 1
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._waiting[self._next] = future
        self._send(dict(message, id=self._next))
        return await future

    def _send(self, message: dict[str, Any]) -> None:
        if self._dead or self._writer is None:
            return
        self._writer.write(json.dumps(message).encode() + b"\n")

    def _die(self, why: str) -> None:
        if self._dead:
            return
        self._dead = True
        self.died_at = time.monotonic()
        failure = ChildDied(f"the bot process is gone ({why})")
        for future in self._waiting.values():
            if not future.done():
                future.set_exception(failure)
        self._waiting.clear()
        if self._ready is not None and not self._ready.done():
            self._ready.set_exception(failure)

    # -- the child's messages ------------------------------------------------------------
    async def _read(self, reader: asyncio.StreamReader) -> None:
        while not self._dead:
            try:
                line = await reader.readline()
            except OSError as exc:  # a killed process may reset the socket rather than close it
                line = b""
                why = f"its end of the socket failed: {exc!r}"
            else:
                why = "its end of the socket closed"
            if not line:
                self._die(why)
                return
            message = json.loads(line)
            op = message["op"]
            if op == "request":
                self._on_request(message)
            elif op == "ready" and self._ready is not None and not self._ready.done():
                self._ready.set_result(message)
            elif op == "answer":
                future = self._waiting.pop(message["id"], None)
                if future is not None and not future.done():
                    future.set_result(message.get("value"))

    def _on_request(self, message: dict[str, Any]) -> None:
        route = WireRoute(message["method"], message["path"], message["url"], message.get("webhook_token"))
        self.requests_seen += 1
        when = self.kill_switch(route, message.get("body")) if self.kill_switch is not None else None
        if when == "before":
            self._crash(route, message.get("body"), when)
            return
        task = asyncio.ensure_future(self._serve(route, message, when))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _serve(self, route: WireRoute, message: dict[str, Any], when: KillWhen | None) -> None:
        uploads = [(name, base64.b64decode(data)) for name, data in message.get("uploads") or []]
        reply: dict[str, Any] = {"op": "response", "id": message["id"]}
        server = self.server
        try:
            reply["result"] = await server.serve(
                route,
                message.get("body"),
                uploads,  # type: ignore[arg-type]
                message.get("params"),
            )
        except UnknownRouteError as exc:
            reply["unknown"] = str(exc)
        except discord.HTTPException:
            # ``serve`` recorded the request and its error body; no await came between that and the raise.
            record = server.log.requests[-1]
            reply["error"] = {"status": record.status, "body": record.response}
        if when == "after":
            self._crash(route, message.get("body"), when)
            return
        self._send(reply)

    def _crash(self, route: WireRoute, body: Any, when: KillWhen) -> None:
        self.killed_at = (route, body, when)
        if self._proc is not None and self._proc.returncode is None:
            os.kill(self._proc.pid, signal.SIGKILL)
        self._die(f"SIGKILL {when} {route.method} {route.path}")


class SharedDiscord(FakeDiscord):
    """A FakeDiscord whose bots may run in child processes (``spawn``), each killable mid-request.

    A child bot stands in the gateway's client list like an in-process one; the world's
    ``settle`` also waits for each child to settle and counts the errors it logged.
    """

    async def spawn(self, factory: str, kwargs: dict[str, Any], *, import_path: str | None = None) -> RemoteBot:
        """Start ``factory(**kwargs)`` (``"module:callable"`` returning a ``discord.Client``) in a child process.

        As ``connect`` does in process: its real ``login()`` runs (so ``setup_hook``, the restart's
        reload and the command sync), then every guild arrives as GUILD_CREATE.
        """
        remote = RemoteBot(self.rest, factory, kwargs, import_path=import_path)
        self.gateway.attach(remote)  # type: ignore[arg-type]
        await remote.start()
        self.gateway.guilds_available(remote, self.directory.guilds.values())  # type: ignore[arg-type]
        return remote

    async def settle(self, timeout: float | None = None, *, strict: bool | None = None) -> None:
        """Also wait for every live child bot; the errors it logged count as this world's handler errors."""
        limit = self.settler.timeout if timeout is None else timeout
        for client in self.gateway.live():
            if isinstance(client, RemoteBot):
                for text in await client.settle(limit):
                    record = logging.makeLogRecord(
                        {"msg": text, "levelno": logging.ERROR, "levelname": "ERROR", "name": "remote-bot"}
                    )
                    self.settler.note_error(record)
        await super().settle(timeout, strict=strict)

    def close(self) -> None:
        """Forget the child bots (they have no HTTP client here to give back), then close as usual."""
        for client in [c for c in self.gateway.clients if isinstance(c, RemoteBot)]:
            self.gateway.detach(client)  # type: ignore[arg-type]
        super().close()
