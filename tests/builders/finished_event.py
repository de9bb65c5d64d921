"""Play an event to its end (series, playoffs, release) for the closing tests."""

from __future__ import annotations

from tournaments.events.creation import set_number_of_games
from tournaments.models import Game, Report
from tournaments.results import reporting
from tournaments.seating import rounds as seating
from tournaments.standings.service import event_standings, release, seat_playoff_games


def report_all(games, official, *, score_b: int = 100) -> None:
    """An official enters every open game: the team listed first wins 121 to ``score_b``."""
    for game in games:
        if game.team_b_id is not None and game.status != Game.Status.CONFIRMED:
            reporting.submit(
                game,
                reporting.Actor(user=official),
                Report.Kind.FINAL,
                {"score_a": 121, "score_b": score_b},
            )


def play_series(event, official) -> None:
    report_all(Game.objects.filter(round__event=event), official)  # rounds already seated
    while event.rounds.filter(kind="series").count() < event.number_of_games:
        round_ = seating.seat_next_round(event, official)
        report_all(round_.games.all(), official)


def play_playoffs(event, official) -> int:
    """Seat and play every playoff game the medal ties need; how many were played."""
    played = 0
    for _ in range(30):
        event.refresh_from_db()  # the cached standings are keyed by the event's version
        if not event_standings(event).standings.medal_ties:
            return played
        games = seat_playoff_games(event, official)
        report_all(games, official)
        played += len(games)
    raise AssertionError("the playoffs never ended")


def ready_to_close(event, organizer, *, games: int = 2):
    """A 6-team FADOQ event of ``games`` rounds, played, played off and released."""
    set_number_of_games(event, organizer, games)
    play_series(event, organizer)
    play_playoffs(event, organizer)
    release(event, organizer)
    event.refresh_from_db()
    return event
