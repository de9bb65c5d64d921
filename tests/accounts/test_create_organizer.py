"""`manage.py create_organizer` (and `make hall`'s first start) asks for the organizer's account in the
console's language (French) with the site's password rules: createsuperuser asks in English."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.utils import translation

from accounts.management.commands.create_organizer import create_organizer_account


def run(answers: list[str], secrets: list[str]) -> list[str]:
    asked, printed = [], []

    def ask(prompt: str) -> str:
        asked.append(prompt)
        return answers.pop(0)

    def ask_secret(prompt: str) -> str:
        asked.append(prompt)
        return secrets.pop(0)

    with translation.override("fr-ca"):
        create_organizer_account(ask, ask_secret, printed.append)
    return asked + printed


@pytest.mark.django_db
def test_the_organizer_is_asked_in_french_until_the_answers_are_usable():
    get_user_model().objects.create_user(email="deja@club.ca", password="x-Quinze-Deux-9")
    said = run(
        ["pas un courriel", "DEJA@club.ca", "lise@club.ca"],
        ["Quinze-Deux-9!", "Quinze-Deux-8!", "1234", "1234", "Quinze-Deux-9!", "Quinze-Deux-9!"],
    )
    text = "\n".join(said)
    assert "Courriel de l'organisateur : " in said and "Mot de passe : " in said
    assert "Ce n'est pas une adresse courriel" in text
    assert "Un compte utilise déjà ce courriel." in text
    assert "Les deux mots de passe diffèrent" in text
    assert "trop court" in text  # Django's own rule, in French
    assert "Password" not in text and "Email" not in text
    organizer = get_user_model().objects.get(email="lise@club.ca")
    assert organizer.is_superuser and organizer.is_staff
    assert organizer.check_password("Quinze-Deux-9!")
    assert "Compte créé : lise@club.ca peut se connecter." in text
