"""Hand-built positions (``GameState.build``): any position written as text, for tests and
analysis. Piles go from bottom to top; each card may appear twice (once per deck).

:func:`fill_position` fills an empty position that ``GameState.build`` hands it, so this
module never imports the state machine (which imports it).

>>> from games.crapette.state import GameState
>>> game = GameState.build(crapette={"A": "KC 9H", "B": "QS"}, cases={1: "TS 9D"},
...                       foundations="8H 3S")
>>> [str(c) for c in game.cases[0]], [len(f) for f in game.foundations[:4]]
(['TS', '9D'], [3, 0, 8, 0])
>>> GameState.build(cases={2: "9S 9H"})
Traceback (most recent call last):
...
games.crapette.errors.PositionError: case 2: 9♥ cannot lie on 9♠: a case builds down one rank at a time in alternating colours
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping

from games.cards import Card, CardError, parse_cards

from .errors import PositionError
from .layout import Player, PlayerCard, player_card
from .table import CASE_INDEX, SUITS, Position, fits_case


def fill_position(
    state: Position,
    *,
    crapette: Mapping[str, str] | None = None,
    crapette_up: Mapping[str, int] | None = None,
    stock: Mapping[str, str] | None = None,
    discard: Mapping[str, str] | None = None,
    cases: Mapping[int, str] | None = None,
    foundations: str | Iterable[str] = "",
    turned: str | None = None,
) -> Position:
    """Fill ``state``, a new, empty ``GameState``, and return it; see :meth:`GameState.build`.
    A player left with no card at all has already won."""
    placer = _Placer()
    _fill_crapettes(state, placer, crapette or {}, crapette_up or {})
    for piles, given, name in (
        (state.stock, stock, "stock"),
        (state.discard, discard, "discard"),
    ):
        for key, text in (given or {}).items():
            p = Player.parse(key, name)
            piles[p] = placer.place(text, p, f"{name} {p.label}")
    _fill_cases(state, placer, cases or {})
    _fill_foundations(state, placer, foundations)
    if turned is not None:
        state.turned = placer.place(turned, state.turn, "turned")[0]
    for p in Player:
        if not state._has_cards(p):
            state.winner = p  # a player with nothing left has already won
    return state


class _Placer:
    """Reads piles and gives each card an owner, at most two copies of a card (one per deck)."""

    def __init__(self) -> None:
        self.copies: Counter[Card] = Counter()
        self.owners: dict[Card, set[Player]] = {}

    @staticmethod
    def read(text: str, where: str) -> tuple[Card, ...]:
        try:
            return parse_cards(text, unique=False)
        except CardError as error:
            raise PositionError(f"{where}: {error}") from None

    def place(self, text: str, prefer: Player, where: str) -> list[PlayerCard]:
        """The pile ``text``, each card owned by ``prefer`` unless that copy is already used."""
        pile = []
        for card in self.read(text, where):
            self.copies[card] += 1
            if self.copies[card] > 2:
                raise PositionError(
                    f"{where}: {card} appears a third time: "
                    f"there are only two {card} (one per deck)"
                )
            used = self.owners.setdefault(card, set())
            owner = prefer if prefer not in used else prefer.other
            used.add(owner)
            pile.append(player_card(card, owner))
        return pile


def _fill_crapettes(
    state: Position,
    placer: _Placer,
    crapette: Mapping[str, str],
    crapette_up: Mapping[str, int],
) -> None:
    for key, text in crapette.items():
        p = Player.parse(key, "crapette")
        state.crapette[p] = placer.place(text, p, f"crapette {p.label}")
        state.crapette_up[p] = min(1, len(state.crapette[p]))
    for key, up in crapette_up.items():
        p = Player.parse(key, "crapette_up")
        if not isinstance(up, int) or not 1 <= up <= len(state.crapette[p]):
            raise PositionError(
                f"crapette_up {p.label}: {up!r}: between 1 and the pile's "
                f"{len(state.crapette[p])} cards face up"
            )
        state.crapette_up[p] = up


def _fill_cases(state: Position, placer: _Placer, cases: Mapping[int, str]) -> None:
    for number, text in cases.items():
        if str(number) not in CASE_INDEX:
            raise PositionError(f"case {number!r} does not exist: cases are numbered 1 to 8")
        pile = placer.place(text, Player.A, f"case {number}")
        for below, above in zip(pile, pile[1:], strict=False):
            if not fits_case(above, [below]):
                raise PositionError(
                    f"case {number}: {above.pretty} cannot lie on {below.pretty}: "
                    "a case builds down one rank at a time in alternating colours"
                )
        state.cases[CASE_INDEX[str(number)]] = pile


def _fill_foundations(state: Position, placer: _Placer, foundations: str | Iterable[str]) -> None:
    """Each top card fills a free foundation of its suit from the ace up to it."""
    tops = (
        placer.read(foundations, "foundations")
        if isinstance(foundations, str)
        else tuple(c for t in foundations for c in placer.read(t, "foundations"))
    )
    for top in tops:
        slots = [2 * SUITS.index(top.suit) + k for k in (0, 1)]
        free = [s for s in slots if not state.foundations[s]]
        if not free:
            raise PositionError(
                f"foundations: a third {top.suit.symbol} foundation ({top.pretty}): "
                "there are two foundations per suit"
            )
        state.foundations[free[0]] = placer.place(
            " ".join(f"{r}{top.suit.value}" for r in "A23456789TJQK"[: int(top.rank)]),
            Player.A,
            "foundations",
        )
