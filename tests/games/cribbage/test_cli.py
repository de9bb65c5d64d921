"""The command line: ``python -m games.cribbage score|distribution``."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from games.cribbage import cli

ROOT = Path(__file__).resolve().parents[3]


def run(capsys, *argv):
    status = cli.main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_score_prints_breakdown_and_total(capsys):
    status, out, err = run(capsys, "score", "5H", "5C", "5S", "JD", "--starter", "5D")
    assert status == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == "hand 5♥ 5♣ 5♠ J♦  starter 5♦"
    assert sum(line.lstrip().startswith("fifteen ") for line in lines[1:-2]) == 8
    assert sum(line.lstrip().startswith("pair ") for line in lines[1:-2]) == 6
    assert lines[-2].endswith("his nobs is twenty-nine = 29")
    assert lines[-1] == "total: 29"


def test_score_json(capsys):
    status, out, _ = run(capsys, "score", "6C 7S 8D 8H", "-s", "9S", "--json")
    data = json.loads(out)
    assert status == 0 and data["total"] == 16 and data["crib"] is False
    assert [item["kind"] for item in data["items"]].count("run") == 2


def test_score_crib(capsys):
    # 2H 4H 6H 8H + KS: a 4-card flush (4) in a hand, nothing in a crib.
    assert json.loads(run(capsys, "score", "2H 4H 6H 8H", "-s", "KS", "--json")[1])["total"] == 4
    status, out, _ = run(capsys, "score", "2H 4H 6H 8H", "-s", "KS", "--crib")
    assert status == 0 and out.splitlines()[0].startswith("crib ")
    assert out.splitlines()[-2:] == ["nineteen (no points)", "total: 0"]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["score", "XH", "5C", "5S", "JD", "-s", "5D"], "error: 'XH' is not a card: rank 'X'"),
        (["score", "5H", "5C", "5S", "-s", "5D"], "error: a hand has 4 cards"),
        (["score", "5H", "5C", "5S", "JD", "-s", "5H"], "error: 5H appears twice"),
        (["score", "5H", "5C", "5S", "JD"], "error: the following arguments are required"),
        (["shuffle"], "error: argument command: invalid choice: 'shuffle'"),
        ([], "error: the following arguments are required: command"),
    ],
)
def test_bad_input_is_a_one_line_error_and_status_2(capsys, argv, message):
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == ""
    assert err.startswith(message) and err.count("\n") == 1


def test_distribution_text(capsys):
    status, out, _ = run(capsys, "distribution")
    lines = out.splitlines()
    assert status == 0
    rows = {line.split()[0]: line.split()[1:] for line in lines[2:-1]}
    assert len(rows) == 30
    assert rows["0"][0] == "1,009,008"  # RULES.md: 1,009,008 zero hands
    assert rows["29"][0] == "4" and rows["19"][0] == "0"
    assert lines[-1] == "mean 61,974,180 / 12,994,800 = 4.769152"


def test_distribution_json_crib(capsys):
    status, out, _ = run(capsys, "distribution", "--crib", "--json")
    data = json.loads(out)
    assert status == 0 and data["crib"] is True and data["combinations"] == 12_994_800
    assert sum(data["counts"].values()) == 12_994_800
    assert data["counts"]["29"] == 4 and data["counts"]["19"] == 0


def test_help_lists_the_commands(capsys):
    status, out, _ = run(capsys, "--help")
    assert status == 0 and "score" in out and "distribution" in out


def test_a_command_registered_elsewhere_is_available(capsys, monkeypatch):
    monkeypatch.setattr(cli, "_COMMANDS", dict(cli._COMMANDS))  # leave the real registry alone

    def arguments(parser):
        parser.add_argument("name")

    @cli.command("hello", help="say hello", arguments=arguments)
    def hello(args):
        print(f"hello {args.name}")
        return 0

    assert run(capsys, "hello", "Huche") == (0, "hello Huche\n", "")


def test_module_entry_point_exit_status():
    def python_m(*argv):
        return subprocess.run(
            [sys.executable, "-m", "games.cribbage", *argv],
            cwd=ROOT, capture_output=True, text=True, check=False,
        )  # fmt: skip

    ok = python_m("score", "5H", "5C", "5S", "JD", "--starter", "5D")
    assert ok.returncode == 0 and ok.stdout.splitlines()[-1] == "total: 29"
    bad = python_m("score", "XH", "5C", "5S", "JD", "--starter", "5D")
    assert bad.returncode == 2 and bad.stderr.startswith("error: 'XH' is not a card")
