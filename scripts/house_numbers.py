#!/usr/bin/env python3
"""The house's numbers for a source tree: files, lines, the largest modules and every function
over 60 lines (migrations apart), e.g. `python3 scripts/house_numbers.py cardhall` (issue 39)."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

LONG = 60


def functions(tree: ast.AST) -> list[tuple[str, int, int]]:
    """(qualified name, first line, length) of every function, methods and nested ones included."""
    found: list[tuple[str, int, int]] = []

    def walk(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
                name = prefix + child.name
                found.append((name, child.lineno, (child.end_lineno or child.lineno) - child.lineno + 1))
                walk(child, name + ".")
            elif isinstance(child, ast.ClassDef):
                walk(child, prefix + child.name + ".")
            else:
                walk(child, prefix)

    walk(tree, "")
    return found


def main(root: Path) -> None:
    files = sorted(p for p in root.rglob("*.py") if "__pycache__" not in p.parts)
    sizes = {p: len(p.read_text().splitlines()) for p in files}
    print(f"files: {len(files)}, lines: {sum(sizes.values())}")
    print("largest modules:")
    for path, size in sorted(sizes.items(), key=lambda kv: -kv[1])[:10]:
        print(f"  {size:5d}  {path}")
    long = [(length, f"{path}:{line} {name}") for path in files if "migrations" not in path.parts
            for name, line, length in functions(ast.parse(path.read_text())) if length > LONG]
    print(f"functions over {LONG} lines (migrations apart): {len(long)}")
    for length, where in sorted(long, reverse=True):
        print(f"  {length:4d}  {where}")


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "cardhall"))
