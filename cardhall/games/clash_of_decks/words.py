"""The words of Clash of Decks that the engine and the text share: card names, seats, lanes,
abilities, and `Spoken` — the engine's own English sentence that can be said again in any
language, with "you" for the reader's own side.

Card names are notation ("summon OGRE top") and stay as printed wherever a player types them;
in sentences they are words (`card`), translated in the context ``card name``. Every name is
marked here, once, so that the catalogs have it (a test checks this list against the cards).
"""

from __future__ import annotations

from typing import Any

from cardhall.core.i18n import N_, NP_, FromNow, Msg, Plural

CARD_NAME = "card name"
CARD_NAMES = (
    NP_("card name", "ANNIHILATION"), NP_("card name", "BARON"), NP_("card name", "BOOM!"),
    NP_("card name", "BRUTE"), NP_("card name", "CARAPACE"), NP_("card name", "PARTISAN"),
    NP_("card name", "REVENANT"), NP_("card name", "TROLL"), NP_("card name", "ABOMINATION"),
    NP_("card name", "ALPHA"), NP_("card name", "COMBUSTION"), NP_("card name", "LIEUTENANT"),
    NP_("card name", "MICROCTOPUS"), NP_("card name", "OGRE"), NP_("card name", "SCRIBE"),
    NP_("card name", "SHAMAN"), NP_("card name", "BRIGAND"), NP_("card name", "DISCIPLE"),
    NP_("card name", "GNOME"), NP_("card name", "GRRR"), NP_("card name", "MARTYR"),
    NP_("card name", "METEORITE"), NP_("card name", "PARASITE"), NP_("card name", "VORTEX"),
    NP_("card name", "ABERRATION"), NP_("card name", "ASSASSIN"), NP_("card name", "CARNIVORE"),
    NP_("card name", "CYCLONE"), NP_("card name", "MACHINE"), NP_("card name", "MUTANT"),
    NP_("card name", "REPTILE"), NP_("card name", "ZOMBIE"),
)

ABILITY = "ability"
ABILITY_NAMES = (
    NP_("ability", "Splash"), NP_("ability", "Perforation"), NP_("ability", "Rage"), NP_("ability", "Protection"),
    NP_("ability", "Indestructible"), NP_("ability", "Berserk"), NP_("ability", "Sprint"), NP_("ability", "Aura"),
)
ABILITY_RULES: dict[str, str] = {
    "Splash": N_("the attack also hits the creature at the same position in the other lane"),
    "Perforation": N_("the attack also hits the creature right behind the target (never the Bastion or Fort)"),
    "Rage": N_("may attack enemy creatures (never the Bastion or Fort) in the turn it is summoned"),
    "Protection": N_("each turn, the first damage that would hit it is ignored"),
    "Indestructible": N_("incantations do nothing to it, though it may be their target"),
    "Berserk": N_("each time it destroys an enemy creature, it attacks again"),
    "Sprint": N_("before it attacks it moves next to the bridge: +1 damage per creature it passes"),
    "Aura": N_("its two neighbours in the lane have this ability; it does not"),
}
"""What each ability does, in one phrase (the seed's list of special abilities)."""

# Translators: the phase as it stands in "your {phase} phase" (Russian: фаза Призыва, the genitive).
PHASES = {"summon": NP_("phase", "summon"), "assault": NP_("phase", "assault")}

# The lanes in words: alone, as a place ("in the top lane") and as a direction ("to the top lane").
# Translators: the {lane} of sentences: alone, as a place and as a direction ("summons OGRE to the top lane").
LANE_WORDS = ((N_("top lane"), N_("in the top lane"), N_("to the top lane")),
              (N_("bottom lane"), N_("in the bottom lane"), N_("to the bottom lane")))

DUEL_SEATS = (N_("Player A"), N_("Player B"))
# Translators: a side as owner, the {owner} of "{owner} Bastion", "{owner} hand" (Russian: игрока А).
DUEL_OWNERS = (N_("Player A's"), N_("Player B's"))
SOLO_SEATS = (N_("the player"), N_("the automaton"))
SOLO_OWNERS = (N_("the player's"), N_("the automaton's"))


def card(name: str) -> Msg:
    """A card's name as a word (translated), e.g. in "the spell hits your {card}"."""
    return Msg(name, context=CARD_NAME)


def cards(names: list[str]) -> Msg:
    """Card names listed with commas ("OGRE, TROLL"), each one translated."""
    if not names:
        return Msg("{none}", none="")
    params: dict[str, Any] = {f"c{i}": card(n) for i, n in enumerate(names)}
    return Msg(", ".join(f"{{c{i}}}" for i in range(len(names))), **params)


def lane(index: int, form: int = 0) -> Msg:
    """A lane in words: form 0 "top lane", 1 "in the top lane", 2 "to the top lane"."""
    return Msg(LANE_WORDS[index][form])


def seat(side: int, solo: bool) -> Msg:
    """A side's name: "Player A" / "Player B", in solo "the player" / "the automaton"."""
    return Msg((SOLO_SEATS if solo else DUEL_SEATS)[side])


def owner(side: int, solo: bool) -> Msg:
    """A side as the owner of something: "Player B's", "the automaton's"."""
    return Msg((SOLO_OWNERS if solo else DUEL_OWNERS)[side])


class Spoken(Msg):
    """An engine sentence whose English text stays as the engine always wrote it (``str``:
    "B: OGRE attacks the Bastion for 4."), and that a reader hears as `msgid` in their own
    language — or as `you` when the reader is the side `subject` ("Your OGRE attacks …")."""

    them: str | None

    def __new__(cls, english: str, msgid: str, /, *, you: str | None = None, them: str | None = None,
                subject: int | None = None, context: str | None = None, **params: Any) -> Spoken:
        self = str.__new__(cls, english)
        self.msgid, self.params, self.you, self.subject, self.context = msgid, params, you, subject, context
        self.them = them  # said to the duel's other side (e.g. the winner when `subject` lost)
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (_spoken, (str(self), self.msgid, self.you, self.them, self.subject, self.context, self.params))


def _spoken(english: str, msgid: str, you: str | None, them: str | None, subject: int | None,
            context: str | None, params: dict[str, Any]) -> Spoken:
    return Spoken(english, msgid, you=you, them=them, subject=subject, context=context, **params)


def to_data(msg: Msg) -> dict[str, Any]:
    """A message as JSON-safe data (for events that travel), read back by `from_data`."""
    if isinstance(msg, Plural | FromNow):
        return msg.to_data()
    params = {k: {"msg": to_data(v)} if isinstance(v, Msg) else v for k, v in msg.params.items()}
    data = {"id": msg.msgid, "you": msg.you, "subject": msg.subject, "context": msg.context, "params": params}
    if isinstance(msg, Spoken) and msg.them:
        data["them"] = msg.them
    return data


def from_data(data: dict[str, Any]) -> Msg:
    """The message `to_data` wrote."""
    if "plural" in data or "from_now" in data:
        return Msg.from_data(data)
    params = {k: from_data(v["msg"]) if isinstance(v, dict) and "msg" in v else v
              for k, v in data.get("params", {}).items()}
    return Msg(data["id"], you=data.get("you"), subject=data.get("subject"), context=data.get("context"), **params)
