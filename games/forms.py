"""Forms of the public game tools, and the card reading they share with the API.

The engine's own messages are English; the cards typed by a visitor are read here so that the
errors they see come in their language, naming the bad token.
"""

from __future__ import annotations

import json
import re

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.card_input import card_language_of, letters_language, read_cards
from games.cards import Card
from games.play.crapette.checker_words import json_problem

__all__ = ["DEALT", "card_language_of", "read_cards"]  # the tools' API reads cards the same way

MAX_RECORD_BYTES = 2 * 1024 * 1024  # a full Crapette game is tens of kilobytes
_SEPARATORS = re.compile(r"[\s,;]+")


class HandForm(forms.Form):
    """Four cards of a hand (or crib) then the starter, in one text field."""

    cards = forms.CharField(
        label=gettext_lazy("Cards: the 4 of the hand, then the starter"),
        max_length=120,
        help_text=gettext_lazy("For example 5H 5C 5S JD 5D (10 is 10 or T; suits S H D C)."),
        widget=forms.TextInput(attrs={"autocomplete": "off", "spellcheck": "false"}),
    )
    crib = forms.BooleanField(
        label=gettext_lazy("This is the crib (only a flush of five counts)"), required=False
    )

    read_in: str | None = None  # the language the cards' letters required, if one

    def clean_cards(self) -> tuple[Card, ...]:
        cards = read_cards(self.cleaned_data["cards"])
        self.read_in = letters_language(self.cleaned_data["cards"])
        if len(cards) != 5:
            raise forms.ValidationError(
                _("Enter 5 cards: the 4 of the hand, then the starter (you entered %(count)d)."),
                code="count",
                params={"count": len(cards)},
            )
        return cards


ROLE_CHOICES = [
    ("dealer", gettext_lazy("I deal (the crib is mine)")),
    ("partner", gettext_lazy("My partner deals (4 players: the crib is our team's)")),
    ("opponent", gettext_lazy("An opponent deals")),
]
PLAYERS_CHOICES = [
    ("", gettext_lazy("From the number of cards")),
    ("2", gettext_lazy("2 players (6 cards dealt)")),
    ("3", gettext_lazy("3 players (5 cards dealt, one card of the pack to the crib)")),
    ("4", gettext_lazy("4 players, partners (5 cards dealt)")),
]
DEALT = {2: 6, 3: 5, 4: 5}  # cards dealt to each player, RULES.md section 4


class DiscardForm(forms.Form):
    """The cards dealt to the player and who deals."""

    cards = forms.CharField(
        label=gettext_lazy("Your cards (6 with 2 players, 5 with 3 or 4 players)"),
        max_length=140,
        help_text=gettext_lazy("For example 5H 5C 5S JD 4D 6D."),
        widget=forms.TextInput(attrs={"autocomplete": "off", "spellcheck": "false"}),
    )
    role = forms.ChoiceField(
        label=gettext_lazy("Who deals?"),
        choices=ROLE_CHOICES,
        initial="opponent",
        widget=forms.RadioSelect,
    )
    players = forms.TypedChoiceField(
        label=gettext_lazy("Players"),
        choices=PLAYERS_CHOICES,
        coerce=int,
        empty_value=None,
        required=False,
    )

    read_in: str | None = None  # the language the cards' letters required, if one

    def clean_cards(self) -> tuple[Card, ...]:
        cards = read_cards(self.cleaned_data["cards"])
        self.read_in = letters_language(self.cleaned_data["cards"])
        if len(cards) not in DEALT.values():
            raise forms.ValidationError(
                _(
                    "Enter the cards dealt to you: 6 with 2 players, 5 with 3 or 4 players "
                    "(you entered %(count)d)."
                ),
                code="count",
                params={"count": len(cards)},
            )
        return cards

    def clean(self):
        super().clean()  # returns cleaned_data (typed optional)
        data = self.cleaned_data
        cards, players = data.get("cards"), data.get("players")
        if cards is None:
            return data
        if players is None and len(cards) == DEALT[3] and data.get("role") == "partner":
            players = data["players"] = 4  # only the four-handed game has a partner who deals
        if players is None and len(cards) == DEALT[3]:
            self.add_error(
                "players",
                forms.ValidationError(
                    _(
                        "5 cards are dealt with 3 players (each for themselves) and with 4 "
                        "(partners): choose the number of players."
                    ),
                    code="players",
                ),
            )
            return data
        if players is None:
            players = data["players"] = 2 if len(cards) == DEALT[2] else 4
        if len(cards) != DEALT[players]:
            self.add_error(
                "cards",
                forms.ValidationError(
                    _(
                        "With %(players)d players each player is dealt %(dealt)d cards "
                        "(you entered %(count)d)."
                    ),
                    code="count",
                    params={"players": players, "dealt": DEALT[players], "count": len(cards)},
                ),
            )
        elif data.get("role") == "partner" and players != 4:
            self.add_error(
                "role",
                forms.ValidationError(
                    _(
                        "Only in the four-handed game does a partner deal: choose 4 players "
                        "(5 cards) or another dealer."
                    ),
                    code="partner",
                ),
            )
        return data


class CrapetteRecordForm(forms.Form):
    """A Crapette game record: an uploaded JSON file or the JSON pasted as text."""

    record_file = forms.FileField(
        label=gettext_lazy("Record file (JSON)"),
        required=False,
        widget=forms.ClearableFileInput(attrs={"accept": ".json,application/json"}),
    )
    record_text = forms.CharField(
        label=gettext_lazy("…or paste the record"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 8, "spellcheck": "false"}),
    )

    def clean(self):
        super().clean()  # returns cleaned_data (typed optional)
        data = self.cleaned_data
        upload, text = data.get("record_file"), (data.get("record_text") or "").strip()
        if upload and text:
            raise forms.ValidationError(
                _("Upload a file or paste a record, not both."), code="both"
            )
        if not upload and not text:
            raise forms.ValidationError(_("Upload a record file or paste a record."), code="empty")
        if upload:
            if upload.size > MAX_RECORD_BYTES:
                raise forms.ValidationError(
                    _("The file is too large (%(size)d bytes): a record is at most %(max)d."),
                    code="too_large",
                    params={"size": upload.size, "max": MAX_RECORD_BYTES},
                )
            try:
                text = upload.read().decode("utf-8-sig")
            except UnicodeDecodeError:
                raise forms.ValidationError(
                    _("The file is not text (UTF-8): a record is a JSON file."), code="binary"
                ) from None
        elif len(text.encode()) > MAX_RECORD_BYTES:
            raise forms.ValidationError(
                _("The record is too large: at most %(max)d bytes."),
                code="too_large",
                params={"max": MAX_RECORD_BYTES},
            )
        data["record"] = parse_record_json(text)
        return data


def parse_record_json(text: str) -> object:
    """The JSON of a record, or a translated error saying where it stops being JSON."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise forms.ValidationError(
            _("This is not JSON: %(problem)s at line %(line)d, column %(column)d."),
            code="not_json",
            params={
                "problem": json_problem(error.msg),
                "line": error.lineno,
                "column": error.colno,
            },
        ) from None
