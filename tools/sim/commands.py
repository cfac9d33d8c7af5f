"""Building slash-command interaction data the way a Discord client would.

A player can only invoke a command Discord knows, with the options its schema
declares, values of the declared type, within the declared choices and
ranges, in a context (guild or DM) the command allows, and only if they hold
its default member permissions. The stand-in builds ``data`` from the
registered schema (what the bot synced) or, if nothing was synced, from the
bot's current command tree, and refuses anything a real client could not
send, unless the test forges it on purpose.

The registry of synced commands (:class:`CommandRegistry`) lives here too:
it is where those schemas come from. Ids given for user, role and channel
options are resolved by a :class:`Resolver`, the world's directory.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

import discord

# Application command option types.
SUB_COMMAND, SUB_COMMAND_GROUP = 1, 2
STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER, ATTACHMENT = 3, 4, 5, 6, 7, 8, 9, 10, 11


@dataclass
class Resolved:
    """The ``resolved`` map of an interaction: full objects for snowflake options."""

    users: dict[str, Any] = field(default_factory=dict)
    members: dict[str, Any] = field(default_factory=dict)
    roles: dict[str, Any] = field(default_factory=dict)
    channels: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            k: v
            for k, v in (
                ("users", self.users),
                ("members", self.members),
                ("roles", self.roles),
                ("channels", self.channels),
            )
            if v
        }


class Resolver(Protocol):
    """Turns an id given for a snowflake option into resolved JSON (``tools.sim.directory.Directory`` does)."""

    def resolve_user(self, value: Any, guild_id: int | None, resolved: Resolved) -> str: ...

    def resolve_role(self, value: Any, guild_id: int | None, resolved: Resolved) -> str: ...

    def resolve_channel(
        self, value: Any, guild_id: int | None, resolved: Resolved, channel_types: list[int] | None
    ) -> str: ...


class CommandRegistry:
    """The application commands Discord knows for this application: what the bot registered (synced).

    The REST side writes it (``tools.sim.api_app``); a player's slash command is
    checked against it, or against the bot's own tree if it never synced.
    """

    def __init__(self, snowflake: Callable[[], int]) -> None:
        self._snowflake = snowflake
        #: Commands the bot registered: ``{None: global, guild_id: guild}``, each ``{command_id: json}``.
        self.registered: dict[int | None, dict[str, dict[str, Any]]] = {}
        self._local_ids: dict[tuple[str, int | None], int] = {}

    def schema_for(self, client: discord.Client, name: str, guild_id: int | None) -> tuple[dict[str, Any] | None, bool]:
        """The chat command ``name`` a player in ``guild_id`` can invoke: ``(schema, is_guild_command)``.

        Once the bot has synced anything, only what it synced exists, as on Discord;
        before that, its local command tree stands in.
        """
        if self.registered:
            if guild_id is not None:
                for cmd in self.registered.get(guild_id, {}).values():
                    if cmd["name"] == name and cmd.get("type", 1) == 1:
                        return cmd, True
            for cmd in self.registered.get(None, {}).values():
                if cmd["name"] == name and cmd.get("type", 1) == 1:
                    return cmd, False
            return None, False
        return schema_from_tree(client, name, guild_id)

    def local_id(self, name: str, guild_id: int | None) -> int:
        """A stable id for a command the bot never synced (an interaction must carry one)."""
        key = (name, guild_id)
        if key not in self._local_ids:
            self._local_ids[key] = self._snowflake()
        return self._local_ids[key]


def schema_from_tree(client: discord.Client, name: str, guild_id: int | None) -> tuple[dict[str, Any] | None, bool]:
    """The command's JSON as discord.py would sync it, from the bot's local tree.

    Returns ``(schema, is_guild_command)``; schema is None if the tree has no such command.
    """
    tree = getattr(client, "tree", None) or client._connection._command_tree
    if tree is None:
        return None, False
    if guild_id is not None:
        cmd = tree.get_command(name, guild=discord.Object(guild_id))
        if cmd is not None:
            return cmd.to_dict(tree), True
    cmd = tree.get_command(name)
    return (cmd.to_dict(tree), False) if cmd is not None else (None, False)


def _infer_type(value: Any) -> int:
    if isinstance(value, bool):
        return BOOLEAN
    if isinstance(value, int):
        return INTEGER
    if isinstance(value, float):
        return NUMBER
    if isinstance(value, str):
        return STRING
    return USER


def _check_range(opt: Mapping[str, Any], value: Any, path: str) -> None:
    if "choices" in opt and opt["choices"]:
        allowed = [c["value"] for c in opt["choices"]]
        assert value in allowed, f"{path}: {value!r} is not one of the choices {allowed}"
    lo = opt.get("min_value")
    hi = opt.get("max_value")
    if lo is not None:
        assert value >= lo, f"{path}: {value!r} is below min_value {lo}"
    if hi is not None:
        assert value <= hi, f"{path}: {value!r} is above max_value {hi}"


def _convert(
    opt: Mapping[str, Any],
    value: Any,
    path: str,
    resolver: Resolver,
    guild_id: int | None,
    resolved: Resolved,
    forge: bool,
) -> Any:
    """One option's wire value, checked against its schema like a Discord client would."""
    otype = opt["type"]
    if otype == STRING:
        assert forge or isinstance(value, str), f"{path}: expected a string, got {value!r}"
        value = str(value)
        if not forge:
            lo, hi = opt.get("min_length"), opt.get("max_length", 6000)
            assert lo is None or len(value) >= lo, f"{path}: shorter than min_length {lo}"
            assert hi is None or len(value) <= hi, f"{path}: longer than max_length {hi}"
            _check_range({"choices": opt.get("choices")}, value, path)
        return value
    if otype == INTEGER:
        assert forge or (isinstance(value, int) and not isinstance(value, bool)), (
            f"{path}: expected an integer, got {value!r}"
        )
        if not forge:
            _check_range(opt, value, path)
        return value
    if otype == NUMBER:
        assert forge or (isinstance(value, (int, float)) and not isinstance(value, bool)), f"{path}: expected a number"
        if not forge:
            _check_range(opt, value, path)
        return value
    if otype == BOOLEAN:
        assert forge or isinstance(value, bool), f"{path}: expected a boolean, got {value!r}"
        return value
    if otype == USER:
        return resolver.resolve_user(value, guild_id, resolved)
    if otype == ROLE:
        return resolver.resolve_role(value, guild_id, resolved)
    if otype == CHANNEL:
        return resolver.resolve_channel(value, guild_id, resolved, None if forge else opt.get("channel_types"))
    if otype == MENTIONABLE:
        try:
            return resolver.resolve_user(value, guild_id, resolved)
        except AssertionError:
            return resolver.resolve_role(value, guild_id, resolved)
    raise NotImplementedError(f"{path}: option type {otype} (attachments) is not simulated")


def build_command_data(
    schema: Mapping[str, Any] | None,
    name: str,
    subcommand: str | None,
    options: Mapping[str, Any] | None,
    *,
    resolver: Resolver,
    guild_id: int | None,
    forge: bool = False,
) -> tuple[list[dict[str, Any]], Resolved]:
    """The ``options`` list (nested for subcommands) and ``resolved`` map for one invocation.

    ``subcommand`` is ``"new"`` or, for nested groups, ``"game new"``.
    """
    resolved = Resolved()
    given = dict(options or {})
    path = [name]
    node_opts: list[Mapping[str, Any]] = list((schema or {}).get("options") or [])
    chain: list[tuple[str, int]] = []
    for part in subcommand.split() if subcommand else []:
        path.append(part)
        match = next(
            (o for o in node_opts if o.get("name") == part and o.get("type") in (SUB_COMMAND, SUB_COMMAND_GROUP)), None
        )
        if match is None:
            assert forge, f"/{' '.join(path)}: no such subcommand (has {[o.get('name') for o in node_opts]})"
            chain.append((part, SUB_COMMAND))
            node_opts = []
            continue
        chain.append((part, match["type"]))
        node_opts = list(match.get("options") or [])
    if not forge:
        assert not chain or chain[-1][1] == SUB_COMMAND, f"/{' '.join(path)} is a group: name a subcommand"
        subs = [o["name"] for o in node_opts if o.get("type") in (SUB_COMMAND, SUB_COMMAND_GROUP)]
        assert not subs, f"/{' '.join(path)} needs a subcommand, one of {subs}"

    leaf: list[dict[str, Any]] = []
    by_name = {o["name"]: o for o in node_opts}
    for opt in node_opts:  # schema order, as clients send them
        if opt["name"] in given:
            value = _convert(
                opt, given.pop(opt["name"]), f"/{' '.join(path)} {opt['name']}", resolver, guild_id, resolved, forge
            )
            leaf.append({"name": opt["name"], "type": opt["type"], "value": value})
        elif opt.get("required") and not forge:
            raise AssertionError(f"/{' '.join(path)}: required option {opt['name']!r} missing")
    for extra, value in given.items():
        assert forge, f"/{' '.join(path)}: unknown option {extra!r} (has {list(by_name)})"
        otype = _infer_type(value)
        fake_opt = {"name": extra, "type": otype}
        leaf.append(
            {
                "name": extra,
                "type": otype,
                "value": _convert(fake_opt, value, extra, resolver, guild_id, resolved, True),
            }
        )

    result: list[dict[str, Any]] = leaf
    for part, ptype in reversed(chain):
        result = [{"name": part, "type": ptype, "options": result}]
    return result, resolved


def can_see_command(schema: Mapping[str, Any], *, in_guild: bool, permissions: int) -> str | None:
    """Why a player could not invoke this command, or None if they can."""
    contexts = schema.get("contexts")
    if in_guild:
        if contexts is not None and 0 not in contexts:
            return "command is not available in guilds"
        required = schema.get("default_member_permissions")
        if required is not None:
            required = int(required)
            admin = discord.Permissions(permissions).administrator
            # "0" hides the command from everyone but administrators.
            if not admin and (required == 0 or (permissions & required) != required):
                return f"member lacks default_member_permissions {required}"
    else:
        if contexts is not None and 1 not in contexts:
            return "command is not available in DMs"
        if contexts is None and schema.get("dm_permission") is False:
            return "command is guild only"
    return None
