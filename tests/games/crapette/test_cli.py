"""``python -m games.crapette``: replay (exit 0 valid, 1 invalid, 2 unreadable), deal, selfplay."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from games.crapette.cli import main

ROOT = Path(__file__).parents[3]


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_deal_writes_a_record_with_no_moves_that_replays(tmp_path, capsys):
    path = tmp_path / "deal.json"
    code, out, _ = run(capsys, "deal", "--seed", "21", "-o", str(path))
    assert code == 0 and str(path) in out
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["moves"] == [] and data["seed"] == 21 and len(data["deal"]["A"]) == 52
    code, out, _ = run(capsys, "replay", str(path))
    report = json.loads(out)
    assert code == 0 and report["valid"] is True and report["moves_applied"] == 0
    assert report["winner"] is None and report["score"]["end"] == "unfinished"


def test_selfplay_writes_a_whole_game_that_replays_to_its_winner(tmp_path, capsys):
    path = tmp_path / "game.json"
    code, out, _ = run(capsys, "selfplay", "--seed", "9", "-o", str(path))
    assert code == 0
    data = json.loads(path.read_text(encoding="utf-8"))
    code, out, _ = run(capsys, "replay", str(path))
    report = json.loads(out)
    assert code == 0 and report["valid"] is True
    assert report["winner"] == data["result"]["winner"] in ("A", "B")
    assert report["score"]["points"] == data["result"]["points"] >= 30  # Hoyle: 30 at least
    assert report["position"]["state"]["phase"] == "over"
    assert report["position"]["text"].splitlines()[-1].startswith("game over: ")


def test_rule_options_on_the_command_line(capsys):
    code, out, _ = run(capsys, "deal", "--seed", "3", "--rules", '{"loading": "alternate-colour"}')
    assert code == 0 and json.loads(out)["rules"]["loading"] == "alternate-colour"
    with pytest.raises(SystemExit) as caught:
        main(["deal", "--seed", "3", "--rules", '{"loading": "x"}'])
    assert caught.value.code == 2
    assert "--rules: rules.loading: 'x' is not allowed" in capsys.readouterr().err


def test_an_illegal_move_exits_1_with_its_index_and_reason(tmp_path, capsys):
    path = tmp_path / "bad.json"
    run(capsys, "selfplay", "--seed", "9", "-o", str(path))
    data = json.loads(path.read_text(encoding="utf-8"))
    data["moves"][0] = "C>OD"  # B's discard pile is empty at the start
    path.write_text(json.dumps(data), encoding="utf-8")
    code, out, _ = run(capsys, "replay", str(path))
    report = json.loads(out)
    assert code == 1 and report["valid"] is False
    assert report["index"] == 0 and report["move"] == "C>OD"
    assert "discard pile is empty" in report["reason"]


@pytest.mark.parametrize(
    "content, message",
    [
        ("{not json", "not JSON: Expecting property name"),
        ('{"format": "huche-crapette-record", "version": 1}', "missing field 'deal'"),
        ("[1, 2]", "a record is a JSON object"),
    ],
)
def test_an_unreadable_file_exits_2_with_one_line(tmp_path, capsys, content, message):
    path = tmp_path / "x.json"
    path.write_text(content, encoding="utf-8")
    code, out, err = run(capsys, "replay", str(path))
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith(f"error: {path}: ") and message in err


def test_a_missing_file_exits_2(tmp_path, capsys):
    code, _, err = run(capsys, "replay", str(tmp_path / "nope.json"))
    assert code == 2 and "cannot read the file" in err


def test_the_module_runs_as_a_program(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text('{"format": "huche-crapette-record"}', encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "games.crapette", "replay", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2 and "missing field 'version'" in done.stderr
