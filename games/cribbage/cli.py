"""Command line: ``python -m games.cribbage <command> ...``.

Commands register themselves with :func:`command`. Any module of the ``games.cribbage`` package
may add one: define the handler there, decorated, and it shows up (the package's modules are
imported when the CLI starts)::

    def _discard_arguments(parser):
        parser.add_argument("cards", nargs="+")

    @command("discard", help="best discards for a 6-card hand", arguments=_discard_arguments)
    def discard_command(args) -> int:
        ...
        return 0

A handler prints to stdout and returns the exit status. Bad input is a ``ValueError`` (e.g.
``CardError``, ``InvalidCount``): the CLI prints ``error: <message>`` on stderr, exit status 2.
"""

from __future__ import annotations

import argparse
import importlib
import json
import pkgutil
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import NoReturn

from games.cards import parse_cards
from games.cribbage.fast import HANDS_WITH_STARTER, distribution_mean, hand_distribution
from games.cribbage.scoring import HandScore, score_hand

PROG = "python -m games.cribbage"
USAGE_ERROR = 2

Handler = Callable[[argparse.Namespace], int]
Arguments = Callable[[argparse.ArgumentParser], None]


@dataclass(frozen=True)
class Command:
    name: str
    help: str
    arguments: Arguments
    run: Handler


_COMMANDS: dict[str, Command] = {}


def command(
    name: str, *, help: str, arguments: Arguments | None = None
) -> Callable[[Handler], Handler]:
    """Register the decorated handler as the subcommand ``name``."""

    def register(run: Handler) -> Handler:
        known = _COMMANDS.get(name)
        if known is not None and known.run.__qualname__ != run.__qualname__:
            raise ValueError(f"CLI command '{name}' is registered twice")
        _COMMANDS[name] = Command(name, help, arguments or (lambda parser: None), run)
        return run

    return register


def commands() -> dict[str, Command]:
    """Every registered command, after importing the package's modules so that they register."""
    package = importlib.import_module("games.cribbage")
    for module in pkgutil.iter_modules(package.__path__):
        if module.name != "__main__":
            importlib.import_module(f"games.cribbage.{module.name}")
    return dict(sorted(_COMMANDS.items()))


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        # One line, like every other error of the CLI.
        self.exit(USAGE_ERROR, f"error: {message} (see {self.prog} --help)\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog=PROG, description="Cribbage scoring tools (RULES.md).")
    subparsers = parser.add_subparsers(dest="command", required=True, metavar="command")
    for cmd in commands().values():
        sub = subparsers.add_parser(cmd.name, help=cmd.help, description=cmd.help)
        cmd.arguments(sub)
        sub.set_defaults(run=cmd.run)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the CLI; returns the exit status (0 ok, 2 bad input)."""
    try:
        args = build_parser().parse_args(argv)
    except SystemExit as exit_:  # --help, or an argparse error already printed
        return exit_.code if isinstance(exit_.code, int) else USAGE_ERROR
    try:
        status: int = args.run(args)
        return status
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return USAGE_ERROR


# --- score -------------------------------------------------------------------------------------


def _score_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "cards", nargs="+", help="the 4 cards of the hand or crib, e.g. 5H 5C 5S JD"
    )
    parser.add_argument("-s", "--starter", required=True, help="the starter card, e.g. 5D")
    parser.add_argument("--crib", action="store_true", help="score as the crib (5-card flush only)")
    parser.add_argument("--json", action="store_true", help="print JSON")


@command("score", help="score a hand or crib with its starter", arguments=_score_arguments)
def score_command(args: argparse.Namespace) -> int:
    # Joined, so that "5H 5C 5S JD" quoted as one argument works too.
    score = score_hand(
        parse_cards(" ".join(args.cards), unique=False), args.starter, crib=args.crib
    )
    print(json.dumps(score.as_dict(), ensure_ascii=False) if args.json else format_score(score))
    return 0


def format_score(score: HandScore) -> str:
    """The itemized score as text lines, then the announcement and the total."""
    what = "crib" if score.crib else "hand"
    hand = " ".join(c.pretty for c in score.hand)
    lines = [f"{what} {hand}  starter {score.starter.pretty}"]
    for item in score.items:
        cards = " ".join(c.pretty for c in item.cards)
        lines.append(f"  {item.kind:<8} {cards:<16} {item.points:>2}")
    lines.append(score.announce())
    lines.append(f"total: {score.total}")
    return "\n".join(lines)


# --- distribution ------------------------------------------------------------------------------


def _distribution_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--crib", action="store_true", help="crib scores (5-card flush only)")
    parser.add_argument("--json", action="store_true", help="print JSON")


@command(
    "distribution",
    help="how many of all 12,994,800 hand + starter combinations make each score",
    arguments=_distribution_arguments,
)
def distribution_command(args: argparse.Namespace) -> int:
    counts = hand_distribution(crib=args.crib)
    mean = distribution_mean(counts)
    points = sum(score * n for score, n in counts.items())
    if args.json:
        print(
            json.dumps(
                {
                    "crib": args.crib,
                    "combinations": HANDS_WITH_STARTER,
                    "counts": {str(score): n for score, n in counts.items()},
                    "points": points,
                    "mean": float(mean),
                }
            )
        )
        return 0
    what = "crib" if args.crib else "hand"
    print(f"{what} scores over all {HANDS_WITH_STARTER:,} combinations of 4 cards + starter")
    print("score       count   percent")
    for score, n in counts.items():
        print(f"{score:>5} {n:>11,} {100 * n / HANDS_WITH_STARTER:>8.4f}%")
    print(f"mean {points:,} / {HANDS_WITH_STARTER:,} = {float(mean):.6f}")
    return 0
