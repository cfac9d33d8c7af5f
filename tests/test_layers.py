"""The architecture, checked: which folder may import which, and no import cycle anywhere.

The layers are folders (see the README's "How it is built"):

    kernel  <-  games  <-  play  <-  frontend (+ cogs)
                 ai  ----^   store ---^

``kernel`` is the contract every game follows and imports nothing else of the bot;
a game imports the kernel, the drawing kit and its own folder only; the match service
(``play``) knows no Discord, no SQL and no language (it says things as wordings); the
store implements the service's port; the Discord front end sits on top. Every import
counts, including ``TYPE_CHECKING`` ones and imports inside functions: a cycle hidden
behind either is still a cycle. Only ``tools/`` (the stand-in for Discord, the
benchmark, the demo) may import anything.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("bot", "cogs", "tools")

#: Each layer (a module-name prefix, longest wins) and the layers it may import (itself always).
ALLOWED: dict[str, set[str]] = {
    "bot.kernel": set(),
    "bot.pictures": {"bot.kernel", "bot.workers"},
    "bot.games": {"bot.kernel", "bot.pictures"},
    "bot.workers": set(),
    "bot.config": set(),
    "bot.ai": {"bot.kernel", "bot.workers"},
    "bot.play": {"bot.kernel", "bot.ai"},
    "bot.store": {"bot.kernel", "bot.play", "bot.config"},
    "bot.locales": {"bot.kernel"},
    "bot.frontend": {
        "bot.kernel",
        "bot.ai",
        "bot.play",
        "bot.store",
        "bot.pictures",
        "bot.workers",
        "bot.config",
        "bot.locales",
    },
    "cogs": {"bot.kernel", "bot.ai", "bot.play", "bot.frontend", "cogs"},
    "bot.__main__": {"bot.config", "bot.frontend", "bot.play", "bot.store", "tools"},
    "bot": set(),
}
#: Third-party and standard modules a layer must not use.
FORBIDDEN: dict[str, set[str]] = {
    "bot.kernel": {"discord", "aiosqlite", "sqlite3", "asyncpg", "asyncio"},
    "bot.games": {"discord", "aiosqlite", "sqlite3", "asyncpg", "asyncio"},
    "bot.play": {"discord", "aiosqlite", "sqlite3", "asyncpg", "bot.kernel.i18n"},
    "bot.store": {"discord"},
    "bot.ai": {"discord", "aiosqlite", "sqlite3", "asyncpg"},
    "bot.pictures": {"discord", "aiosqlite", "sqlite3", "asyncpg", "asyncio"},
}


def _modules() -> dict[str, Path]:
    found = {}
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts = parts[:-1]
            found[".".join(parts)] = path
    return found


MODULES = _modules()


def _resolve(name: str) -> str | None:
    while name:
        if name in MODULES:
            return name
        name = name.rpartition(".")[0]
    return None


def _imports(module: str, path: Path) -> set[str]:
    """Every module ``module`` imports, anywhere in the file (a submodule named in ``from pkg import sub`` is
    that submodule), as written: bot modules and third-party names alike."""
    out: set[str] = set()
    is_package = path.name == "__init__.py"
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                package = module.split(".") if is_package else module.split(".")[:-1]
                package = package[: len(package) - (node.level - 1)]
                base = ".".join(package + ([base] if base else []))
            for alias in node.names:
                full = f"{base}.{alias.name}"
                out.add(full if full in MODULES else base)
    return out


GRAPH: dict[str, set[str]] = {}
RAW: dict[str, set[str]] = {}
for _name, _path in MODULES.items():
    RAW[_name] = _imports(_name, _path)
    GRAPH[_name] = {r for r in (_resolve(i) for i in RAW[_name]) if r is not None and r != _name}


def _layer(module: str, table: dict[str, set[str]]) -> str | None:
    best = None
    for prefix in table:
        if module == prefix or module.startswith(prefix + "."):
            if best is None or len(prefix) > len(best):
                best = prefix
    return best


def _game_of(module: str) -> str | None:
    parts = module.split(".")
    return ".".join(parts[:3]) if len(parts) >= 3 and parts[:2] == ["bot", "games"] else None


def test_each_layer_imports_only_the_layers_beneath_it():
    wrong = []
    for module, targets in GRAPH.items():
        layer = _layer(module, ALLOWED)
        if layer is None or module.startswith("tools"):
            continue
        for target in targets:
            if target.startswith("tools") and layer != "bot.__main__":
                wrong.append(f"{module} -> {target}")
                continue
            other = _layer(target, ALLOWED)
            if other is None or other == layer or other in ALLOWED[layer]:
                continue
            wrong.append(f"{module} -> {target}")
    assert not wrong, "imports against the layers:\n" + "\n".join(sorted(wrong))


def test_a_game_imports_no_other_game():
    wrong = [
        f"{m} -> {t}"
        for m, targets in GRAPH.items()
        if _game_of(m)
        for t in targets
        if _game_of(t) and _game_of(t) != _game_of(m)
    ]
    assert not wrong, wrong


def test_the_pure_layers_use_no_discord_no_database_and_the_service_no_language():
    wrong = []
    for module, names in RAW.items():
        layer = _layer(module, FORBIDDEN)
        if layer is None:
            continue
        for name in names:
            if any(name == bad or name.startswith(bad + ".") for bad in FORBIDDEN[layer]):
                wrong.append(f"{module} uses {name}")
    assert not wrong, "\n".join(sorted(wrong))


def _cycles() -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iteratively)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found: list[list[str]] = []
    counter = 0
    for root in sorted(GRAPH):
        if root in index:
            continue
        work = [(root, iter(sorted(GRAPH[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            advanced = False
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(GRAPH[child]))))
                    advanced = True
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_no_import_cycle_anywhere():
    cycles = _cycles()
    assert not cycles, "import cycles:\n" + "\n".join(", ".join(c) for c in cycles)


@pytest.mark.parametrize(
    "planted", [("bot.kernel.contract", "bot.play.moves"), ("bot.play.moves", "bot.kernel.contract")]
)
def test_the_checks_are_not_vacuous(planted):
    """A planted edge against the layers (or closing a loop) is caught."""
    module, target = planted
    saved = set(GRAPH[module])
    GRAPH[module].add(target)
    try:
        layer_wrong = _layer(module, ALLOWED) == "bot.kernel"
        if layer_wrong:
            with pytest.raises(AssertionError):
                test_each_layer_imports_only_the_layers_beneath_it()
        else:
            GRAPH[target].add(module)
            with pytest.raises(AssertionError):
                test_no_import_cycle_anywhere()
            GRAPH[target].discard(module)
    finally:
        GRAPH[module] = saved


# -- a game is its folder; a class is one responsibility ---------------------------------------------------

#: How many public methods a class may have before it is doing more than one thing.
MOST_PUBLIC_METHODS = 20


def _games_named_together(tree: ast.AST, games: set[str]) -> list[tuple[int, list[str]]]:
    """Each list, tuple, set or dict literal naming two or more games, with its line."""
    found = []
    for node in ast.walk(tree):
        items = node.keys if isinstance(node, ast.Dict) else getattr(node, "elts", None)
        if not isinstance(node, (ast.List, ast.Tuple, ast.Set, ast.Dict)) or items is None:
            continue
        named = sorted(
            {
                item.value
                for item in items
                if isinstance(item, ast.Constant) and isinstance(item.value, str) and item.value in games
            }
        )
        if len(named) >= 2:
            found.append((node.lineno, named))
    return found


def _shipped_games() -> set[str]:
    return {path.name for path in (ROOT / "bot" / "games").iterdir() if (path / "__init__.py").exists()}


def test_no_list_outside_the_games_names_them():
    """Adding a game is adding its folder: nothing else in the bot, the cogs or the tools lists the games."""
    games = _shipped_games()
    assert len(games) >= 4
    offenders = [
        f"{MODULES[module].relative_to(ROOT)}:{line} names {named}"
        for module in MODULES
        if _game_of(module) is None
        for line, named in _games_named_together(ast.parse(MODULES[module].read_text("utf-8")), games)
    ]
    assert not offenders, "\n".join(offenders)


def test_the_game_list_check_is_not_vacuous():
    planted = ast.parse('RULES = {"drama": 1, "laga": 2}\nORDER = ("drump", "x")\n')
    assert _games_named_together(planted, _shipped_games()) == [(1, ["drama", "laga"])]


def _public_methods(tree: ast.AST) -> list[tuple[str, int]]:
    return [
        (
            node.name,
            sum(
                1
                for item in node.body
                if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)) and not item.name.startswith("_")
            ),
        )
        for node in ast.walk(tree)
        if isinstance(node, ast.ClassDef)
    ]


def test_no_class_has_more_public_methods_than_one_responsibility_needs():
    offenders = [
        f"{MODULES[module].relative_to(ROOT)}: {name} has {count}"
        for module in MODULES
        for name, count in _public_methods(ast.parse(MODULES[module].read_text("utf-8")))
        if count > MOST_PUBLIC_METHODS
    ]
    assert not offenders, "\n".join(offenders)
    assert _public_methods(ast.parse("class Big:\n" + "".join(f"    def m{i}(self): ...\n" for i in range(21)))) == [
        ("Big", 21)
    ]
