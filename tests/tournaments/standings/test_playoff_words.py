"""A three-way medal tie said in words before its first game (issue 25): who plays whom, what
each result means for the places, and each match's running score, on the dashboard and on the
public standings (the projector shows the same box), in each playoff format; the next playoff
game seated by itself once the previous one is confirmed."""

from __future__ import annotations

import html

import pytest
from django.test import Client
from django.utils import translation

from tournaments.audit import AuditAction, describe
from tournaments.errors import RuleError
from tournaments.events.creation import set_number_of_games
from tournaments.events.settings import update_event
from tournaments.models import AuditEntry, Event, Game, Report, Round
from tournaments.results import reporting
from tournaments.seating import rounds as seating
from tournaments.standings.engine import MedalTie, PlayoffFormat, PlayoffGame, playoff_plan
from tournaments.standings.engine.playoffs import ROUND_ROBIN
from tournaments.standings.playoff_words import explain_tie
from tournaments.standings.service import event_standings, release, seat_playoff_games

pytestmark = pytest.mark.django_db


def report(game, a_wins: bool, organizer, loser: int = 100) -> None:
    scores = {"score_a": 121, "score_b": loser} if a_wins else {"score_a": loser, "score_b": 121}
    reporting.submit(game, reporting.Actor(user=organizer), Report.Kind.FINAL, scores)


def tied(event, organizer, playoff_format="stepladder", best_of=3):
    """Six teams, two games, the team listed first wins every table 121-100: the three winners
    end level on 242 points, nothing splits them but the playoff (places 1 to 3)."""
    update_event(event, organizer, {"playoff_format": playoff_format, "playoff_best_of": best_of})
    set_number_of_games(event, organizer, 2)
    release(event, organizer)
    for _ in range(2):
        for game in seating.seat_next_round(event, organizer).games.exclude(team_b=None):
            report(game, True, organizer)
    [tie] = event_standings(event).standings.medal_ties
    assert tie.places == (1, 3) and len(tie.teams) == 3
    return event, [event.teams.get(pk=t).name for t in tie.teams]


@pytest.fixture
def three_way_tie(event, organizer):
    return tied(event, organizer, "stepladder")


def pages(event, organizer) -> list[str]:
    staff = Client(HTTP_ACCEPT_LANGUAGE="fr-CA")
    staff.force_login(organizer)
    found = []
    for client, url in (
        (staff, f"/organize/{event.slug}/"),
        (Client(HTTP_ACCEPT_LANGUAGE="fr-CA"), f"/e/{event.slug}/standings/"),
        (Client(HTTP_ACCEPT_LANGUAGE="fr-CA"), f"/e/{event.slug}/standings/?display=projector"),
    ):
        found.append(html.unescape(" ".join(client.get(url).content.decode().split())))
    return found


def test_the_ladder_is_explained_before_the_first_game(three_way_tie, organizer):
    event, (first, second, third) = three_way_tie
    for page in pages(event, organizer):
        assert (
            f"<strong>{first}, {second}, {third} sont à égalité de points pour les places 1 à "
            "3.</strong>"
        ) in page
        assert (
            "Classées dans cet ordre par les bris d'égalité, elles jouent une échelle de deux "
            "de trois"
        ) in page
        assert (
            f"{first}, classée première, ne joue que le dernier échelon et finit au pire à la "
            f"2e place (argent) ; {third} doit gagner chaque échelon pour prendre la 1re place"
        ) in page
        assert (
            f"Match 1 : {second} contre {third}.</strong> La perdante prend la 3e place "
            "(bronze) ; la gagnante joue le match 2."
        ) in page
        assert (
            f"Match 2 : {first} contre la gagnante du match 1.</strong> La gagnante prend la "
            "1re place (or), la perdante la 2e place (argent)."
        ) in page
        assert "Pas commencé : partie 1 à jouer." in page
        assert "match A" not in page and "match B" not in page


def test_each_match_says_how_it_stands(three_way_tie, organizer):
    event, (first, second, third) = three_way_tie
    [game] = seat_playoff_games(event, organizer)
    report(game, False, organizer)  # the lower seed wins game 1
    for page in pages(event, organizer):
        assert f"{third} mène 1–0." in page
    [game] = open_games(event)  # game 2 seated by itself once game 1 was confirmed
    report(game, True, organizer)
    assert "Égalité 1–1 : la prochaine partie décide." in pages(event, organizer)[0]
    [game] = seat_playoff_games(event, organizer)  # by hand: the game already seated, no other
    report(game, True, organizer)
    dashboard = pages(event, organizer)[0]
    assert f"{second} a gagné le match 2–1." in dashboard
    assert f"Match 2 : {first} contre {second}." in dashboard
    # Match 2 was seated by itself once match 1 was decided.
    [game] = open_games(event)
    assert (game.team_a.name, game.team_b.name) == (first, second)
    assert Game.objects.filter(round__kind=Round.Kind.PLAYOFF).count() == 4


def open_games(event) -> list[Game]:
    return list(
        Game.objects.filter(round__event=event, round__kind=Round.Kind.PLAYOFF)
        .exclude(status=Game.Status.CONFIRMED)
        .order_by("round__number", "table")
    )


def test_the_round_robin_is_explained_before_the_first_game(event, organizer):
    event, (first, second, third) = tied(event, organizer, "round_robin", 3)
    for page in pages(event, organizer):
        assert (
            f"<strong>{first}, {second}, {third} sont à égalité de points pour les places 1 à "
            "3.</strong>"
        ) in page
        assert (
            "Elles jouent un tournoi à la ronde de deux de trois (la première équipe à gagner 2 "
            "parties gagne le match) : chaque équipe affronte une fois chacune des autres. "
            "L'équipe qui gagne le plus de matchs prend la 1re place (or)"
        ) in page
        assert (
            "Aucune place n'est acquise d'avance : chaque équipe peut finir n'importe où de la "
            "1re place (or) à la 3e place (bronze)."
        ) in page
        # Seeds 2 v 3 first, then 1 v 3, then the top two seeds.
        assert f"Match 1 : {second} contre {third}.</strong> La gagnante compte un match" in page
        assert f"Match 2 : {first} contre {third}.</strong>" in page
        assert f"Match 3 : {first} contre {second}.</strong>" in page
        assert "Se joue une fois le match 1 terminé." in page
        assert "Pas commencé : partie 1 à jouer." in page
        assert "Matchs gagnés" not in page  # no count before a match is decided


def test_the_round_robin_is_played_seated_by_itself_and_its_last_match_said(event, organizer):
    event, (first, second, third) = tied(event, organizer, "round_robin", 3)
    [game] = seat_playoff_games(event, organizer)
    assert {game.team_a.name, game.team_b.name} == {second, third}
    report(game, False, organizer)  # third seed leads match 1
    report(open_games(event)[0], False, organizer)  # and wins it 2-0
    # Match 2 (first v third) is seated by itself, by Huche, audited.
    [game] = open_games(event)
    assert {game.team_a.name, game.team_b.name} == {first, third}
    seated = AuditEntry.objects.filter(action=AuditAction.PLAYOFF_SEAT).order_by("pk")
    assert seated.count() == 3 and seated.last().actor is None
    with translation.override("fr-ca"):
        assert describe(seated.last()).text == (
            "Huche a placé une partie de barrage pour les médailles (1 match). Automatiquement, "
            "dès la confirmation de la partie de barrage précédente."
        )
    dashboard = pages(event, organizer)[0]
    assert f"{third} a gagné le match 2–0." in dashboard
    assert f"Matchs gagnés jusqu'ici : {third} 1, {first} 0, {second} 0." in dashboard
    assert "La partie de barrage à jouer maintenant est placée" in dashboard
    assert "Placer la prochaine partie de barrage" not in dashboard  # nothing to seat by hand
    report(game, True, organizer)
    report(open_games(event)[0], True, organizer)  # first beats third 2-0
    # Match 3 left: first v second. If first wins: first 2 matches, then third 1, second 0.
    # If second wins: a cycle, one match each; games won 2 + 0 + (2 or 3)... the games decide.
    for page in pages(event, organizer):
        assert (
            f"Si l'équipe {first} gagne : {first} en 1re place (or), {third} en 2e place "
            f"(argent), {second} en 3e place (bronze)."
        ) in page
        assert f"Si l'équipe {second} gagne, les parties gagnées et les points décident" in page
    [game] = open_games(event)
    report(game, game.team_a.name == first, organizer)
    report(open_games(event)[0], game.team_a.name == first, organizer)
    assert open_games(event) == []
    rows = event_standings(Event.objects.get(pk=event.pk)).standings.rows
    assert [(r.rank, event.teams.get(pk=r.team).name, r.medal) for r in rows[:3]] == [
        (1, first, "gold"),
        (2, third, "silver"),
        (3, second, "bronze"),
    ]
    with pytest.raises(RuleError, match="Aucune partie de barrage"), translation.override("fr-ca"):
        seat_playoff_games(event, organizer)


def test_single_games_are_said_as_games(event, organizer):
    event, (first, second, third) = tied(event, organizer, "round_robin", 1)
    for page in pages(event, organizer):
        assert "Elles jouent un tournoi à la ronde en une seule partie" in page
        assert "La gagnante compte une partie gagnée." in page and "Pas encore joué." in page
        assert "deux de trois" not in page
    [game] = seat_playoff_games(event, organizer)
    report(game, True, organizer)
    dashboard = pages(event, organizer)[0]
    assert f"{game.team_a.name} a gagné." in dashboard
    assert "Parties gagnées jusqu'ici :" in dashboard
    [game] = open_games(event)  # match 2 seated by itself after a single game
    assert {game.team_a.name, game.team_b.name} == {first, third}


def test_the_format_is_fixed_once_the_playoff_has_begun(event, organizer):
    event, _names = tied(event, organizer, "round_robin", 3)
    update_event(event, organizer, {"playoff_format": "stepladder"})  # still free
    seat_playoff_games(event, organizer)
    event = Event.objects.get(pk=event.pk)
    # French spacing: a no-break space inside the guillemets.
    refused = (
        "«\u00a0chaque match de barrage\u00a0» ne peut plus changer une fois le barrage commencé"
    )
    with pytest.raises(RuleError, match=refused), translation.override("fr-ca"):
        update_event(event, organizer, {"playoff_best_of": 1})
    assert Event.objects.get(pk=event.pk).playoff_best_of == 3


@pytest.mark.parametrize(
    ("best_of", "rules", "score"),
    [
        (
            3,
            "Elles jouent un deux de trois : la première équipe à gagner 2 parties gagne le "
            "match et prend la 2e place (argent).",
            "Pas commencé : partie 1 à jouer.",
        ),
        (1, "Elles jouent une seule partie : la gagnante prend la 2e place (argent).", None),
    ],
)
def test_two_tied_teams_play_one_match_said_in_its_format(best_of, rules, score):
    fmt = PlayoffFormat(ROUND_ROBIN, best_of)  # the format of 3+ teams does not matter for two
    tie = MedalTie((5, 8), (2, 3), tuple(playoff_plan({5, 8}, (5, 8), [], fmt)), fmt)
    with translation.override("fr-ca"):
        words = explain_tie(tie, {5: "Les As", 8: "Les Valets"})
        assert words.headline == (
            "Les As et Les Valets sont à égalité de points pour la 2e place (argent) et la 3e "
            "place (bronze)."
        )
        assert words.summary == rules
        [match] = words.matches
        assert match.teams == "Les As contre Les Valets"
        assert (
            match.stakes
            == "La gagnante prend la 2e place (argent), la perdante la 3e place (bronze)."
        )
        assert match.score == (score or "Pas encore joué.")
        played = [PlayoffGame("A", 5, 8, 8, 100, 121)]
        tie = MedalTie((5, 8), (2, 3), tuple(playoff_plan({5, 8}, (5, 8), played, fmt)), fmt)
        [match] = explain_tie(tie, {5: "Les As", 8: "Les Valets"}).matches
        assert match.score == ("Les Valets mène 1–0." if best_of == 3 else "Les Valets a gagné.")
