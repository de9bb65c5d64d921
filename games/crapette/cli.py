"""Command line: ``python -m games.crapette replay|deal|selfplay``.

- ``replay FILE``: replay a game record and print JSON (``valid``, the first illegal move's
  ``index`` and ``reason``, the final ``position`` as text and data, ``winner``, ``score``).
  Exit 0 if the record is valid, 1 if not, 2 if the file cannot be read as a record
  (bad JSON, structure not matching the format): then one line on stderr.
- ``deal --seed N [-o FILE]``: write a new record dealt from seed N, with no moves.
- ``selfplay --seed N [-o FILE]``: the greedy bot plays both sides; write the whole record.

``deal`` and ``selfplay`` take ``--rules JSON`` (e.g. ``'{"loading": "alternate-colour"}'``).
Without ``-o`` the record is printed on stdout.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from .bot import selfplay
from .errors import CrapetteError, RecordFormatError
from .record import GameRecord, check_record, deal_record, load_record
from .rules import Rules

EXIT_VALID, EXIT_INVALID, EXIT_UNREADABLE = 0, 1, 2


def main(argv: Sequence[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    if args.command == "replay":
        return _replay(args.file)
    try:
        rules = Rules.from_dict(json.loads(args.rules)) if args.rules else Rules()
    except (json.JSONDecodeError, CrapetteError) as error:
        parser.error(f"--rules: {error}")
    if args.command == "deal":
        record = deal_record(args.seed, rules)
        return _write(record, args.output, f"dealt seed {args.seed}")
    record, final = selfplay(args.seed, rules)
    summary = f"{final.score().detail} in {len(record.moves)} moves"
    return _write(record, args.output, summary)


def _replay(path: str) -> int:
    try:
        result = check_record(load_record(path))
    except RecordFormatError as error:
        message = str(error) if str(error).startswith(path) else f"{path}: {error}"
        print(f"error: {message}".replace("\n", " "), file=sys.stderr)
        return EXIT_UNREADABLE
    print(json.dumps(result.as_dict(), ensure_ascii=False, indent=2))
    return EXIT_VALID if result.valid else EXIT_INVALID


def _write(record: GameRecord, output: str | None, summary: str) -> int:
    if output is None:
        print(record.to_json())
    else:
        Path(output).write_text(record.to_json() + "\n", encoding="utf-8")
        print(f"{summary}: wrote {output}")
    return 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m games.crapette", description="Crapette (Russian Bank) game records."
    )
    commands = parser.add_subparsers(dest="command", required=True)
    replay = commands.add_parser("replay", help="replay and check a game record (JSON)")
    replay.add_argument("file", help="the record file")
    for name, text in (
        ("deal", "write a new record dealt from a seed, with no moves"),
        ("selfplay", "let the greedy bot play a whole game and write its record"),
    ):
        command = commands.add_parser(name, help=text)
        command.add_argument("--seed", type=int, required=True, help="the game seed (a number)")
        command.add_argument("-o", "--output", help="write the record here (default: stdout)")
        command.add_argument("--rules", help="rule options as JSON (see docs/crapette.md)")
    return parser
