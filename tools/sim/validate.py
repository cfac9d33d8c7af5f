"""Discord's message and modal limits, enforced the way the API enforces them.

A card game renders hands, boards and score sheets as embeds, buttons and
selects, and the usual production failure is a 400 "Invalid Form Body" when a
hand grows past 25 select options or a field passes 1024 characters. The
stand-in rejects such payloads with the same status, code (50035) and error
path so those bugs show up offline.
"""

from __future__ import annotations

import re
from typing import Any

from tools.sim import components as comp, schema
from tools.sim.errors import APIError, empty_message, form_error
from tools.sim.models import COMPONENTS_V2


def _max_len(value: Any, limit: int, path: str) -> None:
    if value is not None and len(str(value)) > limit:
        raise form_error(path, "BASE_TYPE_MAX_LENGTH", f"Must be {limit} or fewer in length.")


def _required(value: Any, path: str) -> None:
    if value is None or value == "":
        raise form_error(path, "BASE_TYPE_REQUIRED", "This field is required")


def check_message(body: dict[str, Any], *, attachments: int = 0, is_edit: bool = False) -> None:
    """Raise ``APIError`` if Discord would reject this create/edit body."""
    flags = body.get("flags") or 0
    content = body.get("content")
    embeds = body.get("embeds") or []
    components = body.get("components") or []
    _max_len(content, 2000, "content")
    check_allowed_mentions(body.get("allowed_mentions"))
    if flags & COMPONENTS_V2 and (content or embeds):
        raise form_error(
            "content" if content else "embeds",
            "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
            "The 'content' and 'embeds' fields cannot be used when using MessageFlags.IS_COMPONENTS_V2",
        )
    if not is_edit and not (
        content or embeds or components or attachments or body.get("sticker_ids") or body.get("poll")
    ):
        raise empty_message()
    check_embeds(embeds)
    check_components(components, v2=bool(flags & COMPONENTS_V2))


def check_embeds(embeds: list[dict[str, Any]]) -> None:
    if len(embeds) > 10:
        raise form_error("embeds", "BASE_TYPE_MAX_LENGTH", "Must be 10 or fewer in length.")
    total = 0
    for i, e in enumerate(embeds):
        p = f"embeds.{i}"
        if e.get("timestamp") is not None and not schema.valid_timestamp(str(e["timestamp"])):
            raise form_error(
                f"{p}.timestamp", "DATE_TIME_TYPE_PARSE", f"Could not parse {e['timestamp']}. Should be ISO8601."
            )
        _max_len(e.get("title"), 256, f"{p}.title")
        _max_len(e.get("description"), 4096, f"{p}.description")
        total += len(str(e.get("title") or "")) + len(str(e.get("description") or ""))
        fields = e.get("fields") or []
        if len(fields) > 25:
            raise form_error(f"{p}.fields", "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
        for j, f in enumerate(fields):
            _required(f.get("name"), f"{p}.fields.{j}.name")
            _required(f.get("value"), f"{p}.fields.{j}.value")
            _max_len(f.get("name"), 256, f"{p}.fields.{j}.name")
            _max_len(f.get("value"), 1024, f"{p}.fields.{j}.value")
            total += len(str(f["name"])) + len(str(f["value"]))
        footer = e.get("footer") or {}
        _max_len(footer.get("text"), 2048, f"{p}.footer.text")
        author = e.get("author") or {}
        _max_len(author.get("name"), 256, f"{p}.author.name")
        total += len(str(footer.get("text") or "")) + len(str(author.get("name") or ""))
    if total > 6000:
        raise APIError(
            400,
            50035,
            "Invalid Form Body",
            {
                "embeds": {
                    "_errors": [
                        {"code": "MAX_EMBED_SIZE_EXCEEDED", "message": "Embed size exceeds maximum size of 6000"}
                    ]
                }
            },
        )


def _check_interactive(c: dict[str, Any], path: str, seen: set[str]) -> None:
    ctype = c.get("type")
    custom_id = c.get("custom_id")
    if ctype == comp.BUTTON:
        _check_button(c, path)
    elif ctype in comp.INTERACTIVE_TYPES:
        _required(custom_id, f"{path}.custom_id")
    if custom_id is not None:
        _max_len(custom_id, 100, f"{path}.custom_id")
        if custom_id in seen:
            raise form_error(
                f"{path}.custom_id", "COMPONENT_CUSTOM_ID_DUPLICATED", "Component custom id cannot be duplicated"
            )
        seen.add(custom_id)
    if ctype == comp.BUTTON:
        _max_len(c.get("label"), 80, f"{path}.label")
    if ctype in comp.SELECT_TYPES:
        _max_len(c.get("placeholder"), 150, f"{path}.placeholder")
        lo, hi = int(c.get("min_values", 1)), int(c.get("max_values", 1))
        if not 0 <= lo <= 25:
            raise form_error(f"{path}.min_values", "NUMBER_TYPE_MAX", "int value should be less than or equal to 25.")
        if not 1 <= hi <= 25:
            raise form_error(f"{path}.max_values", "NUMBER_TYPE_MAX", "int value should be less than or equal to 25.")
    if ctype == comp.STRING_SELECT:
        options = c.get("options") or []
        if not 1 <= len(options) <= 25:
            raise form_error(f"{path}.options", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 25 in length.")
        values = set()
        for k, o in enumerate(options):
            _max_len(o.get("label"), 100, f"{path}.options.{k}.label")
            _max_len(o.get("value"), 100, f"{path}.options.{k}.value")
            _max_len(o.get("description"), 100, f"{path}.options.{k}.description")
            if o.get("value") in values:
                raise form_error(
                    f"{path}.options.{k}.value",
                    "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED",
                    "Select component option values cannot be duplicated",
                )
            values.add(o.get("value"))
        if int(c.get("max_values", 1)) > len(options):
            raise form_error(
                f"{path}.max_values",
                "BASE_TYPE_MAX",
                f"Must be less than or equal to the number of options ({len(options)}).",
            )


BUTTON_STYLES = frozenset({1, 2, 3, 4, 5, 6})
PREMIUM_STYLE = 6


def _check_button(c: dict[str, Any], path: str) -> None:
    """The docs' button rules: link buttons take a url and no custom_id, premium buttons an sku_id
    and nothing else, every other style a custom_id and no url."""
    style = c.get("style")
    if style not in BUTTON_STYLES:
        raise form_error(f"{path}.style", "BASE_TYPE_CHOICES", f"Value must be one of {sorted(BUTTON_STYLES)}.")
    if style == comp.LINK_STYLE:
        _required(c.get("url"), f"{path}.url")
        if not schema.valid_url(str(c["url"])):
            raise form_error(f"{path}.url", "URL_TYPE_INVALID_URL", "Not a well formed URL.")
        if c.get("custom_id") is not None:
            raise form_error(
                f"{path}.custom_id", "BUTTON_COMPONENT_CUSTOM_ID_NOT_ALLOWED", "A link button cannot have a custom id"
            )
    elif style == PREMIUM_STYLE:
        _required(c.get("sku_id"), f"{path}.sku_id")
        for key in ("custom_id", "url", "label", "emoji"):
            if c.get(key) is not None:
                raise form_error(
                    f"{path}.{key}",
                    "BUTTON_COMPONENT_PREMIUM_FIELD_NOT_ALLOWED",
                    f"A premium button cannot have a {key}",
                )
    else:
        _required(c.get("custom_id"), f"{path}.custom_id")
        if c.get("url") is not None:
            raise form_error(f"{path}.url", "BUTTON_COMPONENT_URL_NOT_ALLOWED", "Only link buttons can have a url")


def check_allowed_mentions(am: Any, path: str = "allowed_mentions") -> None:
    """``parse: ["users"]`` and a ``users`` list (likewise roles) are mutually exclusive."""
    if not isinstance(am, dict):
        return
    parse = am.get("parse") or []
    for kind in ("users", "roles"):
        if kind in parse and am.get(kind):
            raise form_error(
                path,
                "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE",
                f'parse:["{kind}"] and {kind}: [ids] are mutually exclusive.',
            )


def check_components(components: list[dict[str, Any]], *, v2: bool = False) -> None:
    seen: set[str] = set()
    if not v2:
        if len(components) > 5:
            raise form_error("components", "BASE_TYPE_MAX_LENGTH", "Must be 5 or fewer in length.")
        for i, row in enumerate(components):
            if row.get("type") != 1:
                raise form_error(
                    f"components.{i}.type",
                    "UNION_TYPE_CHOICES",
                    "Top-level components must be action rows unless the message uses Components V2",
                )
            children = row.get("components") or []
            if not 1 <= len(children) <= 5:
                raise form_error(
                    f"components.{i}.components", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 5 in length."
                )
            if any(c.get("type") in comp.SELECT_TYPES for c in children) and len(children) > 1:
                raise form_error(
                    f"components.{i}.components",
                    "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
                    "The specified component exceeds the maximum width",
                )
            for j, c in enumerate(children):
                _check_interactive(c, f"components.{i}.components.{j}", seen)
        return
    total = 0
    for c in comp.walk(components):
        total += 1
        _check_interactive(c, "components", seen)
    if total > 40:
        raise form_error("components", "BASE_TYPE_MAX_LENGTH", "Must be 40 or fewer in total.")
    if sum(len(t) for t in comp.text_displays(components)) > 4000:
        raise form_error(
            "components", "BASE_TYPE_MAX_LENGTH", "Text displays must be 4000 or fewer characters in total."
        )


def check_modal(data: dict[str, Any]) -> None:
    """Modal (type 9 response) limits: title, custom_id, 1-5 top-level components."""
    _required(data.get("custom_id"), "data.custom_id")
    _max_len(data.get("custom_id"), 100, "data.custom_id")
    _required(data.get("title"), "data.title")
    if not isinstance(data["title"], str):  # the spec lists title as required but gives it no schema
        raise form_error("data.title", "BASE_TYPE_STRING", "Must be a string.")
    _max_len(data.get("title"), 45, "data.title")
    rows = data.get("components") or []
    if not 1 <= len(rows) <= 5:
        raise form_error("data.components", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 5 in length.")
    seen: set[str] = set()
    for c in comp.walk(rows):
        if c.get("type") == comp.TEXT_INPUT:
            _max_len(c.get("label"), 45, "data.components.label")
            _max_len(c.get("custom_id"), 100, "data.components.custom_id")
            if c.get("custom_id") in seen:
                raise form_error(
                    "data.components.custom_id",
                    "COMPONENT_CUSTOM_ID_DUPLICATED",
                    "Component custom id cannot be duplicated",
                )
            seen.add(c["custom_id"])


_COMMAND_NAME = re.compile(r"^[-_\w]{1,32}$")


def check_command(data: dict[str, Any], path: str = "") -> None:
    """Raise ``APIError`` (50035) for an application command Discord would refuse to register.

    The limits of the spec's ``ApplicationCommandCreateRequest`` and its options: names of 1-32
    lowercase word characters (chat input commands), descriptions up to 100 characters (1-100 for
    options), at most 25 options per level and 25 choices per option, choice names of 1-100
    characters, and required options before optional ones.
    """
    prefix = f"{path}." if path else ""
    _check_named(data, prefix, option=False)


def _check_named(node: dict[str, Any], prefix: str, *, option: bool) -> None:
    name = str(node.get("name") or "")
    if not _COMMAND_NAME.match(name) or (node.get("type", 1) in (1, None) or option) and name != name.lower():
        raise form_error(f"{prefix}name", "APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid")
    description = node.get("description")
    _max_len(description, 100, f"{prefix}description")
    if option and not description:
        raise form_error(f"{prefix}description", "BASE_TYPE_MIN_LENGTH", "Must be between 1 and 100 in length.")
    children = node.get("options") or []
    if len(children) > 25:
        raise form_error(f"{prefix}options", "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
    seen_optional = False
    for i, child in enumerate(children):
        where = f"{prefix}options.{i}."
        if child.get("type") not in (1, 2):
            if child.get("required") and seen_optional:
                raise form_error(
                    f"{where}required",
                    "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                    "Required options must be placed before non-required options",
                )
            seen_optional = seen_optional or not child.get("required")
        choices = child.get("choices") or []
        if len(choices) > 25:
            raise form_error(f"{where}choices", "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
        for k, choice in enumerate(choices):
            label = str(choice.get("name") or "")
            if not 1 <= len(label) <= 100:
                raise form_error(
                    f"{where}choices.{k}.name", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length."
                )
        _check_named(child, where, option=True)
