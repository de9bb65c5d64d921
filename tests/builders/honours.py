"""The season of tests/builders/season.py with remarkable hands, every one tallied by hand.

On top of the season's final scores (kept unchanged, so its standings stay as tallied there):

- January, round 1, table 1, Les As (a) beat Les Rois (b) 121–100, now on a hand-by-hand
  sheet. Deal 1 (Bruno deals for A; starter 5♦): hand 1 (B, the dealer's left: Carole, who
  deals next) 24, count only; hand 2 (A, the dealer's partner: Alice) 29 = 5♥ 5♣ 5♠ J♦,
  verified. Deal 2 (Carole deals for B; starter 9♥): hand 1 (A, the dealer's left: Alice, the
  next dealer of A after Bruno) 24 = 7♥ 7♣ 8♠ 8♦, verified; the crib (B) 24 = 3♥ 3♣ 3♠ 3♦.
  Then pegging only, to 121–100.
- February, round 1, table 1, Les Nouveaux Rois (a) beat Les As (b) 121–115, a final score with
  a declared 29 of Les As held by Bruno (their partner): 5♠ 5♣ 5♦ J♥, starter 5♥.
- March, round 2, table 2, Les As (a) beat Les Jokers (b) 121–99 on a sheet. Deal 1 (B deals,
  nobody says who; starter K♥): hand 2 (B, the dealer's partner) 28 = 5♥ 5♣ 5♠ 5♦, verified.
- April (not released), round 1, table 1, Les As beat Les Rois 121–50 on a sheet with a 29: it
  must appear nowhere.

Hands of 24 or more, highest first then in the order played: 29 Alice (January), 29 Bruno
(February, declared), 28 Les Jokers (March), 24 Carole (January, count only), 24 Alice
(January). Best cribs: the 24 of Les Rois (January). Every other hand and crib is 0–4.
"""

from __future__ import annotations

from tests.builders.season import build_season
from tournaments.models import Event, Game, Report
from tournaments.results import reporting
from tournaments.results.sheets import read_sheet


def finished(deals: list[dict], score_b: int) -> dict:
    """``deals`` (complete), then deals of pegging only (every hand 0) until side A has 121 and
    side B exactly ``score_b``; the dealers keep alternating."""
    deals = [dict(d) for d in deals]
    so_far = read_sheet({"deals": deals}, players=4, target=121, language="en")
    a, b = so_far.score_a, so_far.score_b
    while True:
        dealer = "b" if deals[-1]["dealer"] == "a" else "a"
        if b == score_b and 121 - a <= 20:
            deals.append({"dealer": dealer, "pegging": {"a": 121 - a, "b": 0}})
            return {"deals": deals}
        peg_a, peg_b = min(20, 120 - a), min(16, score_b - b)  # A stays below 121 till the end
        deals.append(
            {
                "dealer": dealer,
                "pegging": {"a": peg_a, "b": peg_b},
                "hands": [0, 0, 0, 0],
                "crib": 0,
            }
        )
        a, b = a + peg_a, b + peg_b


JANUARY = [
    {
        "dealer": "a",
        "dealt_by": "partner",
        "starter": "5D",
        "pegging": {"a": 2, "b": 1},
        "hands": [24, {"count": 29, "cards": "5H 5C 5S JD"}, 2, 4],
        "crib": 0,
    },  # A 2 + 29 + 4 = 35; B 1 + 24 + 2 = 27
    {
        "dealer": "b",
        "dealt_by": "captain",
        "starter": "9H",
        "pegging": {"a": 0, "b": 0},
        "hands": [{"count": 24, "cards": "7H 7C 8S 8D"}, 0, 0, 0],
        "crib": {"count": 24, "cards": "3H 3C 3S 3D"},
    },  # A 59; B 51
]
MARCH = [
    {
        "dealer": "b",
        "starter": "KH",
        "pegging": {"a": 1, "b": 2},
        "hands": [0, {"count": 28, "cards": "5H 5C 5S 5D"}, 2, 0],
        "crib": 2,
    },
]
DECLARED = {"side": "b", "count": 29, "cards": "5S 5C 5D JH", "starter": "5H", "player": "partner"}


def _game(event: Event, round_number: int, table: int) -> Game:
    return Game.objects.get(round__event=event, round__number=round_number, table=table)


def _correct(game: Game, organizer, kind: str, payload: dict) -> None:
    """The officials' desk records the game again (a new version), the event open meanwhile."""
    event = game.round.event
    Event.objects.filter(pk=event.pk).update(status="running")
    desk = reporting.Actor(user=organizer, channel=Report.Channel.OFFICIAL)
    reporting.submit(game, desk, kind, payload, card_language="en")
    Event.objects.filter(pk=event.pk).update(status="finished")


def build_honours_season(organizer):
    season, people, events, hidden = build_season(organizer)
    january, february, march = events
    _correct(_game(january, 1, 1), organizer, "sheet", {"sheet": finished(JANUARY, 100)})
    _correct(
        _game(february, 1, 1),
        organizer,
        "final",
        {"score_a": 121, "score_b": 115, "declared": [DECLARED]},
    )
    _correct(_game(march, 2, 2), organizer, "sheet", {"sheet": finished(MARCH, 99)})
    april = _game(hidden, 1, 1)
    deal = {**JANUARY[0], "hands": [0, {"count": 29, "cards": "5H 5C 5S JD"}, 0, 0]}
    _correct(april, organizer, "sheet", {"sheet": finished([deal], 50)})
    return season, people, events, hidden
