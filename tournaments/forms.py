"""Forms of the organizer, official and captain pages (validation proper lives in services)."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from .models import Event


class EventForm(forms.ModelForm):
    rule_set = forms.ChoiceField(label=_("Rule set"))
    movement = forms.ChoiceField(label=_("Seating"))
    scoring_system = forms.ChoiceField(label=_("Scoring system"))
    tiebreaks = forms.CharField(
        label=_("Tiebreak order"), required=False,
        help_text=_("Leave empty for the system's order. Otherwise metric keys separated by "
                    "commas, e.g. “head_to_head, wins, spread”; the draw of lots always comes "
                    "last."),
    )

    class Meta:
        model = Event
        fields = ["name", "date", "venue", "game_type", "rule_set", "number_of_games",
                  "scoring_system", "tiebreaks", "bye_points", "movement", "confirmation",
                  "visibility"]
        widgets = {"date": forms.DateInput(attrs={"type": "date"})}

    def __init__(self, *args, **kwargs):
        from .options import movement_names, rule_set_names, scoring_system_names

        super().__init__(*args, **kwargs)
        self.fields["rule_set"].choices = [(n, n.replace("_", " ").title())
                                           for n in rule_set_names()]
        self.fields["movement"].choices = [
            ("winners_stay", _("Winners stay at their table")), ("swiss", _("Swiss")),
            ("round_robin", _("Round robin")),
        ]
        self.fields["movement"].choices = [c for c in self.fields["movement"].choices
                                           if c[0] in movement_names()]
        self.fields["scoring_system"].choices = [
            (key, label) for key, label in (
                ("fadoq", _("FADOQ: accumulated points, playoff for medals")),
                ("game_points", _("Game points (win 2, skunk 3)")),
                ("wins", _("Wins, then point spread")),
            ) if key in scoring_system_names()
        ]
        if self.instance.pk and self.instance.tiebreaks:
            self.initial["tiebreaks"] = ", ".join(self.instance.tiebreaks)
        if self.instance.pk and self.instance.status != Event.Status.REGISTRATION:
            for name in ("game_type", "rule_set", "movement"):
                self.fields[name].disabled = True


    def clean_tiebreaks(self) -> list[str]:
        return [k.strip() for k in (self.cleaned_data.get("tiebreaks") or "").split(",")
                if k.strip()]

    def clean(self):
        from .standings import StandingsConfig, StandingsError, tiebreak_choices

        data = super().clean()
        system, chain = data.get("scoring_system"), data.get("tiebreaks")
        if system and chain:
            try:
                StandingsConfig(system, tiebreaks=tuple(chain))
            except StandingsError as exc:
                self.add_error("tiebreaks", _("%(error)s (allowed: %(keys)s)") % {
                    "error": exc, "keys": ", ".join(tiebreak_choices(system))})
        return data

class TeamForm(forms.Form):
    name = forms.CharField(label=_("Team name"), max_length=120)
    captain = forms.CharField(label=_("Captain"), max_length=120)
    partner = forms.CharField(label=_("Partner"), max_length=120, required=False)


class TeamImportForm(forms.Form):
    text = forms.CharField(
        label=_("Paste the list (one team per line: team, captain, partner)"),
        widget=forms.Textarea, required=False,
    )
    file = forms.FileField(label=_("…or choose a CSV file"), required=False)

    def clean(self):
        data = super().clean()
        if not data.get("text") and not data.get("file"):
            raise forms.ValidationError(_("Paste a list or choose a file."))
        return data


class NumberOfGamesForm(forms.Form):
    number_of_games = forms.IntegerField(label=_("Number of games"), min_value=1, max_value=30)


class PinForm(forms.Form):
    pin = forms.CharField(
        label=_("PIN"), max_length=12,
        widget=forms.TextInput(attrs={"inputmode": "numeric", "autocomplete": "one-time-code",
                                      "autofocus": True}),
    )


class FinalScoreForm(forms.Form):
    score_a = forms.IntegerField(min_value=0, max_value=999, widget=forms.NumberInput(
        attrs={"inputmode": "numeric"}))
    score_b = forms.IntegerField(min_value=0, max_value=999, widget=forms.NumberInput(
        attrs={"inputmode": "numeric"}))
    idempotency_key = forms.CharField(required=False, widget=forms.HiddenInput)


class DisputeDecisionForm(forms.Form):
    report = forms.IntegerField(required=False, widget=forms.HiddenInput)
    score_a = forms.IntegerField(required=False, min_value=0)
    score_b = forms.IntegerField(required=False, min_value=0)
    note = forms.CharField(required=False, max_length=300, label=_("Note"))
