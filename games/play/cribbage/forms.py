"""Forms of the practice pages: the new game, and reading an action from a posted form."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy

from games.cribbage.computer import LEVELS
from games.cribbage.rules import FADOQ, FOUR_PLAYER_PARTNERS

from .table import TableError

LEVEL_LABELS = {
    "easy": gettext_lazy("Easy"),
    "standard": gettext_lazy("Standard"),
    "pro": gettext_lazy("Pro"),
}
LEVEL_HELP = {
    "easy": gettext_lazy("Keeps the cards that look best, lays the first card that scores."),
    "standard": gettext_lazy(
        "Discards by the exact expected points; pegs greedily but avoids the obvious gifts."
    ),
    "pro": gettext_lazy(
        "Plays to win: reads your cards from your discard and your plays, weighs "
        "whole deals and searches every card of the play."
    ),
}


class NewCribbageForm(forms.Form):
    level = forms.ChoiceField(
        label=gettext_lazy("Level of the computer"),
        choices=[(name, LEVEL_LABELS.get(name, name)) for name in LEVELS],
        initial="standard",
        widget=forms.RadioSelect,
    )
    target = forms.TypedChoiceField(
        label=gettext_lazy("Game"),
        coerce=int,
        initial=121,
        widget=forms.RadioSelect,
        choices=[
            (121, gettext_lazy("121 points (twice round the board)")),
            (61, gettext_lazy("61 points (once round, French rules)")),
        ],
    )
    count_own = forms.BooleanField(
        label=gettext_lazy("I count my own hands (muggins: the computer takes the points I miss)"),
        required=False,
    )
    coach_play = forms.BooleanField(
        label=gettext_lazy(
            "Coach my play too: after each card I lay, was it the best? (always at the easy level)"
        ),
        required=False,
    )
    players = forms.TypedChoiceField(
        label=gettext_lazy("Table"),
        coerce=int,
        initial=2,
        required=False,  # a form of before the four-handed game: two-handed (see clean)
        widget=forms.RadioSelect,
        choices=[
            (2, gettext_lazy("Two-handed: you against the computer")),
            (3, gettext_lazy("Three-handed: you against two computers, each for itself")),
            (4, gettext_lazy("Four-handed: you and a computer partner against two computers")),
        ],
    )
    rules = forms.ChoiceField(
        label=gettext_lazy("Four-handed rules"),
        initial=FADOQ.name,
        widget=forms.RadioSelect,
        choices=[
            (FADOQ.name, gettext_lazy("FADOQ (from 116, no more lone points for the go)")),
            (FOUR_PLAYER_PARTNERS.name, gettext_lazy("Standard partnership rules")),
        ],
        required=False,
    )
    partner_level = forms.ChoiceField(
        label=gettext_lazy("Level of your partner"),
        choices=[(name, LEVEL_LABELS.get(name, name)) for name in LEVELS],
        initial="standard",
        widget=forms.RadioSelect,
        required=False,
    )

    def clean(self) -> dict:
        data = super().clean() or {}
        data["players"] = data.get("players") or 2
        data["coach_play"] = bool(data.get("coach_play")) or data.get("level") == "easy"
        if data["players"] == 3 and data.get("target") == 61:
            self.add_error("target", gettext_lazy("The three-handed game is played to 121 points."))
        if data["players"] == 4:
            if data.get("target") == 61:
                self.add_error(
                    "target", gettext_lazy("The four-handed game is played to 121 points.")
                )
            data["rules"] = data.get("rules") or FADOQ.name
            data["partner_level"] = data.get("partner_level") or "standard"
        return data


ACTIONS = {"CutForDeal", "Deal", "Discard", "Cut", "Play", "Go", "CountHand", "CountCrib"}


def action_from_post(post, discards: int = 2) -> dict:
    """The engine action (JSON form) a page form posted: ``action`` plus its fields
    (``discards``: the cards the player lays away, 2 two-handed, 1 three- and four-handed)."""
    kind = post.get("action")
    if kind not in ACTIONS:
        raise TableError("unknown-action", f"unknown action {kind!r}", action=kind or "—")
    data: dict = {"type": kind}
    if kind == "Discard":
        cards = post.getlist("cards")
        if len(cards) != discards:
            code = "discard-count" if discards == 2 else "discard-count-one"
            raise TableError(code, f"{len(cards)} card(s) chosen, not {discards}", count=len(cards))
        data["cards"] = cards
    elif kind == "Play":
        data["card"] = post.get("card", "")
    elif kind in ("CountHand", "CountCrib"):
        try:
            data["claimed"] = int(post.get("claimed", ""))
        except ValueError:
            raise TableError("count-not-a-number", "the count is not a number") from None
    return data
