"""The floors of a package's import graph: each room (a module at the package's top, or a sub-package as a
whole) on one floor above the highest room it imports, type-only imports counted. The top floor is the length
of the longest import chain.

    python bench/shell_floors.py [package]      # bot.shell by default
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.test_import_graph import floors, graph, rooms


def main(package: str = "bot.shell") -> None:
    between = rooms(graph(typing=True), package)
    found = floors(between)
    top = max(found.values())
    print(f"{package}: {len(found)} rooms on {top} floors")
    for level in range(top, 0, -1):
        names = sorted(name for name, floor in found.items() if floor == level)
        print(f"floor {level:2}: {', '.join(names)}")
    chain = [max(found, key=lambda n: (found[n], n))]
    while between[chain[-1]]:
        chain.append(max(between[chain[-1]], key=lambda n: (found[n], n)))
    print("longest chain:", " -> ".join(chain))


if __name__ == "__main__":
    main(*sys.argv[1:])
