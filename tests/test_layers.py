"""The house's floors import downwards only: games ← render ← bot.app ← bot.shell.

Read from the source (every import statement, those inside functions and type-checking blocks included), so a
layer cannot be crossed by an import hidden where it runs late. Subprocess checks confirm the same at run time.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

# Each floor, and the top-level names its modules must not import.
FLOORS = {
    "games": ("discord", "render", "bot"),
    "render": ("discord", "bot"),
    "bot/app": ("discord", "bot.shell"),
}


def imported_names(path: Path) -> Iterator[tuple[int, str]]:
    """(line, dotted module name) of every import in the file at ``path``."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            yield node.lineno, node.module
            for alias in node.names:
                yield node.lineno, f"{node.module}.{alias.name}"


def crossings(floor: str, forbidden: tuple[str, ...]) -> list[str]:
    found = []
    for path in sorted((ROOT / floor).rglob("*.py")):
        for line, name in imported_names(path):
            if any(name == f or name.startswith(f + ".") for f in forbidden):
                found.append(f"{path.relative_to(ROOT)}:{line} imports {name}")
    return found


@pytest.mark.parametrize("floor", sorted(FLOORS))
def test_each_floor_imports_nothing_above_it(floor: str) -> None:
    assert crossings(floor, FLOORS[floor]) == []


def test_the_application_floor_runs_without_discord_loaded() -> None:
    modules = sorted(
        "bot.app." + ".".join(p.relative_to(ROOT / "bot" / "app").with_suffix("").parts)
        for p in (ROOT / "bot" / "app").rglob("*.py")
        if p.name != "__init__.py" and p.stem != "__main__"
    )
    code = (
        "import sys\n"
        + "".join(f"import {m}\n" for m in modules)
        + ("assert 'discord' not in sys.modules, 'bot.app must not load discord'\n")
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False, cwd=ROOT)
    assert done.returncode == 0, done.stderr


def test_ui_modules_import_without_the_client() -> None:
    code = (
        "import sys\n"
        "import bot.shell.components, bot.shell.play.messages, bot.shell.pbp.post_ui\n"
        "import bot.shell.play.move_controls, bot.shell.play.turn_post\n"
        "assert 'bot.shell.client' not in sys.modules, sorted(m for m in sys.modules if m.startswith('bot.'))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False, cwd=ROOT)
    assert done.returncode == 0, done.stderr


MODULE_LINES = 600
CLASS_LINES = 400


def test_every_module_and_class_of_the_bot_stays_small() -> None:
    """Small modules named for what they hold: in both floors of bot/, no module over 600 lines, no class over 400."""
    too_big = []
    for path in sorted((ROOT / "bot").rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        where = path.relative_to(ROOT)
        if (lines := len(text.splitlines())) > MODULE_LINES:
            too_big.append(f"{where}: {lines} lines")
        for node in ast.walk(ast.parse(text)):
            if not isinstance(node, ast.ClassDef):
                continue
            if (size := (node.end_lineno or node.lineno) - node.lineno + 1) > CLASS_LINES:
                too_big.append(f"{where}: class {node.name} {size} lines")
    assert too_big == []
