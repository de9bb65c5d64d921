"""Events of every shape for the open results format's tests: each builder takes the organizer
and returns an event whose results document must follow the published schema and survive a
round trip through another site.

- a FADOQ event in a league's season (member numbers), played, played off and released;
- a hand-by-hand sheet, its first hand typed with French letters and its cards;
- a Crapette event (a result by the cards left, and a whole game record);
- a troubled event: a bye, a dispute decided by an official, a correction, a withdrawal and a
  win by forfeit, a game still waiting.
"""

from __future__ import annotations

import datetime

from accounts.models import EventRole
from accounts.roles import grant
from games.crapette import check_record, selfplay
from tests.builders.finished_event import play_series, ready_to_close, report_all
from tests.builders.sheets import sheet
from tournaments.events.creation import create_event
from tournaments.events.teams import add_team, withdraw_team
from tournaments.models import Dispute, Event, Game, League, Player, Report, Season
from tournaments.results import bracket_absent, bracket_play, reporting
from tournaments.results.forfeits import award_forfeit
from tournaments.seating import rounds as seating
from tournaments.standings.service import release

DAY = datetime.date(2026, 11, 21)
LEAGUE, SEASON = ("fadoq-saguenay", "Ligue FADOQ Saguenay"), ("2026-2027", "Saison 2026-2027")
#: The first hand of the sheet as a captain types it in French (cœur, carreau, trèfle, pique;
#: valet, dame, roi), and as it is stored: the engine's English notation.
FRENCH_HAND, STORED_HAND = ("2C 3K 9T RP", "5P"), ("2H 3D 9C KS", "5S")


def league_season(organizer) -> Season:
    """The league and season (the same slugs on every site), ``organizer`` organizing it."""
    league, _new = League.objects.get_or_create(
        slug=LEAGUE[0], defaults={"name": LEAGUE[1], "created_by": organizer}
    )
    league.organizers.add(organizer)
    season, _new = Season.objects.get_or_create(
        league=league, slug=SEASON[0], defaults={"name": SEASON[1]}
    )
    return season


def _event(organizer, name: str, teams: int, **fields) -> Event:
    event = create_event(
        organizer, name=name, date=DAY, venue="Salle Saint-Joseph", seed=2026, **fields
    )
    for number in range(1, teams + 1):
        add_team(
            event,
            organizer,
            name=f"Équipe {number}",
            captain=f"Capitaine {number}",
            partner=f"Partenaire {number}",
        )
    return event


def fadoq_with_playoffs(organizer) -> Event:
    """Six teams in a season, two rounds, the medal ties played off, released and closed."""
    from tournaments.events.closing import close_event

    event = _event(organizer, "Tournoi régional FADOQ", 6, season=league_season(organizer))
    for number, team in enumerate(event.teams.order_by("id"), start=1):
        Player.objects.filter(pk=team.captain_player_id).update(member_number=f"F-{number:04}")
    event = ready_to_close(event, organizer)
    assert event.rounds.filter(kind="playoff").exists(), "the builder must play a playoff"
    return close_event(event, organizer)


def sheet_event(organizer) -> Event:
    """A hand-by-hand sheet typed in French with the cards of the first hand, then released."""
    event = _event(organizer, "Tournoi aux feuilles", 4)
    game = seating.seat_next_round(event, organizer).games.order_by("table").first()
    hand, starter = FRENCH_HAND
    typed = sheet({(0, "starter"): starter, (0, "hands"): [{"count": 4, "cards": hand}, 8, 2, 6]})
    desk = reporting.Actor(user=organizer, channel=Report.Channel.OFFICIAL)
    reporting.submit(game, desk, Report.Kind.SHEET, {"sheet": typed}, card_language="fr")
    release(event, organizer)
    return event


def crapette_event(organizer) -> Event:
    """Crapette: one result by the cards left, one by a whole game record; released."""
    event = _event(
        organizer,
        "Crapette du jeudi",
        4,
        game_type=Event.GameType.CRAPETTE,
        scoring_system="wins",
    )
    first, second = seating.seat_next_round(event, organizer).games.order_by("table")
    reporting.submit(
        first,
        reporting.Actor(team=first.team_b),
        Report.Kind.CRAPETTE,
        {"winner": "b", "crapette_left": 4, "stock_left": 10},
    )
    reporting.confirm(first.reports.get(), reporting.Actor(team=first.team_a))
    reporting.submit(
        second,
        reporting.Actor(user=organizer, channel=Report.Channel.OFFICIAL),
        Report.Kind.CRAPETTE_RECORD,
        {"record": _finished_record()},
    )
    release(event, organizer)
    return event


def _finished_record() -> dict:
    for seed in range(1, 40):  # the first self-played game that ends with a winner
        record = selfplay(seed=seed)[0].as_dict()
        if check_record(record).as_dict()["winner"] in ("A", "B"):
            return record
    raise AssertionError("no self-played Crapette game ended")


def troubled_event(organizer) -> Event:
    """Five teams (a bye each round). Round 1: the captains disagree, an official decides;
    another result is confirmed by the other captain, then corrected at the desk. Round 2: a
    team withdraws and its opponent wins by forfeit; the other game is still waiting.
    Released, not closed."""
    event = _event(organizer, "Tournoi mouvementé", 5)
    official = organizer.__class__.objects.create_user("arbitre@example.org", "pw-official-9")
    grant(official, event, EventRole.Role.OFFICIAL)
    desk = reporting.Actor(user=official, channel=Report.Channel.OFFICIAL)
    disputed, corrected = (
        seating.seat_next_round(event, organizer).games.exclude(team_b=None).order_by("table")
    )
    reporting.submit(
        disputed, reporting.Actor(team=disputed.team_a), "final", {"score_a": 121, "score_b": 90}
    )
    reporting.submit(
        disputed, reporting.Actor(team=disputed.team_b), "final", {"score_a": 100, "score_b": 121}
    )
    dispute = Dispute.objects.get(game=disputed)
    reporting.decide_dispute(dispute, desk, dispute.reports.order_by("version").first())
    first = reporting.submit(
        corrected, reporting.Actor(team=corrected.team_a), "final", {"score_a": 121, "score_b": 80}
    ).report
    reporting.confirm(first, reporting.Actor(team=corrected.team_b))
    reporting.submit(corrected, desk, "final", {"score_a": 121, "score_b": 59}, note="Recompté")
    second = seating.seat_next_round(event, organizer)
    forfeit, waiting = second.games.exclude(team_b=None).order_by("table")
    withdraw_team(forfeit.team_b, organizer)
    award_forfeit(Game.objects.get(pk=forfeit.pk), desk)
    release(event, organizer)
    assert waiting.status == Game.Status.WAITING
    return event


def bracket_event(organizer) -> Event:
    """Ten entrants, three games of game points by random draw, the top five in a best-of-3
    bracket with third place; an absent qualifier forfeits its first-round match; released."""
    event = _event(
        organizer,
        "Qualificatif ACC",
        10,
        scoring_system="game_points",
        movement="random_draw",
        number_of_games=3,
        bracket="fixed",
        bracket_qualifiers=5,
        bracket_best_of=3,
        bracket_third_place=True,
    )
    play_series(event, organizer)
    cut = bracket_play.the_cut(event)
    games = bracket_play.seat_bracket(event, organizer, settled=list(cut.tied) or None)
    first = games[0]
    later = first.round.created_at + datetime.timedelta(minutes=21)
    bracket_absent.forfeit_absent(event, first.team_b, organizer, now=later)
    for _ in range(40):
        waiting = bracket_play.open_bracket_games(event)
        if not waiting:
            break
        report_all(waiting, organizer)
    assert bracket_play.bracket_state(event).finished, "the builder must play the bracket out"
    release(event, organizer)
    return Event.objects.get(pk=event.pk)


BUILDERS = {
    "bracket": bracket_event,
    "fadoq_with_playoffs": fadoq_with_playoffs,
    "sheet": sheet_event,
    "crapette": crapette_event,
    "troubled": troubled_event,
}
