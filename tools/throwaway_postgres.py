"""A throwaway PostgreSQL server for the tests and the benchmark: its own cluster, on a unix socket, then gone.

Why it is done this way:
* A real server, not a mock: the store's SQL, its trigger and its errors are PostgreSQL's own.
* Its own cluster in a temporary folder, listening on a unix socket only (no TCP port to collide
  with anything, no password): ``initdb``, then ``pg_ctl start``, then ``pg_ctl stop`` and the
  folder removed.
* ``initdb`` refuses to run as root, so as root the cluster is made and run by the ``postgres``
  user that Debian's ``postgresql-15`` package creates.
* Tests want speed, not durability (``fsync=off``); the benchmark asks for ``durable=True`` to
  measure what a real server does on each commit.

    server = ThrowawayPostgres.start()
    url = server.url()                      # postgresql://postgres@/postgres?host=/tmp/...
    ...
    server.stop()
"""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

#: The server's superuser, and the system user that runs the server when we are root.
SUPERUSER = "postgres"


class PostgresMissing(RuntimeError):
    """No PostgreSQL server programs on this machine (``apt-get install postgresql-15``)."""


def server_programs() -> Path:
    """The folder holding ``initdb``, ``pg_ctl`` and ``postgres``: the newest under /usr/lib/postgresql, else PATH."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"), key=lambda p: int(Path(p).parts[4]))
    if found:
        return Path(found[-1]).parent
    on_path = shutil.which("pg_ctl")
    if on_path:
        return Path(on_path).resolve().parent
    raise PostgresMissing("PostgreSQL's server programs are not installed (apt-get install postgresql-15)")


def available() -> bool:
    try:
        server_programs()
    except PostgresMissing:
        return False
    return True


@dataclass
class ThrowawayPostgres:
    """One running cluster: its folder (data, socket, log) and the programs that run it."""

    folder: Path
    programs: Path
    _options: str = ""

    @property
    def data(self) -> Path:
        return self.folder / "data"

    @property
    def socket_folder(self) -> Path:
        return self.folder / "socket"

    @property
    def log(self) -> Path:
        return self.folder / "server.log"

    def url(self, database: str = "postgres", **settings: str) -> str:
        """A ``postgresql://`` URL for ``database`` on this server; ``settings`` become server settings of each
        connection (``search_path="t1"`` gives a test its own schema)."""
        query = "&".join(
            f"{key}={quote(value)}" for key, value in {"host": str(self.socket_folder), **settings}.items()
        )
        return f"postgresql://{SUPERUSER}@/{database}?{query}"

    @classmethod
    def start(cls, *, durable: bool = False, max_connections: int = 100) -> ThrowawayPostgres:
        """A new cluster, started and ready for connections. ``durable``: sync each commit to disk, as in production."""
        programs = server_programs()
        folder = Path(tempfile.mkdtemp(prefix="meja-pg-"))
        server = cls(folder, programs)
        try:
            folder.chmod(0o755)  # the server's user must reach its data and socket inside
            server.socket_folder.mkdir()
            server.data.mkdir(mode=0o700)
            server.log.touch()
            if os.geteuid() == 0:
                for path in (server.socket_folder, server.data, server.log):
                    shutil.chown(path, SUPERUSER, SUPERUSER)
            server._run(
                "initdb",
                "-D",
                str(server.data),
                "-U",
                SUPERUSER,
                "-A",
                "trust",
                "-E",
                "UTF8",
                "--locale=C",
                "--no-sync",
            )
            settings = {
                "listen_addresses": "''",
                "unix_socket_directories": f"'{server.socket_folder}'",
                "max_connections": str(max_connections),
            }
            if not durable:
                settings |= {"fsync": "off", "synchronous_commit": "off", "full_page_writes": "off"}
            server._options = " ".join(f"-c {key}={value}" for key, value in settings.items())
            server.start_server()
        except BaseException:
            server.stop()
            raise
        return server

    def start_server(self) -> None:
        """Start the server on its cluster (again, after :meth:`stop_server`), and wait until it takes connections."""
        self._run("pg_ctl", "-D", str(self.data), "-l", str(self.log), "-o", self._options, "-w", "start")

    def stop_server(self) -> None:
        """Stop the server, keeping its data (an outage): every connection to it is cut at once."""
        self._run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "stop")

    def stop(self) -> None:
        """Stop the server at once (nothing in it is kept) and remove its folder."""
        if (self.data / "postmaster.pid").exists():
            try:
                self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
            except subprocess.CalledProcessError:
                pass  # already gone: the folder goes all the same
        shutil.rmtree(self.folder, ignore_errors=True)

    def _run(self, program: str, *args: str) -> None:
        command = [str(self.programs / program), *args]
        if os.geteuid() == 0:
            command = ["runuser", "-u", SUPERUSER, "--", *command]
        done = subprocess.run(command, capture_output=True, text=True, cwd=self.folder)
        if done.returncode != 0:
            log = self.log.read_text(errors="replace")[-2000:] if self.log.exists() else ""
            raise subprocess.CalledProcessError(done.returncode, command, done.stdout, done.stderr + log)


__all__ = ["PostgresMissing", "ThrowawayPostgres", "available", "server_programs"]
