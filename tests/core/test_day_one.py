"""Day one on a fresh machine: the tests keep out of the person's files, the plain install lacks
only what extras bring, and a command that needs a missing extra says which, in words."""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path

import platformdirs
import pytest
from typer.testing import CliRunner

from cardhall import cli
from cardhall.core.extras import PLOTS, MissingExtra, require, require_plots
from cardhall.core.i18n import lang
from cardhall.core.paths import DATA_DIR_VARIABLE, data_dir
from cardhall.room.store import default_url
from cardhall.tui.play import records_dir
from cardhall.tui.remote import identities_path

ROOT = Path(__file__).resolve().parents[2]


def test_every_test_keeps_its_files_out_of_the_persons_data_directory():
    mine = Path(platformdirs.user_data_dir("cardhall"))
    assert data_dir() != mine
    for path in (records_dir(), identities_path(), Path(default_url().removeprefix("sqlite:///"))):
        assert path.is_relative_to(data_dir()) and not path.is_relative_to(mine)


def test_the_data_directory_follows_the_environment(monkeypatch, tmp_path):
    monkeypatch.setenv(DATA_DIR_VARIABLE, str(tmp_path / "elsewhere"))
    assert data_dir() == tmp_path / "elsewhere"
    assert default_url() == "sqlite:///" + str(tmp_path / "elsewhere" / "room.sqlite3")
    monkeypatch.setenv(DATA_DIR_VARIABLE, " ")  # set but empty: the person's data directory
    assert data_dir() == Path(platformdirs.user_data_dir("cardhall"))


def test_plots_are_an_extra_and_the_room_needs_greenlet():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    base = project["dependencies"]
    assert not [d for d in base if d.startswith("matplotlib")]  # the plain install stays light (scripts/smoke)
    assert [d for d in base if d.startswith("sqlalchemy[asyncio]")]  # greenlet, optional since SQLAlchemy 2.1
    assert [d for d in base if d.startswith("httpx")] and [d for d in base if d.startswith("websockets")]  # join, bot
    extras = project["optional-dependencies"]
    assert extras["plots"] == ["matplotlib>=3.8"] and "cardhall[plots]" in extras["test"]


def test_a_missing_extra_is_a_sentence_naming_it_in_the_readers_language():
    with pytest.raises(MissingExtra) as missing:
        require("cardhall_no_such_module", "plots", PLOTS)
    assert str(missing.value) == ("the arena's plots need the plots extra, which is not installed "
                                  "(cardhall_no_such_module is missing): pip install \"cardhall[plots]\"")
    for code in ("bg", "cs", "de", "es", "ru"):
        said = lang(code, "cardhall").say(missing.value)
        assert 'pip install "cardhall[plots]"' in said and "need the" not in said, (code, said)


def test_arena_with_a_plot_and_no_matplotlib_says_so_before_playing(monkeypatch, tmp_path):
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # as if not installed
    with pytest.raises(MissingExtra):
        require_plots()
    monkeypatch.setenv("LANGUAGE", "ru")
    result = CliRunner().invoke(cli.app, ["arena", "hearts", "--games", "2", "--plot", str(tmp_path / "p.png")])
    assert result.exit_code != 0
    assert 'pip install "cardhall[plots]"' in result.output and "ошибка" in result.output
    assert not (tmp_path / "p.png").exists()
