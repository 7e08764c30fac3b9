"""One package per game. Each registers its Game class here by import path."""

from cardhall.core.registry import register

register("five-towers", "cardhall.games.five_towers.game:FiveTowers", aliases=("5-towers", "towers"))
register("hearts", "cardhall.games.hearts.game:Hearts")
register("jass", "cardhall.games.jass.game:Jass")
register("putz", "cardhall.games.jass.putz:Putz", aliases=("apple",))
register("three-two-five", "cardhall.games.three_two_five.game:ThreeTwoFive", aliases=("325", "3-2-5"))
register("clash-of-decks", "cardhall.games.clash_of_decks.game:ClashOfDecks", aliases=("clash",))
