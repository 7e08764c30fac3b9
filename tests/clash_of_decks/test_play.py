"""The heuristic bot in every format, the text UI and a scripted terminal game."""

from __future__ import annotations

import itertools
import random

import pytest

from cardhall.bots import make_bot
from cardhall.core.bot import Observation, RandomBot
from cardhall.core.errors import CardhallError
from cardhall.core.record import Record
from cardhall.core.text import text_ui
from cardhall.games.clash_of_decks.bot import HeuristicBot
from cardhall.room import play_game
from cardhall.tui.play import TerminalGame

from .helpers import game, position


@pytest.mark.parametrize("options", [dict(), dict(format="draft"), dict(format="constructed"),
                                     dict(solo=True), dict(solo=True, format="draft", level=4)])
def test_heuristic_bot_plays_every_format(options):
    g = game(**options)
    bot = make_bot(g, "heuristic", seed=1)
    assert isinstance(bot, HeuristicBot)
    for seed in range(2):
        s = play_game(g.new_state(seed), [HeuristicBot(seed) for _ in range(g.num_players)])
        assert s.is_over()


def test_heuristic_bot_beats_random_in_duels():
    g = game()
    wins = 0
    for seed in range(20):
        bots = [HeuristicBot(seed), RandomBot(seed)] if seed % 2 == 0 else [RandomBot(seed), HeuristicBot(seed)]
        s = play_game(g.new_state(seed), bots)
        wins += s.winners() == [seed % 2]
    assert wins >= 15


def test_heuristic_bot_kills_with_incantations_and_keeps_its_own():
    """The bot aims an incantation where it destroys an enemy creature, not at its own."""
    s = position(hands=(["BOOM!", "ANNIHILATION", "GRRR"], ["OGRE", "GNOME"]), mana=1,
                 a_top=["BRIGAND"], b_top=["ZOMBIE"], b_bottom=["BARON"])
    action = HeuristicBot(0).act(Observation.of(s))
    assert s.game.format_action(action) == "cast BOOM! on B top 1"


def test_text_ui_board_hand_life_and_turn():
    s = position(hands=(["BOOM!", "ANNIHILATION", "GRRR", "BARON", "BRUTE"], ["SCRIBE", "GNOME", "ZOMBIE"]), mana=3,
                 bastion=(2, 1), a_top=["TROLL", "SHAMAN"], b_bottom=[{"card": "OGRE", "damage": 2}],
                 shown=[[False] * 5, [False, False, True]])
    ui = text_ui(s.game)
    v = s.view(0)
    text = ui.render(v, 0)
    assert "Top lane, your side, from the bridge:" in text and "Bottom lane" in text
    assert "from the bridge: 1, TROLL, attack 3, health 6, Rage, Berserk; 2, SHAMAN, attack 1, health 2." in text
    assert "1, OGRE, attack 4, health 4, 2 damage taken, Berserk" in text
    assert "3. your BASTION" in text and "in the window, playable" in text
    hand_lines = ui.hand(v, 0).splitlines()
    assert "GRRR" in hand_lines[4] and "playable" in hand_lines[4] and "window" not in hand_lines[-1]
    life = ui.score(v, 0)
    assert "Bastion at place 3 of 6: 3 damage to destroy it" in life and "Bastion at place 2 of 4" in life
    assert "place 4 ZOMBIE" in life and "unknown: GNOME, SCRIBE" in life  # the returned card is known
    assert "mana left" in ui.turn(v, 0)
    assert set("CSTHE") <= set(ui.shortcuts())
    # B's view never names A's hidden cards
    assert "ANNIHILATION" not in ui.render(s.view(1), 1).split("unknown:")[0].replace("known places", "")


def test_scripted_terminal_duel_to_a_replayable_record(tmp_path):
    """A scripted terminal game with bad input, shortcuts and Enter, to a record that replays."""
    g = game()
    state = g.new_state(12)
    said: list[str] = []
    script = iter(["?", "C", "S", "T", "H", "summon DRAGON top", "999", "", "attack", "L"])
    rng = random.Random(0)

    def ask(_prompt: str) -> str:
        line = next(script, None)
        if line is not None:
            return line
        legal = tg.state.legal_actions()
        if tg.selected is None:
            return str(rng.randrange(len(legal)) + 1)
        return ""

    path = tmp_path / "game.json"
    tg = TerminalGame(state, 0, {1: make_bot(g, "heuristic", seed=3)}, ask=ask, say=said.append, record_path=path)
    final = tg.run()
    out = "\n".join(said)
    assert final.is_over()
    assert "no card called 'DRAGON'" in out and "There is no choice 999" in out and "Nothing is selected" in out
    assert "Top lane, " in out and "Bastion at place" in out and "your hand" in out.lower()
    assert "Game over" in out
    assert Record.load(path).check() == final


def test_scripted_terminal_solo_game(tmp_path):
    g = game(solo=True, format="draft", level=1)
    said: list[str] = []
    counter = itertools.count()

    def ask(_prompt: str) -> str:
        return "1" if next(counter) % 2 == 0 else ""

    path = tmp_path / "solo.json"
    final = TerminalGame(g.new_state(5), 0, {}, ask=ask, say=said.append, record_path=path).run()
    out = "\n".join(said)
    assert final.is_over() and ("You win" in out or "automaton wins" in out)
    assert "The automaton reveals" in out
    assert Record.load(path).check() == final


def test_bench_figures():
    from cardhall.core.bench import run
    from cardhall.games.clash_of_decks.bench import wilson

    figures = run(game(), 0.05, None)
    assert figures["random_games_per_second"] > 0
    with pytest.raises(CardhallError, match="no peer engine"):
        run(game(), 0.05, "openspiel")
    low, high = wilson(50, 100)
    assert 0.39 < low < 0.5 < high < 0.61


def test_text_ui_attack_key_and_intro():
    s = position(phase="assault", mana=1, hands=(["BOOM!", "GRRR", "BARON"], ["OGRE", "GNOME"]),
                 a_top=["TROLL"], b_top=["ZOMBIE"])
    ui = text_ui(s.game)
    said, action = ui.next_attack(s.view(0), 0)
    assert "TROLL (top 1) attacks" in said and action == ("attack",)
    assert ui.next_attack(s.view(1), 1) == "No attack is due now."
    assert "position 1 is next to" in " ".join(ui.intro(s.view(0), 0))
    solo = game(solo=True, level=2)
    assert "level 2" in " ".join(text_ui(solo).intro(solo.new_state(1).view(0), 0))


def test_text_ui_says_each_event_once():
    """A bot's summon is said once (the engine's restatement is marked and not repeated)."""
    s = position(hands=(["BARON", "BRUTE", "GRRR"], ["OGRE", "GNOME"]), mana=3)
    ui = text_ui(s.game)
    events = s.apply_with_events(s.game.parse_action("summon BARON top", s))
    said = [line for e in events[1] if (line := ui.phrase(e, 1))]
    assert said[0] == "Player A summons BARON to the top lane." and not any("is summoned" in x for x in said)
    assert events[1][0] == {"type": "summon", "seat": 0, "action": "summon BARON top", "card": "BARON", "lane": "top"}


def test_text_ui_says_what_a_spell_did_and_names_you_as_you():
    """Issue 17 point 6: a cast is said in words with what it did; the engine's A/B become "you"."""
    s = position(hands=(["BOOM!", "GRRR", "BARON"], ["OGRE", "GNOME"]), mana=3, b_top=["TROLL"])
    ui = text_ui(s.game)
    events = s.apply_with_events(s.game.parse_action("cast BOOM! on B top 1", s))
    mine = [line for e in events[0] if (line := ui.phrase(e, 0))]
    theirs = [line for e in events[1] if (line := ui.phrase(e, 1))]
    assert mine[0] == "You cast BOOM! on Player B's TROLL in the top lane."
    assert theirs[0] == "Player A casts BOOM! on your TROLL in the top lane."
    assert any(line.startswith("The spell hits your TROLL: ") for line in theirs), theirs
    assert ui.relabel("Destroyed: OGRE; it returns to B's hand.", 1) == "Destroyed: OGRE; it returns to your hand."
    assert ui.relabel("B: OGRE attacks the Bastion for 4.", 0) == "Player B's OGRE attacks the Bastion for 4."
    assert ui.relabel("A takes 4 damage: the Bastion moves to place 5 of 7.", 0).startswith("You take 4 damage")


def test_a_combat_is_one_line_in_words():
    """Issue 29 (listening): an attack, the damage it did and what it destroyed are one line; the
    attack's own move ("Player B: attack.") is not said beside it; after a change's first attack the
    same side's owner (and the same lane) is not named again; the end of a phase says which."""
    g = game()
    s, rng = g.new_state(1), random.Random(1)
    ui = text_ui(g, "en", notation=False)
    heard = []
    while not s.is_over():
        heard += [line for line in ui.phrase_all(s.apply_with_events(rng.choice(s.legal_actions()))[0], 0) if line]
    assert "Player B's SCRIBE attacks REVENANT in the top lane for 3: destroyed, back to your hand." in heard
    assert ("You cast ANNIHILATION on Player B's ABOMINATION in the bottom lane: destroyed, back to its owner's hand."
            in heard)
    assert "Your BARON attacks the Bastion for 3: now at place 4 of 8." in heard
    i = heard.index("Player B's LIEUTENANT attacks BARON in the bottom lane for 3: destroyed, back to your hand.")
    # two hits on the Bastion in one change: its place said once, after the last
    assert heard[i + 1:i + 3] == ["SHAMAN attacks the Bastion for 1.", "ALPHA attacks the Bastion for 4: now at place 6 of 7."]
    assert "Player B's LIEUTENANT attacks the Bastion for 3: destroyed, it flips to the Fort." in heard
    assert "You start the assault." in heard
    # the last hit: "destroyed" (who wins is the result's line, said after it)
    assert heard[-1] == "Player B's SCRIBE attacks the Fort for 3: destroyed."
    assert not [line for line in heard if line.endswith(": attack.") or line.startswith(("Destroyed:", "You take"))]
    assert not [line for line in heard if "takes" in line and "damage" in line]
    # the terminal hears the same lines, in Russian too
    ru = text_ui(g, "ru")
    s, rng = g.new_state(1), random.Random(1)
    said = []
    for _ in range(5):
        said += [line for line in ru.phrase_all(s.apply_with_events(rng.choice(s.legal_actions()))[0], 0) if line]
    assert said[-1] == "Существо SCRIBE игрока Б атакует существо REVENANT в верхнем ряду, урон 3: уничтожено, " \
                       "возвращается в вашу руку."
