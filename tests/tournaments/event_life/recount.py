"""The state machine's own arithmetic: standings recounted from the reports alone, written
here from the rules (/work/shared/RULES.md section 5, docs) and NOT from the product's
standings engine, so that a mistake in the engine cannot be copied into its check.

FADOQ: a team's points are the sum of its final scores, the winner's counted as 121; a bye is
worth the team's average over the games it played (halves up); a round a late team missed
counts as a bye, as a loss by forfeit (0 points, a game played and lost) or not at all, as
the organizer chose. Playoff games decide medals, never points.
"""

from __future__ import annotations

from dataclasses import dataclass, field

TARGET = 121


@dataclass
class Tally:
    """One team's recount: what the standings must show."""

    scores: list[int] = field(default_factory=list)  # played games (forfeits as 0)
    byes: int = 0
    wins: int = 0

    @property
    def played(self) -> int:
        return len(self.scores)

    @property
    def bye_worth(self) -> int:
        if not self.scores:
            return 0
        total, count = sum(self.scores), len(self.scores)
        # the nearest whole point, a half counted up
        whole, rest = divmod(total, count)
        return whole + (1 if 2 * rest >= count else 0)

    @property
    def points(self) -> int:
        return sum(self.scores) + self.byes * self.bye_worth


@dataclass(frozen=True)
class Played:
    """A series game as the model knows it: the teams (``team_b`` None: a bye) and, once
    settled, the score of the report that counts."""

    round: int
    team_a: int
    team_b: int | None
    score: tuple[int, int] | None = None


def recount(
    teams: list[int],
    games: list[Played],
    missed: dict[int, tuple[int, str]],
    withdrawn_after: dict[int, int],
) -> dict[int, Tally]:
    """``missed``: a late team's (first round it played, choice) for the rounds before it;
    ``withdrawn_after``: the last round a withdrawn team finished (later ones count nothing)."""
    tallies = {team: Tally() for team in teams}
    seated_rounds = {g.round for g in games}
    for game in games:
        if game.team_b is None:
            if game.round <= withdrawn_after.get(game.team_a, game.round):
                tallies[game.team_a].byes += 1
            continue
        if game.score is None:
            continue
        score_a, score_b = game.score
        tallies[game.team_a].scores.append(min(score_a, TARGET))
        tallies[game.team_b].scores.append(min(score_b, TARGET))
        winner = game.team_a if score_a > score_b else game.team_b
        tallies[winner].wins += 1
    for team, (first, choice) in missed.items():
        for number in range(1, first):
            if number not in seated_rounds or team not in tallies:
                continue
            if choice == "bye":
                tallies[team].byes += 1
            elif choice == "forfeit":
                tallies[team].scores.append(0)
    return tallies


# --- a hand-by-hand sheet, added up as typed ---------------------------------------------------


def show_order(dealer: str, count: int) -> list[str]:
    """Four-handed: the show starts on the dealer's left and alternates sides, the dealer's
    hand last."""
    first = "b" if dealer == "a" else "a"
    return [first if i % 2 == 0 else dealer for i in range(count)]


def sheet_total(sheet: dict) -> tuple[int, int]:
    """What a sheet adds to: heels, then both sides' pegging, then the show in order, then
    the crib, stopping when a side reaches the target. Pegging of both sides in the deal
    where the game ends is counted as typed (who pegged first is not on the sheet)."""
    score = {"a": 0, "b": 0}
    for deal in sheet["deals"]:
        dealer = deal["dealer"]
        items: list[tuple[str, int]] = []
        if deal.get("heels"):
            score[dealer] += 2
        pegging = deal.get("pegging", {})
        pegged = [(side, int(pegging.get(side, 0))) for side in ("a", "b")]
        for side, points in pegged:
            score[side] += points
        if max(score.values()) >= TARGET:
            return _capped(score)
        for side, count in zip(show_order(dealer, len(deal["hands"])), deal["hands"], strict=True):
            value = count["count"] if isinstance(count, dict) else count
            items.append((side, int(value)))
        if deal.get("crib") is not None:
            items.append((dealer, int(deal["crib"])))
        for side, points in items:
            score[side] += points
            if score[side] >= TARGET:
                return _capped(score)
    return score["a"], score["b"]


def _capped(score: dict[str, int]) -> tuple[int, int]:
    return min(score["a"], TARGET), min(score["b"], TARGET)
