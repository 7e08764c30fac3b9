"""The Starter Kit's abilities, each implemented once and named as in the card file.

An ability is a bit; a creature's abilities are its own, those its neighbours' Auras give
it, and (solo) the automaton's difficulty ability. The rules of each are applied in
`game.py` where the effect happens (attack, damage, incantation), always through these bits.
"""

from __future__ import annotations

SPLASH = 1  # the attack also hits the creature at the same position in the other lane
PERFORATION = 2  # the attack also hits the creature right behind the target
RAGE = 4  # may attack enemy creatures (never the Bastion) in its summoning turn
PROTECTION = 8  # the first damage each turn is ignored
INDESTRUCTIBLE = 16  # unaffected by incantations (may still be targeted)
BERSERK = 32  # attacks again each time it destroys an enemy creature
SPRINT = 64  # moves to the front before attacking: +1 damage per creature passed

ABILITY_BITS: dict[str, int] = {
    "Splash": SPLASH,
    "Perforation": PERFORATION,
    "Rage": RAGE,
    "Protection": PROTECTION,
    "Indestructible": INDESTRUCTIBLE,
    "Berserk": BERSERK,
    "Sprint": SPRINT,
}
AI_ABILITIES = ("none", "Splash", "Perforation", "Rage", "Protection", "Berserk")


def ability_mask(names: list[str] | tuple[str, ...]) -> int:
    """The bit mask of the named abilities."""
    mask = 0
    for name in names:
        mask |= ABILITY_BITS[name]
    return mask


def ability_names(mask: int) -> list[str]:
    """The names of the abilities in `mask`, in the file's order."""
    return [name for name, bit in ABILITY_BITS.items() if mask & bit]
