"""Game records: replay, validation, the first illegal move, the structure and its schema."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from games.cards import DECK
from games.crapette import (
    Deal,
    GameRecord,
    RecordFormatError,
    Rules,
    Scoring,
    check_record,
    deal_record,
    selfplay,
)
from games.crapette.record import FORMAT, record_from_dict

SCHEMA = Path(__file__).parents[3] / "games" / "crapette" / "record.schema.json"


def hand_record(moves: list[str]) -> dict:
    """A's deck in index order (AS AH AD AC 2S …), B's reversed (KC KD KH KS QC …).

    Worked by hand: A's crapette top is 4♠ and B's 10♣, so A starts; A's stock turns 5♥
    then 5♦, B's turns 9♦ then 9♥; the cases are 4♥ 4♦ 4♣ 5♠ (1-4) and 10♦ 10♥ 10♠ 9♣ (5-8).
    """
    return {
        "format": FORMAT,
        "version": 1,
        "deal": {"A": [str(c) for c in DECK], "B": [str(c) for c in reversed(DECK)]},
        "moves": list(moves),
    }


GOOD_MOVES = ["5H:T", "5H:S>D", "9D:T", "9D:S>7", "9H:T", "9H:S>D", "5D:T", "5D:S>D"]


class TestReplay:
    def test_a_hand_worked_record_is_valid(self):
        result = check_record(hand_record(GOOD_MOVES))
        assert result.valid and result.index is None and result.moves_applied == 8
        state = result.state
        assert [c.pretty for c in state.cases[6]] == ["10♠", "9♦"]
        assert [c.pretty for c in state.discard[0]] == ["5♥", "5♦"]
        assert [c.pretty for c in state.discard[1]] == ["9♥"]
        assert state.turn.label == "B" and state.turn_number == 4  # A, B, A have played
        out = result.as_dict()
        assert out["winner"] is None and out["score"]["end"] == "unfinished"
        assert out["start"] == "A starts: crapette top 4♠ is lower than 10♣"
        assert out["position"]["state"]["cases"]["7"] == ["TS", "9D"]
        assert "case 7: 10♠ 9♦" in out["position"]["text"]
        json.dumps(out)  # JSON-ready

    def test_the_first_illegal_move_is_reported_with_its_index_and_reason(self):
        moves = GOOD_MOVES[:3] + ["9D:S>6"] + GOOD_MOVES[4:]
        result = check_record(hand_record(moves))
        assert not result.valid and result.index == 3 and result.move == "9D:S>6"
        assert "9♦ cannot go on 10♥ in case 6: cases build down in alternating colours" in (
            result.reason
        )
        assert result.moves_applied == 3
        assert result.state.turned.pretty == "9♦"  # the position before the bad move

    def test_unreadable_move_text_and_wrong_card_are_caught_at_their_index(self):
        result = check_record(hand_record(GOOD_MOVES[:2] + ["9D:X"]))
        assert (result.valid, result.index) == (False, 2)
        assert "is not a move" in result.reason
        result = check_record(hand_record(["5D:T"]))
        assert (result.valid, result.index) == (False, 0)
        assert "names 5♦, but the top of A's stock is 5♥" in result.reason

    def test_a_repeated_card_in_a_deck_makes_the_record_invalid(self):
        data = hand_record([])
        data["deal"]["B"][51] = "KC"
        result = check_record(data)
        assert not result.valid and result.index is None
        assert "KC appears twice" in result.reason and result.state is None

    def test_selfplay_records_replay_to_their_claimed_result(self):
        record, final = selfplay(8)
        result = check_record(json.loads(record.to_json()))
        assert result.valid
        assert result.state.score() == final.score()
        assert result.as_dict()["winner"] == record.result["winner"]

    def test_a_wrong_claimed_result_is_invalid(self):
        record, final = selfplay(8)
        data = record.as_dict()
        data["result"]["points"] += 1
        result = check_record(data)
        assert not result.valid and result.index is None
        assert "the record claims" in result.reason

    def test_a_move_after_the_end_is_illegal(self):
        record, final = selfplay(8)
        data = record.as_dict()
        data["moves"].append("T")
        del data["result"]
        result = check_record(data)
        assert (result.valid, result.index) == (False, len(record.moves))
        assert "the game is over" in result.reason

    def test_a_dealt_record_has_no_moves_and_is_valid(self):
        record = deal_record(12, Rules(scoring=Scoring.WIN))
        data = record.as_dict()
        assert data["moves"] == [] and data["seed"] == 12
        assert data["deal"] == Deal.from_seed(12).as_dict()
        assert check_record(data).valid

    def test_records_read_back(self):
        record, _ = selfplay(2)
        again = record_from_dict(json.loads(record.to_json()))
        assert again == record


# ------------------------------------------------------------------- structure


def good_records() -> list[dict]:
    record, _ = selfplay(4, Rules(strict_calls=True))
    minimal = hand_record(GOOD_MOVES)
    pretty = hand_record([])
    pretty["deal"]["A"] = [c.pretty for c in DECK]  # 10♥ style
    pretty["deal"]["B"] = [str(c).lower() for c in DECK]
    pretty["deal"]["draw"] = "B"
    pretty["players"] = {"A": "Rita"}
    pretty["seed"] = "tournoi-3"
    pretty["rules"] = {"loading": "alternate-colour"}
    pretty["version"] = 1.0  # JSON numbers: 1.0 is 1
    return [record.as_dict(), minimal, pretty]


def mutated(path: list, value=None, delete: bool = False) -> dict:
    data = hand_record(GOOD_MOVES)
    target = data
    for key in path[:-1]:
        target = target[key]
    if delete:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return data


BAD_RECORDS = [
    ([], "a record is a JSON object"),
    (mutated(["moves"], delete=True), "missing field 'moves'"),
    (mutated(["deal"], delete=True), "missing field 'deal'"),
    (mutated(["comment"], "hi"), "unknown field 'comment'"),
    (mutated(["format"], "chess-pgn"), "format: 'chess-pgn' is not"),
    (mutated(["version"], 2), "version: 2 is not supported"),
    (mutated(["version"], True), "version: True is not supported"),
    (mutated(["rules"], {"loading": "same-colour"}), "rules.loading: 'same-colour'"),
    (mutated(["rules"], {"stalemate_rounds": 0}), "stalemate_rounds: 0 is out of range"),
    (mutated(["seed"], [1]), "seed: [1] is not a whole number or text"),
    (mutated(["players"], {"C": "x"}), "players: unknown player 'C'"),
    (mutated(["deal", "A"], ["AS"] * 51), "deal.A: expected a list of 52 cards, got 51 items"),
    (mutated(["deal", "B", 7], "1H"), "deal.B[7]: '1H' is not a card"),
    (mutated(["deal", "B", 7], " 9H"), "deal.B[7]: ' 9H' is not a card"),
    (mutated(["deal", "draw"], "C"), "deal.draw: 'C' is not a player"),
    (mutated(["deal", "hands"], []), "deal: unknown field 'hands'"),
    (mutated(["moves"], "T S>D"), "moves: expected a list of move strings"),
    (mutated(["moves", 1], 5), "moves[1]: 5 is not a move string"),
    (mutated(["moves", 1], ""), "moves[1]: '' is not a move string"),
    (mutated(["result"], {"end": "win", "winner": "A"}), "result: missing field 'points'"),
    (mutated(["result"], {"end": "won", "winner": "A", "points": 3}), "result.end: 'won'"),
    (mutated(["result"], {"end": "win", "winner": "A", "points": -1}), "result.points: -1"),
]


@pytest.mark.parametrize("data, message", BAD_RECORDS)
def test_structure_errors_name_the_field(data, message):
    with pytest.raises(RecordFormatError) as caught:
        check_record(data)
    assert message in str(caught.value)


@pytest.mark.parametrize("data", good_records())
def test_good_structures_are_accepted(data):
    check_record(data)  # no RecordFormatError; validity is the replay's business


def test_the_schema_file_agrees_with_the_hand_written_checks():
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    for data in good_records():
        assert list(validator.iter_errors(data)) == []
    # The schema cannot see combinations of options; every other bad record it refuses too.
    for data, message in BAD_RECORDS:
        assert list(validator.iter_errors(data)), message
    # Well-formed but illegal moves and repeated cards pass the schema (the replay finds them).
    bad_move = hand_record(["9D:X"])
    assert list(validator.iter_errors(bad_move)) == []


def test_the_documented_rule_defaults_match_the_schema_defaults():
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    defaults = {k: v["default"] for k, v in schema["properties"]["rules"]["properties"].items()}
    assert defaults == Rules().as_dict()


def test_as_dict_is_a_deep_copy_of_the_moves():
    record = GameRecord(Rules(), Deal.from_seed(1), ("T",))
    data = record.as_dict()
    data["moves"].append("x")
    assert record.moves == ("T",) and copy.deepcopy(data)["moves"][-1] == "x"
