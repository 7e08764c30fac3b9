"""`cardhall replay`: a recorded game move by move (or checked), or a finished table of a room."""

from __future__ import annotations

from pathlib import Path

import typer

from cardhall.cli.common import FACES_OPTION, LANG_OPTION, fail, terminal_words
from cardhall.core.errors import CardhallError
from cardhall.core.game import Game
from cardhall.core.i18n import N_

app = typer.Typer()


def options_line(game: Game) -> str:
    """A game's options as a command line gives them: "--players 4, --queen-breaks-hearts false"."""
    flags = {o.name: o for o in game.OPTIONS}
    return ", ".join(f"{flags[k].flag()} {str(v).lower() if isinstance(v, bool) else v}" if k in flags else f"{k}={v}"
                     for k, v in game.options.items())


@app.command(help=N_("Show a recorded game move by move, or verify it with --check; a finished table's URL shows that "
                     "game from the room, every move in words and every hand."))
def replay(
    file: str = typer.Argument(..., help=N_("A game record (JSON), or a table's URL "
                                            "(http://127.0.0.1:8000/tables/ID).")),
    check: bool = typer.Option(False, "--check", help=N_("Only verify that the record replays exactly.")),
    seat: int | None = typer.Option(None, help=N_("Also show the table as this seat (from 1) saw it.")),
    language: str | None = LANG_OPTION,
    faces: str = FACES_OPTION,
) -> None:
    from cardhall.core.record import Record
    from cardhall.core.text import text_ui
    from cardhall.core.titles import game_title

    code, tr = terminal_words(language, faces)
    if file.startswith(("http://", "https://")):
        import asyncio

        from cardhall.tui.people import replay as room_replay
        try:
            asyncio.run(room_replay(file, tr, lambda text: print(text, flush=True), code, faces))
        except CardhallError as exc:
            raise fail(tr.say(exc), tr) from None
        return
    try:
        rec = Record.load(Path(file))
        game = rec.new_game()
        ui = text_ui(game, code, faces=faces)
        if check:
            state = rec.check()
            winners = [ui.seat(w) for w in state.winners()]
            # Translators: {scores} is each seat and its score ("North 4, East 0"); {winners} the
            # seats that won, or "none" (context "winners").
            typer.echo(tr.ngettext("OK: {count} move of {game} replays exactly; scores: {scores}; winners: {winners}.",
                                   "OK: {count} moves of {game} replay exactly; scores: {scores}; winners: {winners}.",
                                   len(rec.actions), game=game_title(game, tr), scores=ui.score_list(state.scores(), None),
                                   winners=tr.join(winners) if winners else tr.pgettext("winners", "none")))
            return
        viewer = None if seat is None else seat - 1
        if viewer is not None and not 0 <= viewer < game.num_players:
            raise CardhallError(tr._("--seat must be from 1 to {last}, got {seat}", last=game.num_players, seat=seat))
        # Translators: {options} are the game's options as typed on the command line
        # ("--players 4, --queen-breaks-hearts false"): keep them as they are.
        typer.echo(tr._("{game}, seed {seed}, options: {options}", game=game_title(game, tr), seed=rec.seed,
                        options=options_line(game)))
        from cardhall.room.replays import record_words
        for i, (before, action, _text) in enumerate(rec.steps(), 1):
            typer.echo(f"{i:>4}. {' '.join(record_words(ui, before, action))}")
        final = rec.replay()
        if viewer is not None:
            typer.echo(ui.render(final.view(viewer), viewer))
        typer.echo(ui.result(final.view(0), final.scores(), final.winners(), -1) if final.is_over()
                   else tr.ngettext("The game is unfinished after {count} move.",
                                    "The game is unfinished after {count} moves.", len(rec.actions)))
    except CardhallError as exc:
        raise fail(tr.say(exc), tr) from None

