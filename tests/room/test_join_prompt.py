"""Issue 17 for `cardhall join`: the prompt of `cardhall play` at an online table — card names in
words as input, a choice playing on its Enter (the default; --quick says the same; --confirm
asks a second Enter), --verbose (the whole table before every turn), and by default only what changed since the last turn."""

from __future__ import annotations

import os
import re
import signal
from collections.abc import Iterator

import pytest

from cardhall.web.bench import ServerProcess
from tests.room.test_remote import Host, Lines, cardhall

CHOICE = re.compile(r"^\s+1\. \S+ \S+ \((?P<words>[^)]+)\)$|^\s+1\. \S+ \((?P<card>[^)]+)\)$")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    os.environ.setdefault("XDG_DATA_HOME", str(tmp_path_factory.mktemp("data")))
    with ServerProcess(tmp_path_factory.mktemp("room") / "room.db") as srv:
        yield srv


def play_by_words(server: ServerProcess, *flags: str) -> str:
    """A one-deal Hearts game at seat 1, every choice typed as its first choice's card words."""
    host = Host(server)
    table = host.new_table("hearts", ["open", "bot:random", "bot:random", "bot:random"], target=1)
    proc = cardhall("join", f"{server.url}/tables/{table}", "--seat", "1", "--name", "Wim", "--lang", "en", *flags)
    assert proc.stdin is not None
    out = Lines(proc)
    expect_choice = False
    for line in out:
        if line.startswith("Waiting for the host"):
            host.start_when_seated(table, 0, proc)
        elif line.startswith("Your choices ("):
            expect_choice = True
        elif expect_choice and (match := CHOICE.match(line)):
            expect_choice = False
            proc.stdin.write((match["words"] or match["card"]) + "\n" + ("\n" if "--confirm" in flags else ""))
            proc.stdin.flush()
    assert proc.wait(30) == 0, out.text()
    assert host.table(table)["status"] == "over"
    return out.text()


def test_join_reads_card_words_and_quick_plays_at_once(server: ServerProcess) -> None:
    text = play_by_words(server, "--quick")
    assert "Selected:" not in text and "Press Enter" not in text  # --quick (now the default): no confirm step
    default = play_by_words(server)
    assert "Selected:" not in default and "Final scores: you " in default  # one Enter plays, without a flag
    assert "You: " in text and "Final scores: you " in text
    assert text.count("Your hand (") == 1  # the whole table once; then what changed and whose turn
    assert "Your turn to play" in text
    assert "Traceback" not in text


def test_join_verbose_says_the_whole_table_before_every_turn(server: ServerProcess) -> None:
    text = play_by_words(server, "--verbose", "--confirm")
    assert "Selected:" in text  # --confirm: a choice is selected, then a second Enter plays it
    assert text.count("Your hand (") >= 13  # before each of the 13 tricks (and the pass)
    assert "Final scores: you " in text


def test_ctrl_c_in_join_says_how_to_come_back(server: ServerProcess) -> None:
    """Point 2 for join: Ctrl-C is no silent exit (nor a traceback): it says how to take the seat back."""
    host = Host(server)
    table = host.new_table("hearts", ["open", "bot:random", "bot:random", "bot:random"], target=1)
    proc = cardhall("join", f"{server.url}/tables/{table}", "--seat", "1", "--name", "Ivo", "--lang", "en")
    out = Lines(proc)
    for line in out:
        if line.startswith("Waiting for the host"):
            host.start_when_seated(table, 0, proc)
        elif line.startswith("Your choices ("):
            proc.send_signal(signal.SIGINT)
    assert proc.wait(30) == 130, out.text()
    assert "Join again with the same command to take it back." in out.text()
    assert "Traceback" not in out.text()


def test_join_in_russian_tells_the_room_the_language(server: ServerProcess) -> None:
    """`join --lang ru`: the prompt speaks Russian, and the room is told the player's language (a
    room without languages is said to be one, in one sentence)."""
    host = Host(server)
    table = host.new_table("hearts", ["open", "bot:random", "bot:random", "bot:random"], target=1)
    proc = cardhall("join", f"{server.url}/tables/{table}", "--seat", "1", "--name", "Олег", "--lang", "ru", "--quick")
    assert proc.stdin is not None
    out = Lines(proc)
    language = None
    for line in out:
        if line.startswith("Ждём, пока хозяин стола начнёт партию."):
            host.start_when_seated(table, 0, proc)
            language = host.table(table)["seats"][0].get("lang")
        elif line.startswith("Ваши варианты ("):
            proc.stdin.write("1\n")
            proc.stdin.flush()
    assert proc.wait(30) == 0, out.text()
    assert language == "ru" or "Этот игровой зал не знает языков игроков" in out.text(), out.text()
    assert "Traceback" not in out.text()


def test_join_k_holds_the_bots_and_lets_them_go_on(server: ServerProcess) -> None:
    """"Wait for me" in the terminal: K asks the bots to wait (said back as the table says it to
    everyone), K again lets them go on; ? lists the key; Q leaves."""
    host = Host(server)
    table = host.new_table("hearts", ["open", "bot:random", "bot:random", "bot:random"], target=1)
    proc = cardhall("join", f"{server.url}/tables/{table}", "--seat", "1", "--name", "Kai", "--lang", "en")
    assert proc.stdin is not None
    out = Lines(proc)

    def typed(line: str) -> None:
        assert proc.stdin is not None
        proc.stdin.write(line + "\n")
        proc.stdin.flush()

    for line in out:
        if line.startswith("Waiting for the host"):
            host.start_when_seated(table, 0, proc)
        elif line.startswith("Your choices (") and "The bots wait" not in out.text():
            typed("?")
            typed("K")
        elif line.startswith("The bots wait for you; they play again once you let them go on."):
            assert host.table(table)["seats"][0]["hold"] is True
            typed("K")
        elif line.startswith("You let the bots go on."):
            typed("Q")
    assert proc.wait(30) == 0, out.text()
    assert "  K  wait for me: the bots make no move until you press K again (go on)" in out.text()
    assert "Traceback" not in out.text()
