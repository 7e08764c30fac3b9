"""The installable app (PWA): the web app manifest, the service worker and the offline page.

- `GET /manifest.webmanifest`: name, start URL and scope `/`, `display: standalone`, the room's
  colours and the icons (192 and 512 pixels, and a maskable 512; drawn by `cardhall.web.icons`),
  its description in the reader's language.
- `GET /sw.js`: the service worker (`static/sw.js`), served from the root so that its scope is
  the whole room. It keeps the room's shell (style, icons) and the offline page in each language
  a page told it, and answers a page that cannot be reached with the offline page in the language
  told last; it shows a "your turn" push as a notification that opens the table
  (`cardhall.web.push`). Every page registers the one address and tells the worker its language
  in a message (`static/install.js`): a worker whose address held the language was replaced at
  each change of language, and Chromium could leave a navigation through the old one hanging.
- `GET /offline`: the page said when the room cannot be reached, in the reader's language.
"""

from __future__ import annotations

from pathlib import Path

from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, Response
from starlette.routing import Route

from cardhall.web.languages import web
from cardhall.web.pages import page_lang, templates

HERE = Path(__file__).parent
ICONS = [("/static/icons/icon-192.png", "192x192", "any"), ("/static/icons/icon-512.png", "512x512", "any"),
         ("/static/icons/icon-maskable-512.png", "512x512", "maskable")]
THEME = "#0b4f9c"
BACKGROUND = "#fdfcf8"


async def manifest(request: Request) -> Response:
    """The web app manifest, in the reader's language."""
    code = await page_lang(request)
    tr = web(code)
    body = {"name": "cardhall", "short_name": "cardhall", "lang": code, "dir": "ltr",
            "description": tr._("A card room: play 5 Towers, Clash of Decks, Jass, Hearts and 3-2-5 with people and "
                                "bots, live or over days."),
            "id": "/", "start_url": "/", "scope": "/", "display": "standalone",
            "theme_color": THEME, "background_color": BACKGROUND,
            "icons": [{"src": src, "sizes": sizes, "type": "image/png", "purpose": purpose}
                      for src, sizes, purpose in ICONS]}
    return JSONResponse(body, media_type="application/manifest+json", headers={"Cache-Control": "no-cache"})


async def service_worker(request: Request) -> Response:
    return FileResponse(HERE / "static" / "sw.js", media_type="text/javascript",
                        headers={"Service-Worker-Allowed": "/", "Cache-Control": "no-cache"})


async def offline(request: Request) -> Response:
    """The page the service worker shows when the room cannot be reached."""
    code = await page_lang(request)
    tr = web(code)
    page = templates.env.get_template("offline.html").render(lang=code, _=tr._)
    return HTMLResponse(page, headers={"Cache-Control": "no-cache"})


def routes() -> list[Route]:
    return [Route("/manifest.webmanifest", manifest, methods=["GET"]),
            Route("/sw.js", service_worker, methods=["GET"]),
            Route("/offline", offline, methods=["GET"])]
