"""The custom_id formats of every component the bot sends, in one place.

A custom_id carries everything needed to act on a click after a restart:
the match id, and for moves the sequence number of the state it was built
for (a click on an older one is refused as stale). Discord allows 100
characters; the longest here is well under that. The lobby's option
controls keep their templates next to their components, in
:mod:`bot.ui.lobby_view`.
"""

from __future__ import annotations

LOBBY_OPS = ("join", "leave", "start", "cancel", "add_ai", "remove_ai")

LOBBY_TEMPLATE = r"lobby:(?P<match>\d{1,20}):(?P<op>join|leave|start|cancel|add_ai|remove_ai)"
ACT_TEMPLATE = r"act:(?P<match>\d{1,20}):(?P<seq>\d{1,9})"
HAND_TEMPLATE = r"hand:(?P<match>\d{1,20})"
PICK_SELECT_TEMPLATE = (
    r"pks:(?P<match>\d{1,20}):(?P<seq>\d{1,9}):(?P<path>(?:\d{1,3}(?:\.\d{1,3}){0,11})?):(?P<chunk>\d)"
)
PICK_BUTTON_TEMPLATE = (
    r"pkb:(?P<match>\d{1,20}):(?P<seq>\d{1,9}):(?P<path>(?:\d{1,3}(?:\.\d{1,3}){0,11})?):(?P<choice>\d{1,3}|back)"
)


def lobby(match_id: int, op: str) -> str:
    return f"lobby:{match_id}:{op}"


def act(match_id: int, seq: int) -> str:
    return f"act:{match_id}:{seq}"


def hand(match_id: int) -> str:
    return f"hand:{match_id}"


def path_text(path: tuple[int, ...] | list[int]) -> str:
    return ".".join(str(i) for i in path)


def parse_path(text: str) -> tuple[int, ...]:
    return tuple(int(p) for p in text.split(".")) if text else ()


def pick_select(match_id: int, seq: int, path: tuple[int, ...], chunk: int = 0) -> str:
    return f"pks:{match_id}:{seq}:{path_text(path)}:{chunk}"


def pick_button(match_id: int, seq: int, path: tuple[int, ...], choice: int | str) -> str:
    return f"pkb:{match_id}:{seq}:{path_text(path)}:{choice}"
