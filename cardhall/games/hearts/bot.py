"""A rule-based Hearts player that sees only its own view.

Passing: the queen, king and ace of spades unless the spades are long enough to guard
them, then high hearts, then whole short suits (to make a void), highest first.
Play: duck under the winning card when it can; when it must win, win cheaply or with the
highest card if last; dump Q♠ on a spade trick already won by K♠ or A♠; discard Q♠, then
high spades, then high hearts, then the top of its shortest suit; lead low from short
suits, low spades to flush out the queen. Moon watch: if one opponent holds every point
taken so far (14 or more), it wins point tricks itself and stops feeding that opponent.
"""

from __future__ import annotations

import random
from typing import Any

from cardhall.core.bot import Bot, Observation
from cardhall.core.cards import HEARTS, SPADES, SUIT_MASKS, parse_card, parse_cards
from cardhall.core.game import Action, State
from cardhall.games.hearts.game import PASS, QS, HeartsState

KS, AS = QS + 1, QS + 2


def _suit_count(hand: int, suit: int) -> int:
    return (hand & SUIT_MASKS[suit]).bit_count()


def _is_point(card: int) -> bool:
    return card // 13 == HEARTS or card == QS


class HeuristicBot(Bot):
    name = "heuristic"

    def act(self, obs: Observation) -> Action:
        legal: list[int] = obs.legal  # type: ignore[assignment]
        if len(legal) == 1:
            return legal[0]
        view = obs.view
        hand = parse_cards(view["hand"])
        if legal[0] >= PASS:
            return PASS + max((a - PASS for a in legal), key=lambda c: self.pass_danger(c, hand))
        return self.play(view, hand, legal)

    # --- passing -----------------------------------------------------------------
    @staticmethod
    def pass_danger(c: int, hand: int) -> float:
        """How much we want to get rid of card `c` (higher: pass first)."""
        suit, rank = divmod(c, 13)
        n = _suit_count(hand, suit)
        if suit == SPADES:
            guards = (hand & SUIT_MASKS[SPADES] & ((1 << QS) - 1)).bit_count()  # spades below the queen
            if c in (QS, KS, AS):
                return 100 + rank if guards < 4 else 10 + rank
            return rank
        if suit == HEARTS:
            return 40 + 3 * rank if rank >= 8 else rank  # T♥ … A♥ are dangerous
        short = 30 if n <= 3 else 0  # passing a whole short suit makes a void
        return short + 2 * rank - 3 * n

    # --- play --------------------------------------------------------------------
    def play(self, view: dict[str, Any], hand: int, legal: list[int]) -> int:
        trick = [(s, parse_card(c)) for s, c in view["trick"]]
        queen_played = any(c == "QS" for t in view["tricks"] for c in t["cards"]) or any(c == QS for _, c in trick)
        return choose_card(view["seat"], view["players"], hand, trick, view["taken_points"], queen_played, legal)


def choose_card(me: int, n: int, hand: int, trick: list[tuple[int, int]], taken: list[int],
                queen_played: bool, legal: list[int]) -> int:
    """The heuristic's card: `trick` holds (seat, card) pairs, `taken` the points each seat
    has taken this deal; used by the bot (from its view) and by search rollouts (from a state)."""
    queen_out = not queen_played and not hand >> QS & 1  # an opponent still holds Q♠
    total = sum(taken)
    shooter = next((s for s in range(n) if s != me and taken[s] == total and total >= 14), None)
    if not trick:
        return _lead(hand, legal, queen_out, shooter)
    led = trick[0][1] // 13
    win_seat, win = trick[0]
    for s, c in trick[1:]:
        if c // 13 == led and c > win:
            win_seat, win = s, c
    points = sum(1 for _, c in trick if _is_point(c) and c != QS) + (13 if any(c == QS for _, c in trick) else 0)
    last = len(trick) == n - 1
    follow = [c for c in legal if c // 13 == led]
    if follow:
        if shooter is not None and win_seat == shooter and follow[-1] > win:
            return follow[-1]  # stop the moon: take this trick from the shooter
        if led == SPADES and QS in follow and win > QS:
            return QS  # dump the queen on the king or ace of spades
        below = [c for c in follow if c < win]
        if below:
            return below[-1]  # duck as high as possible
        safe = [c for c in follow if c != QS] or follow
        if last:
            return safe[-1]  # we win anyway: get rid of the highest card
        return safe[0]
    # void in the led suit: discard
    if shooter is not None and win_seat == shooter:
        plain = [c for c in legal if not _is_point(c)]
        if plain:
            return max(plain, key=lambda c: c % 13)
    if QS in legal:
        return QS
    if not queen_played:
        for high in (AS, KS):
            if high in legal:
                return high
    hearts = [c for c in legal if c // 13 == HEARTS]
    if hearts and (points or hearts[-1] % 13 >= 6 or len(hearts) == len(legal)):
        return hearts[-1]
    return max(legal, key=lambda c: (c % 13) - 2 * _suit_count(hand, c // 13))


def _lead(hand: int, legal: list[int], queen_out: bool, shooter: int | None) -> int:
    if shooter is not None:
        hearts = [c for c in legal if c // 13 == HEARTS]
        if hearts:
            return hearts[-1]  # take a heart trick to stop the moon
        return legal[-1]

    def cost(c: int) -> float:
        suit, rank = divmod(c, 13)
        score = rank + _suit_count(hand, suit) * 0.5
        if suit == SPADES:
            if c in (KS, AS) and queen_out:
                score += 30  # would catch the queen
            elif c == QS:
                score += 40
            elif queen_out and not hand & ((1 << KS) | (1 << AS)):
                score -= 3  # low spades flush the queen out
        if suit == HEARTS:
            score += 4
        return score

    return min(legal, key=cost)


def rollout_policy(state: State, rng: random.Random) -> Action:
    """The heuristic's move in a search rollout, read straight from a (sampled) state.

    Rollouts see a full determinization, so reading the state is fair; passes are chosen as
    the bot passes. One move in ten is uniformly random, so rollouts are not all alike.
    """
    legal: list[int] = state.legal_actions()  # type: ignore[assignment]
    if len(legal) == 1 or rng.random() < 0.1:
        return legal[int(rng.random() * len(legal))]
    st: HeartsState = state  # type: ignore[assignment]
    me = st.turn
    hand = st.hand(me)
    if legal[0] >= PASS:
        return PASS + max((a - PASS for a in legal), key=lambda c: HeuristicBot.pass_danger(c, hand))
    n = st.game.players
    leader = st.leader
    trick = [((leader + i) % n, c) for i, c in enumerate(st.trick)]
    queen_played = st.holder(QS) is None  # not in a hand: played (or the removed card)
    return choose_card(me, n, hand, trick, st.points, queen_played, legal)


def evaluate(games: int = 200, players: int = 4) -> dict[str, float]:
    """One heuristic bot (seat rotated) against random bots: win rate and its points per deal."""
    from cardhall.core.bot import RandomBot
    from cardhall.games.hearts.game import Hearts
    from cardhall.room import play_game  # a driver of the room (above the games layer)

    game = Hearts(players=players)
    wins = points = deals = 0.0
    for i in range(games):
        seat = i % players
        bots: list[Bot] = [RandomBot(1000 * i + s) for s in range(players)]
        bots[seat] = HeuristicBot(i)
        state = play_game(game.new_state(i), bots)
        winners = state.winners()
        wins += (seat in winners) / len(winners)
        results = state.results  # type: ignore[attr-defined]
        deals += len(results)
        points += sum(r[seat] for r in results)
    return {"games": games, "win_rate": round(wins / games, 3), "points_per_deal": round(points / deals, 2),
            "even_share": round(26 / players, 2)}
