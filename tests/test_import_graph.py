"""The house has no import circle, and none is dodged by importing inside a function.

The graph is read from the source of ``games``, ``render`` and ``bot``: every ``import`` and ``from … import``
statement, at module level or inside a function. ``from package import name`` is an import of the submodule
``package.name`` when there is one, else of ``package`` (as import checkers count it: a package's
``__init__`` that gathers its submodules would otherwise close a circle with each of them). Imports under
``if TYPE_CHECKING:`` never run, but a circle closed by one is a circle all the same (modules that must name
each other's types): none is allowed either. Where a module cannot import the one above it, it reads a type of
a lower module (the engines' notations read a ``Position`` protocol that their ``State`` is).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("games", "render", "bot")

# Imports inside functions, each for a reason other than an import circle.
DEFERRED: dict[tuple[str, str], str] = {
    ("bot.app.storage.postgres_backend", "asyncpg"): "the optional PostgreSQL driver",
    ("bot.app.storage.copy", "asyncpg"): "the optional PostgreSQL driver",
}


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    """Every module of the three packages, by dotted name."""
    return {module_name(p): p for package in PACKAGES for p in sorted((ROOT / package).rglob("*.py"))}


def _type_checking_only(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def imports(path: Path, name: str, *, typing: bool = False) -> Iterator[tuple[ast.stmt, str, tuple[str, ...], bool]]:
    """(statement, module, names imported from it, inside a function) of every import at ``path`` that runs."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]

    def visit(node: ast.AST, in_function: bool) -> Iterator[tuple[ast.stmt, str, tuple[str, ...], bool]]:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _type_checking_only(child) and not typing:
                for other in child.orelse:
                    yield from visit(other, in_function)
                continue
            if isinstance(child, ast.Import):
                for alias in child.names:
                    yield child, alias.name, (), in_function
            elif isinstance(child, ast.ImportFrom):
                base = child.module or ""
                if child.level:
                    anchor = package.split(".")
                    anchor = anchor[: len(anchor) - child.level + 1]
                    base = ".".join([*anchor, base] if base else anchor)
                yield child, base, tuple(alias.name for alias in child.names), in_function
            else:
                inner = in_function or isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda)
                yield from visit(child, inner)

    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    yield from visit(tree, False)


def graph(*, typing: bool = False) -> dict[str, set[str]]:
    """Each module of the house and the modules of the house it imports (``typing``: type-only imports too)."""
    known = modules()
    edges: dict[str, set[str]] = {name: set() for name in known}
    for name, path in known.items():
        for _, module, names, _ in imports(path, name, typing=typing):
            submodules = {f"{module}.{n}" for n in names} & known.keys()
            targets = submodules | ({module} if len(submodules) < len(names) or not names else set())
            edges[name] |= {t for t in targets if t in known and t != name}
    return edges


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def connect(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(edges[node]):
            if target not in index:
                connect(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
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

    for node in sorted(edges):
        if node not in index:
            connect(node)
    return found


def rooms(edges: dict[str, set[str]], package: str) -> dict[str, set[str]]:
    """The import graph of ``package`` between its rooms: each module at its top, and each sub-package as a whole
    (a feature folder is one room). Imports from outside the package and within one room are left out."""

    def room(module: str) -> str | None:
        if module == package:
            return "__init__"
        if not module.startswith(package + "."):
            return None
        head = module.removeprefix(package + ".").split(".")[0]
        return head + "/" if (ROOT / package.replace(".", "/") / head).is_dir() else head

    between: dict[str, set[str]] = {}
    for module, targets in edges.items():
        if (source := room(module)) is None:
            continue
        between.setdefault(source, set())
        between[source] |= {r for t in targets if (r := room(t)) is not None and r != source}
    return between


def floors(edges: dict[str, set[str]]) -> dict[str, int]:
    """Each node's floor: 1 for a node that imports nothing of the graph, else one above the highest it imports.

    The highest floor is the length of the longest import chain; the graph must have no circle."""
    found: dict[str, int] = {}

    def floor(node: str, path: tuple[str, ...]) -> int:
        if node in path:
            raise ValueError(f"import circle: {' -> '.join((*path, node))}")
        if node not in found:
            found[node] = 1 + max((floor(t, (*path, node)) for t in edges[node]), default=0)
        return found[node]

    for node in sorted(edges):
        floor(node, ())
    return found


SHELL_FLOORS = 8


def test_the_shell_stands_on_at_most_eight_floors() -> None:
    """The Discord shell is a hub and feature folders: its rooms' longest import chain, type-only imports counted,
    is at most eight rooms long (it was fifteen when features and plumbing lay side by side)."""
    shell = floors(rooms(graph(typing=True), "bot.shell"))
    assert max(shell.values()) <= SHELL_FLOORS, sorted(shell.items(), key=lambda item: -item[1])


def test_the_application_floors_folders_import_downwards() -> None:
    """bot/app's sub-packages and top modules form no circle between them (a sub-package used by the match service,
    such as the seats' rule, reads the match through a protocol of its own), so they stand on floors too."""
    assert max(floors(rooms(graph(typing=True), "bot.app")).values()) <= 6


def test_the_reading_sees_a_circle_a_deferred_import_and_a_type_only_one(tmp_path: Path) -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    path = tmp_path / "reading.py"
    path.write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import x\ndef f():\n    import y\n", encoding="utf-8"
    )
    found = [(target, inside) for _, target, _, inside in imports(path, "reading")]
    assert ("typing", False) in found and ("y", True) in found and all(t != "x" for t, _ in found)
    assert "x" in [target for _, target, _, _ in imports(path, "reading", typing=True)]
    assert floors({"a": {"b", "c"}, "b": {"c"}, "c": set()}) == {"a": 3, "b": 2, "c": 1}


def test_no_import_circle_in_games_render_and_bot() -> None:
    assert cycles(graph()) == []


def test_no_import_circle_even_for_the_type_checker() -> None:
    assert cycles(graph(typing=True)) == []


def test_no_module_imports_inside_a_function() -> None:
    found = []
    for name, path in modules().items():
        for node, target, _, inside in imports(path, name, typing=True):
            if inside and (name, target) not in DEFERRED:
                found.append(f"{path.relative_to(ROOT)}:{node.lineno} imports {target}")
    assert found == []
