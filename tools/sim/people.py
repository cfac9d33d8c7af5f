"""What people do in the simulated world: type slash commands, click, pick, submit modals, post, delete.

Each action is checked the way a Discord client would check it (a player can
only press a button that is on a message they can see, pick an option the
select offers, invoke a command they may see, with options its schema
allows) unless the test forges it on purpose. It then becomes the
INTERACTION_CREATE or MESSAGE_CREATE payload Discord would send, which the
gateway hands to the bot, and by default the world settles before the
action returns.
"""

from __future__ import annotations

import secrets
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

import discord

from tools.sim import api, components as comp
from tools.sim.commands import CommandRegistry, Resolved, build_command_data, can_see_command
from tools.sim.directory import Directory
from tools.sim.gateway import Gateway
from tools.sim.ids import to_id
from tools.sim.log import Log, now
from tools.sim.models import FakeMessage, InteractionRecord

#: What interactions tell the bot it may upload (Discord's default for a server without boosts).
ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024


class People:
    """The players (and moderators) of one world, acting on what the bot showed them."""

    def __init__(
        self,
        directory: Directory,
        log: Log,
        commands: CommandRegistry,
        gateway: Gateway,
        settle: Callable[[], Awaitable[None]],
    ) -> None:
        self._directory = directory
        self._log = log
        self._commands = commands
        self._gateway = gateway
        #: Waits until the bot has reacted (the world's ``settle``, which a subclass may extend).
        self._settle = settle

    # -- what players do -----------------------------------------------------------
    async def slash(
        self,
        client: discord.Client,
        user_id: int,
        channel_id: int | None,
        command: str,
        subcommand: str | None = None,
        options: Mapping[str, Any] | None = None,
        *,
        forge: bool = False,
        wait: bool = True,
    ) -> InteractionRecord:
        """``/command subcommand option:value`` typed by ``user_id`` in ``channel_id`` (None: their DM with the bot).

        The command's schema is the one the bot registered (synced) or, if it
        never synced, its current command tree. Unknown commands, options,
        wrong types, values outside choices/ranges, missing required options,
        and commands the user may not see raise AssertionError unless ``forge``.
        """
        self._gateway.check(client)
        payload, record = self._interaction_payload(2, user_id, channel_id)
        guild_id = record.guild_id
        schema, guild_cmd = self._commands.schema_for(client, command, guild_id)
        if schema is None:
            assert forge, f"/{command} is not a registered command (nor in the bot's tree)"
            schema, guild_cmd = {"name": command, "type": 1, "options": []}, False
        elif not forge:
            perms = self._directory.member_permissions(guild_id, user_id) if guild_id is not None else 0
            reason = can_see_command(schema, in_guild=guild_id is not None, permissions=perms)
            assert reason is None, f"user {user_id} cannot use /{command}: {reason}"
        opts, resolved = build_command_data(
            schema, command, subcommand, options, resolver=self._directory, guild_id=guild_id, forge=forge
        )
        command_id = schema.get("id") or self._commands.local_id(command, guild_id if guild_cmd else None)
        data: dict[str, Any] = {"id": str(command_id), "name": command, "type": 1, "options": opts}
        if guild_cmd:
            data["guild_id"] = str(guild_id)
        if resolved.to_json():
            data["resolved"] = resolved.to_json()
        payload["data"] = data
        record.name = f"{command} {subcommand}" if subcommand else command
        return await self._deliver(client, payload, record, wait)

    async def click(
        self,
        client: discord.Client,
        user_id: int,
        message: FakeMessage | int,
        custom_id: str,
        *,
        forge: bool = False,
        wait: bool = True,
    ) -> InteractionRecord:
        """``user_id`` presses the button ``custom_id`` on ``message`` (AssertionError if absent or disabled)."""
        self._gateway.check(client)
        msg, found = self._component_target(user_id, message, custom_id, frozenset({comp.BUTTON}), forge)
        payload, record = self._component_payload(user_id, msg, custom_id, comp.BUTTON, found)
        return await self._deliver(client, payload, record, wait)

    async def select(
        self,
        client: discord.Client,
        user_id: int,
        message: FakeMessage | int,
        custom_id: str,
        values: list[Any],
        *,
        forge: bool = False,
        wait: bool = True,
    ) -> InteractionRecord:
        """``user_id`` picks ``values`` in the select ``custom_id`` (string, user, role, channel or mentionable)."""
        self._gateway.check(client)
        msg, found = self._component_target(user_id, message, custom_id, comp.SELECT_TYPES, forge)
        ctype = found["type"] if found is not None else comp.STRING_SELECT
        resolved = Resolved()
        if ctype == comp.STRING_SELECT:
            wire = [str(v) for v in values]
            if not forge and found is not None:
                allowed = [o["value"] for o in found.get("options", [])]
                for v in wire:
                    assert v in allowed, f"{v!r} is not an option of {custom_id!r} ({allowed})"
        else:
            guild_id = msg.guild_id
            directory = self._directory
            resolve = {
                comp.USER_SELECT: directory.resolve_user,
                comp.ROLE_SELECT: directory.resolve_role,
                comp.MENTIONABLE_SELECT: directory.resolve_user,
            }.get(ctype)
            if ctype == comp.CHANNEL_SELECT:
                wire = [
                    directory.resolve_channel(v, guild_id, resolved, found.get("channel_types") if found else None)
                    for v in values
                ]
            else:
                wire = [resolve(v, guild_id, resolved) for v in values]  # type: ignore[misc]
        if not forge and found is not None:
            lo, hi = int(found.get("min_values", 1)), int(found.get("max_values", 1))
            assert lo <= len(wire) <= hi, f"{custom_id!r} takes {lo}..{hi} values, got {len(wire)}"
        payload, record = self._component_payload(user_id, msg, custom_id, ctype, found)
        payload["data"]["values"] = wire
        if resolved.to_json():
            payload["data"]["resolved"] = resolved.to_json()
        return await self._deliver(client, payload, record, wait)

    async def submit_modal(
        self,
        client: discord.Client,
        user_id: int,
        opened_by: InteractionRecord,
        values: Mapping[str, str | list[str]],
        *,
        forge: bool = False,
        wait: bool = True,
    ) -> InteractionRecord:
        """Submit the modal the bot opened in answer to ``opened_by``; ``values`` maps text input custom_id to text."""
        self._gateway.check(client)
        modal = opened_by.modal
        assert modal is not None or forge, f"{opened_by!r} did not open a modal"
        assert forge or user_id == opened_by.user_id, "only the user who opened a modal can submit it"
        modal = modal or {"custom_id": "forged", "components": []}
        given = dict(values)

        def answer(c: dict[str, Any]) -> dict[str, Any]:
            """What the client submits for one modal component, given the player's input."""
            cid = c.get("custom_id")
            if c["type"] == comp.TEXT_INPUT:
                value = str(given.pop(cid, c.get("value") or ""))
                if not forge:
                    assert value or not c.get("required", True), f"text input {cid!r} is required"
                    assert len(value) <= int(c.get("max_length", 4000)), f"{cid!r} is too long"
                    assert len(value) >= int(c.get("min_length", 0)), f"{cid!r} is too short"
                return {"type": comp.TEXT_INPUT, "custom_id": cid, "value": value, "id": c.get("id", 0)}
            if c["type"] in comp.SELECT_TYPES or c["type"] == comp.CHECKBOX_GROUP:
                return {
                    "type": c["type"],
                    "custom_id": cid,
                    "values": [str(v) for v in given.pop(cid, [])],
                    "id": c.get("id", 0),
                }
            if c["type"] == comp.RADIO_GROUP:
                return {"type": c["type"], "custom_id": cid, "value": given.pop(cid, None), "id": c.get("id", 0)}
            if c["type"] == comp.CHECKBOX:
                return {"type": c["type"], "custom_id": cid, "value": bool(given.pop(cid, False)), "id": c.get("id", 0)}
            if c["type"] == comp.FILE_UPLOAD and cid in given:
                raise NotImplementedError("file uploads in modals are not simulated")
            return {"type": c["type"], "id": c.get("id", 0)}

        submitted = []
        for top in modal.get("components", []):
            if top["type"] == 1:
                submitted.append({"type": 1, "components": [answer(c) for c in top.get("components", [])]})
            elif top["type"] == 18:
                submitted.append({"type": 18, "id": top.get("id", 0), "component": answer(top["component"])})
            else:
                submitted.append({"type": top["type"], "id": top.get("id", 0)})
        assert forge or not given, f"modal has no inputs {list(given)}"
        channel_id = opened_by.channel_id
        payload, record = self._interaction_payload(5, user_id, channel_id)
        payload["data"] = {"custom_id": modal["custom_id"], "components": submitted}
        if opened_by.source is not None:
            payload["message"] = opened_by.source.to_json(self._directory.bot_user.id)
            record.source = opened_by.source
        record.name = modal["custom_id"]
        return await self._deliver(client, payload, record, wait)

    async def post(
        self, client: discord.Client, user_id: int, channel_id: int | None, content: str, *, wait: bool = True
    ) -> FakeMessage:
        """A player writes a normal message (MESSAGE_CREATE), e.g. for prefix commands or ``wait_for('message')``."""
        self._gateway.check(client)
        directory = self._directory
        user = directory.users[user_id]
        channel = directory.dm_channel(user_id) if channel_id is None else directory.channels[channel_id]
        assert channel.guild_id is None or user_id in directory.guilds[channel.guild_id].members, (
            f"user {user_id} is not in guild {channel.guild_id}"
        )
        msg = api.create_message(directory, self._log, channel, {"content": content}, [], author=user.to_json())
        member = None if channel.guild_id is None else directory.guilds[channel.guild_id].members[user_id]
        if self._gateway.message_create(client, msg, member, directory.bot_user.id) and wait:
            await self._settle()
        return msg

    def delete_message(self, msg: FakeMessage) -> None:
        """Someone (a moderator, say) deletes a message.

        No gateway event is sent: the bot finds out on its next edit.
        """
        self._log.delete(msg)

    # -- building interactions -------------------------------------------------------
    def _interaction_payload(
        self, itype: int, user_id: int, channel_id: int | None
    ) -> tuple[dict[str, Any], InteractionRecord]:
        """The fields every INTERACTION_CREATE carries, and the record that will collect the answers."""
        directory = self._directory
        user = directory.users.get(user_id)
        assert user is not None, f"unknown user {user_id}: add_member/add_user first"
        channel = directory.dm_channel(user_id) if channel_id is None else directory.channels.get(channel_id)
        assert channel is not None, f"unknown channel {channel_id}"
        iid = directory.snowflake()
        token = f"aW50ZXJhY3Rpb246{iid}:{secrets.token_urlsafe(32)}"
        payload: dict[str, Any] = {
            "id": str(iid),
            "application_id": str(directory.app_id),
            "type": itype,
            "token": token,
            "version": 1,
            "channel_id": str(channel.id),
            "locale": user.locale,
            "entitlements": [],
            "attachment_size_limit": ATTACHMENT_SIZE_LIMIT,
        }
        if channel.guild_id is not None:
            guild = directory.guilds[channel.guild_id]
            member = guild.members.get(user_id)
            assert member is not None, f"user {user_id} is not a member of guild {guild.id}"
            perms = directory.member_permissions(guild.id, user_id)
            payload.update(
                guild_id=str(guild.id),
                guild_locale=guild.locale,
                guild={"id": str(guild.id), "locale": guild.locale, "features": []},
                channel=channel.to_json(permissions=perms),
                member=member.to_json(permissions=perms),
                app_permissions=str(directory.member_permissions(guild.id, directory.bot_user.id)),
                authorizing_integration_owners={"0": str(guild.id)},
                context=0,
            )
        else:
            assert channel.recipient_id == user_id, "a DM channel only has its own recipient"
            payload.update(
                channel=channel.to_json(recipient=user),
                user=user.to_json(),
                app_permissions=str(discord.Permissions._dm_permissions().value),
                authorizing_integration_owners={"0": "0"},
                context=1,
            )
        record = InteractionRecord(
            id=iid,
            token=token,
            type=itype,
            user_id=user_id,
            channel_id=channel.id,
            guild_id=channel.guild_id,
            name="",
            payload=payload,
        )
        return payload, record

    async def _deliver(
        self, client: discord.Client, payload: dict[str, Any], record: InteractionRecord, wait: bool
    ) -> InteractionRecord:
        """Log the interaction (its token now reaches Discord), hand it to the bot, and settle if asked."""
        record.created_at = now()
        self._log.add_interaction(record)
        self._gateway.interaction_create(client, payload)
        if wait:
            await self._settle()
        return record

    def _component_target(
        self, user_id: int, message: FakeMessage | int, custom_id: str, kinds: frozenset[int], forge: bool
    ) -> tuple[FakeMessage, dict[str, Any] | None]:
        """The message and component a player uses, checked as their client would let them."""
        msg = message if isinstance(message, FakeMessage) else self._log.messages.get(to_id(message))
        assert msg is not None, f"unknown message {message}"
        directory = self._directory
        if not forge:
            assert not msg.deleted, f"message {msg.id} was deleted"
            assert msg.author_id == directory.bot_user.id, "components on other authors' messages never reach this bot"
            assert msg.visible_to in (None, user_id), f"ephemeral message {msg.id} is only visible to {msg.visible_to}"
            if msg.guild_id is not None:
                assert user_id in directory.guilds[msg.guild_id].members, (
                    f"user {user_id} is not in guild {msg.guild_id}"
                )
            else:
                assert directory.channels[msg.channel_id].recipient_id == user_id, "not this user's DM"
        found = comp.find(msg.components, custom_id)
        if not forge:
            assert found is not None, f"custom_id {custom_id!r} is not on message {msg.id}; it has {msg.custom_ids()}"
            assert found["type"] in kinds, f"{custom_id!r} is a component of type {found['type']}"
            assert not found.get("disabled"), f"{custom_id!r} is disabled"
        return msg, found

    def _component_payload(
        self, user_id: int, msg: FakeMessage, custom_id: str, component_type: int, found: dict[str, Any] | None
    ) -> tuple[dict[str, Any], InteractionRecord]:
        payload, record = self._interaction_payload(3, user_id, msg.channel_id)
        payload["message"] = msg.to_json(self._directory.bot_user.id)
        payload["data"] = {"custom_id": custom_id, "component_type": component_type}
        if found is not None and "id" in found:
            payload["data"]["id"] = found["id"]
        record.source = msg
        record.name = custom_id
        return payload, record
