"""Discard advice: which cards to keep, with the exact expected hand and crib values.

For a dealt hand, every way of keeping 4 cards is scored over every equally likely future:

- the **hand**: the 4 kept cards with each possible starter (46 unseen cards when 6 are dealt,
  47 when 5 are dealt);
- the **crib**: the cards laid away, plus the other players' unknown crib cards and the starter,
  over every starter and every set of unknown crib cards (2 players: the opponent's 2 discards,
  46 x C(45, 2) = 45,540 cases; 4 players, FADOQ: one card from each of the 3 others,
  47 x C(46, 3) = 713,460 cases; 3 players: one card from each of the 2 others and one from the
  pack, the same 713,460 cases).

**Assumption:** every card the player has not seen is equally likely to be the starter or any
of the other players' discards (uniform over the unseen cards). Real opponents choose their
discards, so the crib figure is the value of a random discard, the usual yardstick.

The net is what the choice is worth to the player's side: hand + crib when the crib is theirs
(they deal, or four-handed their partner deals), hand - crib otherwise (three-handed: the crib
is one opponent's).

Exact and fast (well under a second for 6 cards; the plain enumeration takes about a minute):
fifteens, pairs and runs depend only on the five ranks, so the unknown cards are counted by rank
multiset with weights, and each crib is one lookup in :func:`games.cribbage.fast.rank_table`.
The crib flush (all five of one suit) and nobs (a jack of the starter's suit in the crib) depend
on suits: their cases are counted separately and move their weight up by 5 or 1 point.

>>> analysis = analyze_discards("5H 5C 5S JD 4D 6D", dealer=True)
>>> best = analysis.best  # for the dealer, 5-5-4-6 and 5-J to the crib beat 5-5-5-J
>>> format_cards(best.keep), format_cards(best.discard)
('5H 5C 4D 6D', '5S JD')
>>> best.hand.minimum, best.hand.median, best.hand.maximum, best.crib.cases
(12, 14, 24, 45540)
>>> analyze_discards("5H 5C 5S JD 4D", dealer=False, players=2)
Traceback (most recent call last):
...
games.cards.CardError: with 2 players each player is dealt 6 cards, got 5: 5H 5C 5S JD 4D
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from math import comb
from typing import Any

from games.cards import DECK, Card, CardError, format_cards, parse_cards
from games.cribbage.cli import command
from games.cribbage.fast import CARD_WEIGHT, RANK_WEIGHT, RANKS, rank_table, score_total
from games.cribbage.rules import (
    FOUR_PLAYER_PARTNERS,
    HAND_SIZE,
    STANDARD_2P_121,
    THREE_PLAYER,
    RuleSet,
)

# The games the advisor knows: players -> rule set (cards dealt to a player who discards).
# Five cards dealt: three or four players, the same analysis (3 unknown crib cards); the
# number of cards alone says four (the FADOQ game).
GAMES: dict[int, RuleSet] = {2: STANDARD_2P_121, 3: THREE_PLAYER, 4: FOUR_PLAYER_PARTNERS}
CRIB_SIZE = 4
MAX_SHOW = 29
JACK = 11
ASSUMPTION = "Every unseen card is equally likely to be the starter or another player's discard."


@dataclass(frozen=True)
class ScoreDistribution:
    """How many of the equally likely cases give each score: ``counts[score] = cases``."""

    counts: dict[int, int]

    @property
    def cases(self) -> int:
        return sum(self.counts.values())

    @property
    def mean(self) -> Fraction:
        """The exact expected score."""
        return Fraction(sum(s * n for s, n in self.counts.items()), self.cases)

    @property
    def minimum(self) -> int:
        return min(self.counts)

    @property
    def maximum(self) -> int:
        return max(self.counts)

    @property
    def median(self) -> int:
        """The lower median: the smallest score that at least half the cases do not exceed."""
        seen = 0
        for score in sorted(self.counts):
            seen += self.counts[score]
            if 2 * seen >= self.cases:
                return score
        raise AssertionError("unreachable: the counts are not empty")

    def as_dict(self) -> dict[str, Any]:
        return {
            "mean": float(self.mean),
            "min": self.minimum,
            "median": self.median,
            "max": self.maximum,
            "cases": self.cases,
            "counts": {str(s): n for s, n in sorted(self.counts.items())},
        }


@dataclass(frozen=True)
class DiscardChoice:
    """One way to split the dealt cards: the 4 kept, the rest laid away to the crib."""

    keep: tuple[Card, ...]
    discard: tuple[Card, ...]
    hand: ScoreDistribution
    crib: ScoreDistribution
    net: Fraction  # for the player's side: hand + crib if the crib is theirs, else hand - crib

    def as_dict(self) -> dict[str, Any]:
        return {
            "keep": [str(c) for c in self.keep],
            "discard": [str(c) for c in self.discard],
            "hand": self.hand.as_dict(),
            "crib": self.crib.as_dict(),
            "net": float(self.net),
        }


@dataclass(frozen=True)
class DiscardAnalysis:
    """Every choice for one dealt hand, best net first."""

    dealt: tuple[Card, ...]
    players: int
    dealer: bool  # the crib counts for the player's side
    choices: tuple[DiscardChoice, ...]

    @property
    def starters(self) -> int:
        """Possible starters: the unseen cards."""
        return len(DECK) - len(self.dealt)

    @property
    def best(self) -> DiscardChoice:
        return self.choices[0]

    def as_dict(self) -> dict[str, Any]:
        return {
            "cards": [str(c) for c in self.dealt],
            "players": self.players,
            "dealer": self.dealer,
            "starters": self.starters,
            "crib_cases": self.choices[0].crib.cases,
            "assumption": ASSUMPTION,
            "choices": [choice.as_dict() for choice in self.choices],
        }


def analyze_discards(
    cards: str | Iterable[str | Card], *, dealer: bool, players: int | None = None
) -> DiscardAnalysis:
    """Rank every choice of 4 cards to keep from a dealt hand (6 cards: 2 players; 5: 3 or 4).

    ``dealer``: the crib counts for the player (they deal, or four-handed their partner deals).
    ``players`` defaults from the number of cards; given, it must match. Bad input raises
    :class:`~games.cards.CardError` naming what is wrong.
    """
    dealt = parse_cards(cards)
    players = _check_deal(dealt, players)
    unknowns = _Unknowns(frozenset(c.index for c in dealt), len(dealt) - HAND_SIZE)
    choices = []
    for keep in combinations(dealt, HAND_SIZE):
        discard = tuple(c for c in dealt if c not in keep)
        hand = unknowns.hand([c.index for c in keep])
        crib = unknowns.crib([c.index for c in discard])
        net = hand.mean + crib.mean if dealer else hand.mean - crib.mean
        choices.append(DiscardChoice(keep, discard, hand, crib, net))
    # Best net first; ties: the better hand, then the dealt order (stable sort).
    choices.sort(key=lambda c: (-c.net, -c.hand.mean))
    return DiscardAnalysis(dealt, players, bool(dealer), tuple(choices))


def _check_deal(dealt: Sequence[Card], players: int | None) -> int:
    dealt_sizes = {rules.deal[0]: n for n, rules in GAMES.items()}
    if players is None:
        if len(dealt) not in dealt_sizes:
            raise CardError(
                f"discard advice needs the cards dealt to you: 6 (2 players) or 5 (3 or 4 players), "
                f"got {len(dealt)}: {format_cards(dealt)}"
            )
        return dealt_sizes[len(dealt)]
    if players not in GAMES:
        raise CardError(f"discard advice is for 2, 3 or 4 players, not {players!r}")
    expected = GAMES[players].deal[0]
    if len(dealt) != expected:
        raise CardError(
            f"with {players} players each player is dealt {expected} cards, got {len(dealt)}: "
            f"{format_cards(dealt)}"
        )
    return players


class _Unknowns:
    """The cards a player has not seen, counted in the forms the scoring needs.

    Cards are indices (0-51, rank-major: rank = i // 4 + 1, suit = i % 4) as in
    :mod:`games.cribbage.fast`. Everything here depends on the dealt cards only, not on the
    choice, so it is computed once per deal and shared by every choice.
    """

    def __init__(self, dealt: frozenset[int], discards: int) -> None:
        self.unseen = tuple(i for i in range(len(DECK)) if i not in dealt)
        self.hidden = CRIB_SIZE - discards  # other players' crib cards, unknown
        self.available = [0] * 14  # unseen cards per rank
        for i in self.unseen:
            self.available[i // 4 + 1] += 1
        self.table = rank_table()
        # Every (starter, hidden cards) by rank multiset: a set of hidden + 1 unseen cards can
        # be dealt as that in hidden + 1 ways (any one of its cards may be the starter).
        self.crib_ranks = [
            (code, ways * (self.hidden + 1))
            for code, ways in rank_multisets(self.available, self.hidden + 1)
        ]
        self.cases = len(self.unseen) * comb(len(self.unseen) - 1, self.hidden)
        self.nobs_unseen_jack = self._nobs_unseen_jack()
        self._laid_jack_cache: dict[int, list[tuple[int, int]]] = {}

    def hand(self, keep: Sequence[int]) -> ScoreDistribution:
        counts = [0] * (MAX_SHOW + 1)
        for starter in self.unseen:
            counts[score_total(keep, starter)] += 1
        return _distribution(counts)

    def crib(self, discard: Sequence[int]) -> ScoreDistribution:
        laid = sum(CARD_WEIGHT[i] for i in discard)
        table = self.table
        counts = [0] * (MAX_SHOW + 1)
        for code, ways in self.crib_ranks:  # fifteens, pairs, runs
            counts[table[laid + code]] += ways
        # Nobs: the cases with the jack of the starter's suit in the crib score 1 more.
        nobs_cases = list(self.nobs_unseen_jack)
        for i in discard:
            if i // 4 + 1 == JACK:
                nobs_cases += self._nobs_laid_jack(i % 4)
        for code, ways in nobs_cases:
            points = table[laid + code]
            counts[points] -= ways
            counts[points + 1] += ways
        # Crib flush: all five of one suit, so the laid-away cards must share a suit.
        suit = discard[0] % 4
        if all(i % 4 == suit for i in discard):
            suited = [i for i in self.unseen if i % 4 == suit]
            jack = (JACK - 1) * 4 + suit
            laid_jack = jack in discard
            for starter in suited:
                rest = [i for i in suited if i != starter]
                for hidden in combinations(rest, self.hidden):
                    points = table[
                        laid + CARD_WEIGHT[starter] + sum(CARD_WEIGHT[i] for i in hidden)
                    ]
                    points += laid_jack or jack in hidden  # nobs, already counted above
                    counts[points] -= 1
                    counts[points + 5] += 1
        return _distribution(counts)

    def _nobs_unseen_jack(self) -> list[tuple[int, int]]:
        """(rank code, ways) of the starter and hidden cards holding the unseen jack of the
        starter's suit (whatever is laid away)."""
        found: dict[int, int] = {}
        for suit in range(4):
            jack = (JACK - 1) * 4 + suit
            if jack not in self.unseen:
                continue
            for starter in self.unseen:
                if starter % 4 != suit or starter == jack:
                    continue
                left = self.available[:]
                left[starter // 4 + 1] -= 1
                left[JACK] -= 1
                fixed = CARD_WEIGHT[starter] + RANK_WEIGHT[JACK]
                for code, ways in rank_multisets(left, self.hidden - 1):
                    found[fixed + code] = found.get(fixed + code, 0) + ways
        return list(found.items())

    def _nobs_laid_jack(self, suit: int) -> list[tuple[int, int]]:
        """(rank code, ways) of every starter of ``suit`` with any hidden cards: nobs when the
        jack of that suit is laid away."""
        if suit in self._laid_jack_cache:  # several choices lay away the same jack
            return self._laid_jack_cache[suit]
        found: dict[int, int] = {}
        for starter in self.unseen:
            if starter % 4 != suit:
                continue
            left = self.available[:]
            left[starter // 4 + 1] -= 1
            for code, ways in rank_multisets(left, self.hidden):
                key = CARD_WEIGHT[starter] + code
                found[key] = found.get(key, 0) + ways
        self._laid_jack_cache[suit] = list(found.items())
        return self._laid_jack_cache[suit]


def rank_multisets(available: Sequence[int], size: int) -> list[tuple[int, int]]:
    """Every multiset of ``size`` ranks that can be drawn from ``available[r]`` cards of each
    rank r (1-13), as (rank code, number of card sets with those ranks).

    >>> available = [0] * 14
    >>> available[5], available[11] = 2, 1
    >>> sorted(rank_multisets(available, 2))  # 5-5 one way, 5-J two ways
    [(1250, 1), (9766250, 2)]
    """
    found: list[tuple[int, int]] = []

    def walk(rank: int, left: int, code: int, ways: int) -> None:
        if left == 0:
            found.append((code, ways))
            return
        if rank > RANKS[-1]:
            return
        walk(rank + 1, left, code, ways)
        for k in range(1, min(available[rank], left) + 1):
            walk(rank + 1, left - k, code + k * RANK_WEIGHT[rank], ways * comb(available[rank], k))

    walk(RANKS[0], size, 0, 1)
    return found


def _distribution(counts: Sequence[int]) -> ScoreDistribution:
    return ScoreDistribution({s: n for s, n in enumerate(counts) if n})


# --- CLI: python -m games.cribbage discard ... -------------------------------------------------


def _discard_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "cards", nargs="+", help="the cards dealt to you: 6 (2 players) or 5 (3, 4)"
    )
    side = parser.add_mutually_exclusive_group()
    side.add_argument("--dealer", action="store_true", help="you deal: the crib is yours")
    side.add_argument(
        "--partner", action="store_true", help="four-handed: your partner deals (the crib is yours)"
    )
    parser.add_argument("--players", type=int, choices=sorted(GAMES), help="default: from cards")
    parser.add_argument("--json", action="store_true", help="print JSON")


@command(
    "discard",
    help="which cards to keep: exact expected hand and crib value of every choice",
    arguments=_discard_arguments,
)
def discard_command(args: argparse.Namespace) -> int:
    if args.partner and args.players not in (None, 4):
        raise CardError("--partner is for the four-handed game (--players 4)")
    cards = " ".join(args.cards)  # "5H 5C ..." quoted as one argument works too
    if args.partner and len(parse_cards(cards)) != GAMES[4].deal[0]:
        raise CardError("--partner is for the four-handed game: 5 cards dealt")
    analysis = analyze_discards(cards, dealer=args.dealer or args.partner, players=args.players)
    if args.json:
        print(json.dumps(analysis.as_dict(), ensure_ascii=False))
    else:
        print(format_analysis(analysis))
    return 0


def format_analysis(analysis: DiscardAnalysis) -> str:
    """The choices as a text table, best first."""
    whose = "yours" if analysis.dealer else "the opponents'"
    net = "hand + crib" if analysis.dealer else "hand - crib"
    lines = [
        f"dealt {format_cards(analysis.dealt, pretty=True)}  ({analysis.players} players, "
        f"the crib is {whose}; net = {net})",
        f"{'keep':<16}{'discard':<10}{'hand':>7}{'crib':>7}{'net':>8}   hand min/median/max",
    ]
    for c in analysis.choices:
        lines.append(
            f"{format_cards(c.keep, pretty=True):<16}{format_cards(c.discard, pretty=True):<10}"
            f"{float(c.hand.mean):>7.3f}{float(c.crib.mean):>7.3f}{float(c.net):>+8.3f}"
            f"   {c.hand.minimum}/{c.hand.median}/{c.hand.maximum}"
        )
    lines.append(
        f"exact over {analysis.starters} starters and {analysis.choices[0].crib.cases:,} crib "
        f"cases each. Assumption: {ASSUMPTION[0].lower()}{ASSUMPTION[1:]}"
    )
    return "\n".join(lines)
