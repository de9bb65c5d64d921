"""Issue 34, points 1 and 15: a double pétrin is called so on the team page as on the round
page and in the CSV (one label); French says "des Atouts", "du Pétrin", "aux Atouts" and
"au Pétrin" (never "de Les Atouts"), and a team name, singular, takes a singular verb."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import translation

from tournaments.models import Report
from tournaments.results import reporting
from tournaments.seating.rounds import seat_next_round
from tournaments.standings.service import release
from tournaments.words import french_articles, say

pytestmark = pytest.mark.django_db


def french(path: str, client: Client | None = None) -> str:
    client = client or Client()
    response = client.get(path, HTTP_ACCEPT_LANGUAGE="fr-ca")
    assert response.status_code == 200, path
    return response.content.decode()


def test_a_double_petrin_is_called_double_petrin_on_the_team_page_too(event, organizer):
    round_ = seat_next_round(event, organizer)
    game = round_.games.exclude(team_b=None).order_by("table").first()
    desk = reporting.Actor(user=organizer, channel=Report.Channel.OFFICIAL)
    reporting.submit(game, desk, Report.Kind.FINAL, {"score_a": 121, "score_b": 60})
    release(event, organizer)
    team_page = french(f"/e/{event.slug}/teams/{game.team_a.pk}/")
    round_page = french(f"/e/{event.slug}/rounds/{round_.number}/")
    assert "double pétrin" in round_page
    assert "121–60 <span" in team_page and "double pétrin" in team_page


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("le capitaine de Les Atouts", "le capitaine des Atouts"),
        ("le capitaine de Le Pétrin de Joliette", "le capitaine du Pétrin de Joliette"),
        ("Donner la victoire à Les Atouts ?", "Donner la victoire aux Atouts ?"),
        ("Donner un nouveau NIP à Le Pétrin ?", "Donner un nouveau NIP au Pétrin ?"),
        ("le capitaine de Alma", "le capitaine d’Alma"),
        ("le capitaine de La Dame de cœur", "le capitaine de La Dame de cœur"),
        ("essayez de le faire à la table", "essayez de le faire à la table"),
        ("Le lien de l'équipe", "Le lien de l'équipe"),
    ],
)
def test_french_contracts_de_and_a_before_a_names_article(text, said):
    assert french_articles(text, "fr-ca") == said
    assert french_articles(text, "en") == text


def test_python_messages_about_a_team_read_right_in_french_and_stay_english_in_english():
    from django.utils.translation import gettext as _

    with translation.override("fr-ca"):
        message = say(_("Give %(team)s the win by forfeit?"), {"team": "Les Atouts"})
        assert message == "Donner la victoire par forfait aux Atouts ?"
        lead = say(_("%(team)s lead %(score)s."), {"team": "Le Pétrin de Joliette", "score": "1–0"})
        assert "mènent" not in lead and "mène 1–0" in lead
    with translation.override("en"):
        assert say(_("Give %(team)s the win by forfeit?"), {"team": "Les Atouts"}) == (
            "Give Les Atouts the win by forfeit?"
        )


def test_the_captain_home_names_the_other_captain_with_the_article_contracted(
    make_event, organizer, captain_client
):
    from tournaments.models import Team

    event = make_event(4)
    round_ = seat_next_round(event, organizer)
    game = round_.games.exclude(team_b=None).order_by("table").first()
    Team.objects.filter(pk=game.team_a.pk).update(name="Les Atouts")
    Team.objects.filter(pk=game.team_b.pk).update(name="Le Pétrin")
    game.refresh_from_db()
    reporting.submit(
        game, reporting.Actor(team=game.team_a), Report.Kind.FINAL, {"score_a": 121, "score_b": 100}
    )
    other = game.team_b
    client = captain_client(other)
    link = other.links.get(revoked_at__isnull=True)
    page = french(f"/c/{link.token}/", client)
    assert "de Les" not in page
    assert "Déclaré par le capitaine des Atouts." in page
