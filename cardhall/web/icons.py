"""Draw the room's app icons (the web app manifest's PNGs) with Pillow: a white card with a red
heart on the room's blue, as the favicon. Run once after changing the drawing:
`python -m cardhall.web.icons` (writes static/icons/icon-192.png, icon-512.png and the maskable
icon-maskable-512.png, whose card stays inside the safe circle of 80 %).

Pillow is a tool of the developers (it comes with the plots extra), not of the running room.
"""

from __future__ import annotations

from pathlib import Path

BLUE = (11, 79, 156)
WHITE = (253, 252, 248)
INK = (27, 27, 27)
RED = (179, 18, 31)
HERE = Path(__file__).parent / "static" / "icons"


def draw(size: int, inset: float) -> object:
    """One icon `size` pixels square; the card fills the middle (1 - 2 × inset) of it."""
    from PIL import Image, ImageDraw

    scale = 4  # drawn large, then shrunk: smooth edges
    big = size * scale
    image = Image.new("RGB", (big, big), BLUE)
    pen = ImageDraw.Draw(image)
    margin = big * inset
    width = (big - 2 * margin) * 0.72
    left = (big - width) / 2
    box = (left, margin, left + width, big - margin)
    pen.rounded_rectangle(box, radius=width * 0.12, fill=WHITE, outline=INK, width=max(1, int(big * 0.012)))
    cx, cy, r = big / 2, big / 2, width * 0.2  # the heart: two circles and a triangle
    pen.ellipse((cx - 2 * r, cy - 1.4 * r, cx, cy + 0.6 * r), fill=RED)
    pen.ellipse((cx, cy - 1.4 * r, cx + 2 * r, cy + 0.6 * r), fill=RED)
    pen.polygon([(cx - 1.93 * r, cy - 0.1 * r), (cx + 1.93 * r, cy - 0.1 * r), (cx, cy + 2.1 * r)], fill=RED)
    return image.resize((size, size), Image.Resampling.LANCZOS)


def main() -> None:
    HERE.mkdir(parents=True, exist_ok=True)
    for name, size, inset in (("icon-192.png", 192, 0.08), ("icon-512.png", 512, 0.08),
                              ("icon-maskable-512.png", 512, 0.2)):
        draw(size, inset).save(HERE / name, optimize=True)  # type: ignore[attr-defined]
        print(HERE / name)


if __name__ == "__main__":
    main()
