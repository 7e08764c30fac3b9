"""The README's pictures of the table page: each one it shows exists, each table picture in
docs/images is shown (scripts/table_images.py takes them from real games), and each has words
(`alt`) for those who do not see it."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
SHOWN = re.findall(r'!\[([^\]]*)\]\((docs/images/[^)]+)\)|<img src="(docs/images/[^"]+)" alt="([^"]*)"', README)


def test_every_picture_the_readme_shows_exists_and_has_words():
    pictures = [(alt or alt2, path or path2) for alt, path, path2, alt2 in SHOWN]
    assert pictures
    for alt, path in pictures:
        assert (ROOT / path).is_file(), path
        assert len(alt.split()) >= 4, f"{path}: its alt text says too little: {alt!r}"


def test_every_table_picture_is_shown_and_taken_by_the_script():
    shown = {path or path2 for _alt, path, path2, _alt2 in SHOWN}
    taken = set(re.findall(r'"(table-[a-z-]+\.png)"', (ROOT / "scripts" / "table_images.py").read_text(encoding="utf-8")))
    on_disk = {p.name for p in (ROOT / "docs" / "images").glob("table-*.png")}
    assert on_disk == taken, (on_disk, taken)
    assert {f"docs/images/{name}" for name in on_disk} <= shown, sorted(on_disk)
