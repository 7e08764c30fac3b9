"""A whole Hearts game under a real screen reader (issue 38, point 8): Orca, Chromium, the room.

Run it from the repository's root under a D-Bus session of its own (`scripts/orca_game` does):

    dbus-run-session -- python3 scripts/orca_game.py [--out DIR] [--lang en] [--target 1]

What it starts, each a real program from Debian (apt-get install orca at-spi2-core xvfb openbox
xdotool speech-dispatcher chromium): Xvfb (a screen), openbox (a window manager: Orca follows the
active window), the AT-SPI bus (accessibility on: `org.a11y.Status.IsEnabled`), speech-dispatcher,
Orca with a debug file, the room (`python -m cardhall serve`, bots at their default pace) and
Chromium, headed on that screen with `--force-renderer-accessibility`, driven by Playwright only to
choose a name and make the table (one person and three random bots, a game to `--target` points)
and to wait for the person's turn. Every key of the game itself is pressed through X with xdotool,
as a person's keyboard would be, so Orca hears each key and the focus it moves: J goes to the hand
(the first card that may be played), Enter plays it; passing, Enter on three cards then Enter on
the confirm button (Tab goes to it).

What Orca said is every `SPEECH OUTPUT` line of its debug file, written to DIR/orca-speech.txt
(one utterance a line) with DIR/summary.json: utterances, how many name a card, the live
regions' lines Orca spoke (compared with those the page wrote), the moves played and the time.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

NEEDED = ("Xvfb", "openbox", "orca", "xdotool", "speech-dispatcher", "chromium")
SPEECH = re.compile(r"SPEECH OUTPUT: '(.*)'\s*\{'established")


def missing() -> list[str]:
    """The programs the script needs that are not installed."""
    return [name for name in NEEDED if shutil.which(name) is None]


def desktop(work: Path, display: str) -> tuple[list[subprocess.Popen[bytes]], dict[str, str]]:
    """Start the screen, the window manager, the accessibility bus, speech and Orca; their
    processes (to end, last first) and the environment a program on that desktop needs."""
    env = {**os.environ, "DISPLAY": display, "GNOME_ACCESSIBILITY": "1", "ACCESSIBILITY_ENABLED": "1",
           "NO_AT_BRIDGE": "0", "GTK_MODULES": "gail:atk-bridge", "XDG_RUNTIME_DIR": str(work)}
    procs: list[subprocess.Popen[bytes]] = []

    def run(name: str, *args: str, wait: float = 1.0) -> None:
        with open(work / f"{name}.log", "ab") as log:
            procs.append(subprocess.Popen(args, env=env, stdout=log, stderr=subprocess.STDOUT))
        time.sleep(wait)

    run("xvfb", "Xvfb", display, "-screen", "0", "1280x800x24", "-nolisten", "tcp")
    run("openbox", "openbox")
    run("atspi", "/usr/libexec/at-spi-bus-launcher", "--launch-immediately")
    subprocess.run(["dbus-send", "--session", "--dest=org.a11y.Bus", "/org/a11y/bus",
                    "org.freedesktop.DBus.Properties.Set", "string:org.a11y.Status", "string:IsEnabled",
                    "variant:boolean:true"], env=env, check=True)
    subprocess.run(["gsettings", "set", "org.gnome.desktop.interface", "toolkit-accessibility", "true"], env=env,
                   check=False, capture_output=True)
    speech_config(work, env)
    run("speechd", "speech-dispatcher", "--run-single", "--timeout", "0",
        "--config-dir", str(work / "config" / "speech-dispatcher"))
    run("orca", "orca", "--replace", f"--debug-file={work / 'orca-debug.log'}", wait=5.0)
    return procs, env


SPEECHD = """# speech-dispatcher for scripts/orca_game.py: its one output module writes each message to a file
AddModule "textlog" "sd_generic" "textlog.conf"
DefaultModule textlog
LanguageDefaultModule "en" "textlog"
"""
TEXTLOG = """# a generic output module that writes what it is given to speak, one message a line, and plays nothing
GenericExecuteSynth "printf '%s\\n' \\'$DATA\\' >> {spoken}"
AddVoice "en" "MALE1" "en"
GenericLanguage "en" "en" "utf-8"
"""


def speech_config(work: Path, env: dict[str, str]) -> None:
    """speech-dispatcher's own configuration for this desktop (XDG_CONFIG_HOME): no sound device
    here, so its default module (espeak-ng through PulseAudio) never answers ("Opening audio failed:
    Couldn't open pulse plugin"), and Orca, waiting for the answer to its first SPEAK, stops; a
    generic module that writes each message to DIR/speechd-spoken.txt answers at once."""
    config = work / "config"
    (config / "speech-dispatcher" / "modules").mkdir(parents=True, exist_ok=True)
    (config / "speech-dispatcher" / "speechd.conf").write_text(SPEECHD)
    (config / "speech-dispatcher" / "modules" / "textlog.conf").write_text(TEXTLOG.format(spoken=work / "speechd-spoken.txt"))
    env["XDG_CONFIG_HOME"] = str(config)


def key(env: dict[str, str], *keys: str) -> None:
    """Press keys through X, as a keyboard does (Orca hears them)."""
    subprocess.run(["xdotool", "key", "--delay", "60", *keys], env=env, check=True)


class Listener:
    """Waits as a listener does: until Orca has said nothing new for a moment (its debug file's
    speech, read from where it was last read)."""

    def __init__(self, work: Path) -> None:
        self.path, self.offset, self.last = work / "orca-debug.log", 0, time.monotonic()

    def heard_all(self, pause: float = 0.8, limit: float = 8.0) -> None:
        """Return once Orca has been quiet for `pause` seconds, or after `limit` seconds."""
        start = time.monotonic()
        while time.monotonic() - start < limit:
            with open(self.path, "rb") as log:
                log.seek(self.offset)
                new = log.read()
            self.offset += len(new)
            if b"SPEECH OUTPUT" in new:
                self.last = time.monotonic()
            if time.monotonic() - self.last >= pause:
                return
            time.sleep(0.1)


def spoken(work: Path) -> list[str]:
    """Every utterance Orca sent to speech, in order, from its debug file."""
    path = work / "orca-debug.log"
    if not path.exists():
        return []
    return [m[1] for m in SPEECH.finditer(path.read_text(errors="replace"))]


ACTIVE = """() => { const a = document.activeElement;
  return a ? {id: a.id, card: a.dataset.card || a.dataset.id || '', pressed: a.getAttribute('aria-pressed'),
              disabled: a.getAttribute('aria-disabled'), name: a.getAttribute('aria-label') || a.textContent} : null; }"""
VERSION = "() => document.getElementById('table-root').dataset.version"


def one_move(page, env: dict[str, str], listener: Listener) -> None:  # type: ignore[no-untyped-def]
    """The person's move with keys through X: J to the first card that may be played, Enter; while
    a pass is being chosen (the select bar), Right and Enter to the next card, then Tab to the
    confirm button and Enter, each key once Orca has said what the last one did. Waits until the
    table has moved on."""
    version = page.evaluate(VERSION)
    key(env, "j")
    page.wait_for_timeout(250)
    key(env, "Return")
    for _ in range(6):
        page.wait_for_timeout(250)
        if page.evaluate(VERSION) != version or not page.locator("#select-bar").is_visible():
            break
        listener.heard_all(pause=0.5, limit=4.0)
        if page.get_attribute("#select-confirm", "aria-disabled") == "false":
            for _tab in range(60):
                if (page.evaluate(ACTIVE) or {}).get("id") == "select-confirm":
                    break
                key(env, "Tab")
            key(env, "Return")
            break
        key(env, "Right", "Return")
    page.wait_for_function(f"v => ({VERSION})() !== v || document.getElementById('alert').textContent",
                           arg=version, timeout=60_000)


def click_into(page, env: dict[str, str]) -> None:  # type: ignore[no-untyped-def]
    """Click the page's first heading with the pointer through X, as a person does to put the
    keyboard in the page (a new window's focus is in the address bar)."""
    box = page.evaluate("""() => { const r = document.querySelector('h1').getBoundingClientRect();
      return {x: window.screenX + (window.outerWidth - window.innerWidth) / 2 + r.left + 5,
              y: window.screenY + (window.outerHeight - window.innerHeight) + r.top + r.height / 2}; }""")
    subprocess.run(["xdotool", "mousemove", "--sync", str(int(box["x"])), str(int(box["y"])), "click", "1"], env=env,
                   check=True)
    page.wait_for_timeout(500)


def game(work: Path, env: dict[str, str], lang: str, target: int) -> dict[str, object]:
    """The room and Chromium on the desktop; a whole Hearts game played with keys through X.
    What the page wrote to its live regions and the number of moves."""
    from playwright.sync_api import sync_playwright

    from tests.room.helpers import Server
    from tests.web.helpers import TURN, create_table, pick_name, start_game, wait_turn
    from tests.web.listening import heard, record

    server = Server(f"sqlite:///{work / 'room.db'}", work / "room.log", ["--bot-pace", "1"]).start()
    started = time.monotonic()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", headless=False, env=env,
                                        args=["--no-sandbox", "--force-renderer-accessibility", "--disable-gpu",
                                              "--no-first-run", "--disable-background-networking",
                                              "--disable-component-update", "--disable-sync", "--start-maximized"])
            context = browser.new_context(no_viewport=True, locale=lang, extra_http_headers={"Accept-Language": lang})
            page = context.new_page()
            record(page, ["trick_won"])
            pick_name(page, server.url, "Kim")
            create_table(page, "hearts", {"players": 4, "target": target},
                         ["me", "bot:random", "bot:random", "bot:random"])
            start_game(page)
            click_into(page, env)
            moves = 0
            listener = Listener(work)
            while wait_turn(page, timeout=120_000) != "over":
                listener.heard_all()  # a listener moves once the table's last lines are said
                one_move(page, env, listener)
                moves += 1
            page.wait_for_timeout(3000)  # Orca speaks the last lines
            written = [line["text"] for line in heard(page)]
            status = page.evaluate(TURN)
            browser.close()
    finally:
        server.stop()
    return {"moves": moves, "status": status, "written": written, "seconds": round(time.monotonic() - started)}


def main() -> int:
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # a stop still ends every program started
    ask = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ask.add_argument("--out", type=Path, default=None, help="where to write what Orca said (a new folder if not given)")
    ask.add_argument("--lang", default="en", help="the page's language (en, bg, cs, es, ru, de, fr)")
    ask.add_argument("--target", type=int, default=1, help="Hearts' target: the game ends when a total exceeds it")
    ask.add_argument("--display", default=":93")
    args = ask.parse_args()
    if lack := missing():
        print(f"missing programs: {', '.join(lack)} (apt-get install orca at-spi2-core xvfb openbox xdotool "
              "speech-dispatcher chromium)", file=sys.stderr)
        return 2
    if not os.environ.get("DBUS_SESSION_BUS_ADDRESS"):
        print("run it under a D-Bus session of its own: dbus-run-session -- python3 scripts/orca_game.py",
              file=sys.stderr)
        return 2
    work = args.out or Path(tempfile.mkdtemp(prefix="orca-game-"))
    work.mkdir(parents=True, exist_ok=True)
    procs, env = desktop(work, args.display)
    try:
        played = game(work, env, args.lang, args.target)
    finally:
        for proc in reversed(procs):
            proc.terminate()
        for proc in procs:
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
    said = spoken(work)
    (work / "orca-speech.txt").write_text("\n".join(said) + "\n")
    written = list(played.pop("written"))  # type: ignore[call-overload]
    summary = {**played, "utterances": len(said), "live_lines_written": len(written),
               "live_lines_spoken": sum(1 for line in written if any(line in s for s in said)),
               "live_lines_never_spoken": [line for line in written if not any(line in s for s in said)],
               "card_names_spoken": sum(1 for s in said if re.search(r"\b(?:of|de|von|от|z|из)\b", s))}
    (work / "summary.json").write_text(json.dumps(summary, indent=1, ensure_ascii=False))
    (work / "page-lines.txt").write_text("\n".join(written) + "\n")
    print(json.dumps({"out": str(work), **summary}, ensure_ascii=False))
    return 0 if played["status"] == "over" and said else 1


if __name__ == "__main__":
    sys.exit(main())
