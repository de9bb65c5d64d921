"""Forms of the organizer, official and captain pages (validation proper lives in services)."""

from __future__ import annotations

import json

from django import forms
from django.db import models
from django.utils.formats import date_format
from django.utils.html import format_html, format_html_join
from django.utils.safestring import mark_safe
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from accounts.links import normalize_pin
from tournaments.events.names import (
    MEMBER_NUMBER_MAX,
    PLAYER_NAME_MAX,
    TEAM_NAME_MAX,
    NameValidator,
)
from tournaments.events.options import (
    check_bracket,
    check_entry,
    movement_names,
    rule_set_choices,
    scoring_system_names,
)
from tournaments.results.desk import DeskDecision
from tournaments.standings.engine import (
    METRICS,
    StandingsConfig,
    StandingsError,
    tiebreak_choices,
)
from tournaments.words import name_key

from .errors import RuleError, every_error
from .models import Event, Season
from .selectors import managed_leagues


def _choice_field(form: forms.BaseForm, name: str) -> forms.ChoiceField:
    """The form's field ``name``, a choice field whose choices are set when the form is built."""
    field = form.fields[name]
    assert isinstance(field, forms.ChoiceField), f"{name} is not a choice field"
    return field


def add_rule_error(form: forms.BaseForm, exc: RuleError) -> None:
    """Show a service's refusal on the field it names, or above the form."""
    form.add_error(exc.field if exc.field in form.fields else None, exc.message)


PLAYOFF_FIELDS = ("playoff_format", "playoff_best_of")
BRACKET_FIELDS = ("bracket", "bracket_qualifiers", "bracket_best_of", "bracket_third_place")


DRAW = "drawn_lot"
POSITIONS = 5  # positions shown (more when a stored chain is longer); read up to READ_MAX
READ_MAX = 12


def chain_of(value) -> list[str]:
    """A chain as a list, from the model's list or the comma list typed before (or posted)."""
    if isinstance(value, (list, tuple)):
        return [str(k) for k in value]
    return [k.strip() for k in str(value or "").split(",") if k.strip()]


class TiebreakOrder(forms.Widget):
    """The tiebreak chain as numbered drop-downs, names in the page's language, no JavaScript:
    1st, 2nd… each a metric or “—”; the draw of lots is always last (said, not chosen).

    Posts ``tiebreaks_0``, ``tiebreaks_1``…; a plain ``tiebreaks`` (the comma list of keys or
    names, as older pages and scripts send it) is still read, and wins when both are sent."""

    def __init__(self, keys=(), attrs=None):
        super().__init__(attrs)
        self.keys = tuple(keys)

    def options(self) -> list[tuple[str, str]]:
        return [("", "—")] + [(k, str(_(METRICS[k].label))) for k in self.keys]

    def render(self, name, value, attrs=None, renderer=None):
        chain = [k for k in chain_of(value) if k != DRAW]
        base = (attrs or {}).get("id") or f"id_{name}"
        rows = []
        for index in range(max(POSITIONS, len(chain))):
            chosen = chain[index] if index < len(chain) else ""
            options = format_html_join(
                "",
                '<option value="{}"{}>{}</option>',
                (
                    (key, mark_safe(" selected") if key == chosen else "", label)
                    for key, label in self.options()
                ),
            )
            if chosen and chosen not in self.keys:  # a typed key refused: shown as sent
                options = format_html(
                    '{}<option value="{}" selected>{}</option>', options, chosen, chosen
                )
            rows.append(
                format_html(
                    '<li><label class="visually-hidden" for="{id}">{label}</label>'
                    '<select name="{name}" id="{id}">{options}</select></li>',
                    id=f"{base}_{index}",
                    label=_("Tiebreak %(n)d") % {"n": index + 1},
                    name=f"{name}_{index}",
                    options=options,
                )
            )
        return format_html(
            '<ol class="tiebreak-order" id="{}">{}<li class="hint">{}</li></ol>',
            base,
            mark_safe("".join(rows)),  # noqa: S308 - each row built by format_html above
            _("then the draw of lots (always last)"),
        )

    def value_from_datadict(self, data, files, name):
        if name in data:
            return data.get(name)
        picked = [str(data.get(f"{name}_{i}", "")).strip() for i in range(READ_MAX)]
        return ", ".join(k for k in picked if k)

    def value_omitted_from_data(self, data, files, name):
        return name not in data and f"{name}_0" not in data

    def id_for_label(self, id_):
        return f"{id_}_0" if id_ else id_


class EventForm(forms.ModelForm):
    # Choices whose names are sentences: radio buttons, whose words wrap on a phone and show in
    # full on a projector (a drop-down clips its own text; issue 25).
    rule_set = forms.ChoiceField(label=_("Rule set"), widget=forms.RadioSelect)
    movement = forms.ChoiceField(label=_("Seating"), widget=forms.RadioSelect)
    scoring_system = forms.ChoiceField(label=_("Scoring system"), widget=forms.RadioSelect)
    tiebreaks = forms.CharField(
        label=_("Tiebreak order"),
        required=False,
        widget=TiebreakOrder(
            dict.fromkeys(
                k
                for system in ("fadoq", "game_points", "wins")
                for k in tiebreak_choices(system)
                if k != DRAW
            )
        ),
    )

    class Meta:
        model = Event
        fields = [
            "name",
            "date",
            "venue",
            "game_type",
            "rule_set",
            "entry",
            "number_of_games",
            "scoring_system",
            "tiebreaks",
            "bye_points",
            "bye_counts_as_win",
            "movement",
            "seed_by_rating",
            "playoff_format",
            "playoff_best_of",
            "bracket",
            "bracket_qualifiers",
            "bracket_best_of",
            "bracket_third_place",
            "confirmation",
            "visibility",
        ]
        widgets = {
            "date": forms.DateInput(attrs={"type": "date"}),
            # An address is read whole, wrapped between words (a one-line box cut it; issue 25).
            "venue": forms.Textarea(attrs={"rows": 2, "class": "one-line"}),
            "confirmation": forms.RadioSelect,
            "entry": forms.RadioSelect,
            "visibility": forms.RadioSelect,
            "playoff_format": forms.RadioSelect,
            "playoff_best_of": forms.RadioSelect,
            "bracket": forms.RadioSelect,
            "bracket_best_of": forms.RadioSelect,
            "bracket_qualifiers": forms.NumberInput(attrs={"inputmode": "numeric", "min": 2}),
        }

    def __init__(self, *args, user=None, **kwargs):
        super().__init__(*args, **kwargs)
        if user is not None:
            self._season_field(user)
        _choice_field(self, "rule_set").choices = rule_set_choices()
        # What a bye is worth is asked in the scoring system's own terms (huche.css hides the
        # other question once a system is chosen): points for FADOQ, a win for the others.
        for name, scoring in (("bye_points", "points"), ("bye_counts_as_win", "games")):
            if name in self.fields:
                self.fields[name].scoring = scoring  # type: ignore[attr-defined]
        movements = [
            ("winners_stay", _("Winners stay at their table")),
            ("swiss", _("Swiss")),
            ("round_robin", _("Round robin")),
            ("random_draw", _("Random draw each game, avoiding rematches")),
        ]
        _choice_field(self, "movement").choices = [c for c in movements if c[0] in movement_names()]
        _choice_field(self, "scoring_system").choices = [
            (key, label)
            for key, label in (
                ("fadoq", _("FADOQ: accumulated points, playoff for medals")),
                ("game_points", _("Game points (win 2, skunk 3)")),
                ("wins", _("Wins, then point spread")),
            )
            if key in scoring_system_names()
        ]
        if self.instance.pk:
            # The model's JSON list shown as the comma list people type (never "[]").
            self.initial["tiebreaks"] = ", ".join(self.instance.tiebreaks or [])
        if isinstance(self.initial.get("tiebreaks"), list):  # a preset's chain, as typed
            self.initial["tiebreaks"] = ", ".join(self.initial["tiebreaks"])
        self.fields["tiebreaks"].help_text = system_order_words(self._chosen_system())
        if not self.instance.pk:
            # The choice fields declared above have no model default of their own: without
            # this a new "FADOQ" event silently opened on the first rule set (two-handed).
            for name in ("rule_set", "movement", "scoring_system"):
                field = Event._meta.get_field(name)
                assert isinstance(field, models.Field), f"{name} is a column, not a relation"
                self.initial.setdefault(name, field.default)
        self._entry_and_bracket_fields()

    def _entry_and_bracket_fields(self) -> None:
        """Entries, the playoff and the bracket: their help, and fixed once they are in play."""
        self.fields["entry"].help_text = _(
            "Singles: for two- and three-handed cribbage (and Crapette); each entry is one "
            "player, named after that player. Fixed once the first round is seated."
        )
        # The words that name teams or players, both ways: the page's script swaps them when
        # the entry changes (static/huche/event-form.js); the server renders the chosen one's.
        singles = singles_words()
        for name, words in singles.items():
            field = self.fields[name]
            # Read by the template (event_form.html: data-entry-words on the field's box).
            field.entry_words = json.dumps(  # type: ignore[attr-defined]
                {"pairs": _words_of(field, words), "singles": words}
            )
        if self._singles():
            for name, words in singles.items():
                _apply_words(self.fields[name], words)
            self.fields["tiebreaks"].help_text = system_order_words(self._chosen_system(), True)
        if self.instance.pk and self.instance.status != Event.Status.REGISTRATION:
            for name in ("game_type", "rule_set", "movement", "seed_by_rating", "entry"):
                self.fields[name].disabled = True
        self.fields["entry"].required = False
        for name in PLAYOFF_FIELDS:
            # Left out of a post (a form saved before these existed): the value stays as it is.
            self.fields[name].required = False
        if self.instance.pk and self.instance.rounds.filter(kind="playoff").exists():
            for name in PLAYOFF_FIELDS:
                self.fields[name].disabled = True
        self.fields["bracket_best_of"].required = False
        self.fields["bracket"].help_text = _(
            "After the series, the qualifiers play a single-elimination bracket seeded by their "
            "place; the top seeds get the first-round byes. Fixed once the bracket is seated."
        )
        if self.instance.pk and self.instance.rounds.filter(kind="bracket").exists():
            for name in BRACKET_FIELDS:
                self.fields[name].disabled = True

    def _singles(self) -> bool:
        """Whether the page shows a singles event: as posted, else the preset's, else the
        event's own entry."""
        chosen = self.data.get("entry") if self.is_bound else None
        if chosen not in Event.Entry.values:
            chosen = self.initial.get("entry") or self.instance.entry
        return chosen == Event.Entry.SINGLES

    def _chosen_system(self) -> str:
        """The scoring system the page shows chosen: as posted (a page sent back with an
        error), else the preset's or the event's, else the model's default."""
        chosen = self.data.get("scoring_system") if self.is_bound else None
        if chosen not in scoring_system_names():
            chosen = self.initial.get("scoring_system")
        if chosen not in scoring_system_names():
            chosen = self.instance.scoring_system or "fadoq"
        return str(chosen)

    def order_words_json(self) -> str:
        """The tiebreak hint of each scoring system, for pairs and for singles, for the page's
        script to show the chosen one's when either choice changes (the server renders the
        chosen one's)."""
        return json.dumps(
            {
                entry: {
                    key: system_order_words(key, entry == "singles")
                    for key in scoring_system_names()
                }
                for entry in ("pairs", "singles")
            }
        )

    def _season_field(self, user) -> None:
        """The seasons of the leagues ``user`` organizes (and the event's own, kept as it is):
        an event is put in its season from its own form (issue 34)."""
        seasons = Season.objects.filter(league__in=managed_leagues(user))
        current = self.instance.season_id if self.instance.pk else None
        if current:
            seasons = seasons | Season.objects.filter(pk=current)
        if not seasons.exists():
            return  # no league of one's own: nothing to offer (the field would be empty)
        if not self.instance.pk and seasons.count() == 1:
            current = seasons.get().pk  # the club's one season: a new event most likely counts
        self.fields["season"] = forms.ModelChoiceField(
            queryset=seasons.select_related("league").order_by("league__name", "-slug"),
            required=False,
            label=_("Season"),
            empty_label=_("In no season"),
            initial=current,
            help_text=_(
                "The league season this event counts for (seasons of the leagues you organize)."
            ),
        )

    def clean_entry(self) -> str:
        """Left out of a post (a form or script from before singles): as it is."""
        return self.cleaned_data.get("entry") or self.instance.entry

    def clean_playoff_format(self) -> str:
        return self.cleaned_data.get("playoff_format") or self.instance.playoff_format

    def clean_bracket_best_of(self) -> int:
        return self.cleaned_data.get("bracket_best_of") or self.instance.bracket_best_of

    def clean_playoff_best_of(self) -> int:
        return self.cleaned_data.get("playoff_best_of") or self.instance.playoff_best_of

    def clean_venue(self) -> str:
        """One line, as typed in the two-line box (Enter adds nothing)."""
        return " ".join((self.cleaned_data.get("venue") or "").split())

    def clean_tiebreaks(self) -> list[str]:
        return [
            k.strip() for k in (self.cleaned_data.get("tiebreaks") or "").split(",") if k.strip()
        ]

    def clean(self):
        super().clean()  # returns cleaned_data (typed optional)
        data = self.cleaned_data
        if data.get("entry") and data.get("rule_set"):
            try:
                check_entry(data["entry"], data.get("game_type") or "cribbage", data["rule_set"])
            except RuleError as exc:
                self.add_error("entry", exc.message)
        if not any(self.fields[name].disabled for name in BRACKET_FIELDS):
            try:
                check_bracket(
                    {k: data.get(k) for k in BRACKET_FIELDS if k in data},
                    self.instance if self.instance.pk else None,
                )
            except RuleError as exc:
                add_rule_error(self, exc)
        system, chain = data.get("scoring_system"), data.get("tiebreaks")
        if not (system and chain):
            return data
        allowed = tiebreak_choices(system)
        by_label = {_(METRICS[k].label).casefold(): k for k in allowed} | {
            METRICS[k].label.casefold(): k for k in allowed
        }
        chain = [k if k in allowed else by_label.get(k.casefold(), k) for k in chain]
        data["tiebreaks"] = chain
        listed = ", ".join(f"{k} ({_(METRICS[k].label)})" for k in allowed)
        unknown = [k for k in chain if k not in allowed]
        if unknown:
            self.add_error(
                "tiebreaks",
                _(
                    "“%(key)s” is not a tiebreak of this scoring system. Allowed, separated by "
                    "commas: %(keys)s."
                )
                % {"key": unknown[0], "keys": listed},
            )
        elif len(set(chain)) != len(chain):
            self.add_error("tiebreaks", _("Each tiebreak may appear only once."))
        else:
            try:
                StandingsConfig(system, tiebreaks=tuple(chain))
            except StandingsError:
                self.add_error(
                    "tiebreaks",
                    _(
                        "The draw of lots separates every team: it must come last (it is added "
                        "at the end when left out). Allowed, separated by commas: %(keys)s."
                    )
                    % {"keys": listed},
                )
        return data


def singles_words() -> dict[str, dict]:
    """What the event form says otherwise for singles (issue 50: nobody is a captain, the
    entries are players), by field: its label, its help, its choices' labels."""
    return {
        "confirmation": {
            "choices": {
                Event.Confirmation.BOTH_CAPTAINS: str(_("Both players (or an official)")),
                Event.Confirmation.CAPTAIN_AND_OFFICIAL: str(
                    _("One player, confirmed by an official")
                ),
            }
        },
        "bye_points": {"help": str(_("Empty: the player's average over their games."))},
        "bye_counts_as_win": {
            "help": str(
                _(
                    "Game points or wins: a player with a bye is credited a win (2 game points, "
                    "no spread). Unticked: a bye is worth nothing in these standings."
                )
            )
        },
        "seed_by_rating": {
            "help": str(
                _(
                    "Swiss seating only. Round 1: by rating (the best-rated players meet later). "
                    "The players are put in order of their ratings (a new player counts 25), the "
                    "top half meets the bottom half (the 1st against the first of the bottom "
                    "half, and so on), and the lowest-rated player rests if the count is odd. "
                    "Unticked: round 1 is drawn at random."
                )
            )
        },
        "playoff_format": {
            "label": str(_("Playoff among three or more tied players")),
            "help": str(
                _(
                    "Round robin: each tied player plays each of the others once. Stepladder: "
                    "the two lowest seeds start, each winner plays the next seed up. Two tied "
                    "players always play one match. Fixed once the first playoff game is seated."
                )
            ),
            "choices": {
                Event.PlayoffFormat.ROUND_ROBIN: str(_("Round robin among the tied players")),
            },
        },
    }


def _words_of(field: forms.Field, words: dict) -> dict:
    """The field's own words (the pairs' ones) for what ``words`` changes."""
    own: dict = {}
    if "label" in words:
        own["label"] = str(field.label)
    if "help" in words:
        own["help"] = str(field.help_text)
    if "choices" in words:
        labels = {str(value): str(label) for value, label in field.choices}  # type: ignore[attr-defined]
        own["choices"] = {value: labels[str(value)] for value in words["choices"]}
    return own


def _apply_words(field: forms.Field, words: dict) -> None:
    if "label" in words:
        field.label = words["label"]
    if "help" in words:
        field.help_text = words["help"]
    if "choices" in words:
        field.choices = [  # type: ignore[attr-defined]
            (value, words["choices"].get(value, label))
            for value, label in field.choices  # type: ignore[attr-defined]
        ]


def system_order_words(system: str, singles: bool = False) -> str:
    """What an empty chain means, in words: the scoring system's own order."""
    try:
        keys = StandingsConfig(system).chain
    except StandingsError:
        return ""
    words = (
        _(
            "In order: the first separates players tied in the ranking, the next ones players "
            "still tied. All left at “—”: the scoring system's own order (%(order)s)."
        )
        if singles
        else _(
            "In order: the first separates teams tied in the ranking, the next ones teams still "
            "tied. All left at “—”: the scoring system's own order (%(order)s)."
        )
    )
    return words % {"order": ", ".join(str(_(METRICS[k].label)) for k in keys)}


def missed_rounds_field(late, singles: bool = False) -> forms.ChoiceField:
    """A late entry's question (``late_teams.LateEntry``): what its missed rounds count."""
    if singles:
        label = ngettext(
            "This player arrives late: round 1 is already seated. What does it count for "
            "this player?",
            "This player arrives late: rounds 1 to %(last)d are already seated. What do "
            "they count for this player?",
            late.missed,
        )
        help_text = _("Shown on the player's page and in the standings.")
    else:
        label = ngettext(
            "This team arrives late: round 1 is already seated. What does it count for this team?",
            "This team arrives late: rounds 1 to %(last)d are already seated. What do "
            "they count for this team?",
            late.missed,
        )
        help_text = _("Shown on the team's page and in the standings.")
    return forms.ChoiceField(
        label=label % {"last": late.missed},
        choices=late.choices,
        widget=forms.RadioSelect,
        help_text=help_text,
    )


class TeamForm(forms.Form):
    """A team and who its players are: pick a known player, or give a member number the league
    knows, or a name (a new player). Names are never matched to existing players."""

    name = forms.CharField(
        label=_("Team name"), max_length=TEAM_NAME_MAX, validators=[NameValidator("name")]
    )
    captain = forms.CharField(
        label=_("Captain"),
        max_length=PLAYER_NAME_MAX,
        validators=[NameValidator("captain")],
        required=False,
        help_text=_("As written on the score sheets."),
    )
    captain_member_number = forms.CharField(
        label=_("Captain's member number"), max_length=MEMBER_NUMBER_MAX, required=False
    )
    captain_player = forms.ChoiceField(
        label=_("…or the captain is this known player"), required=False
    )
    partner = forms.CharField(
        label=_("Partner"),
        max_length=PLAYER_NAME_MAX,
        validators=[NameValidator("partner")],
        required=False,
    )
    partner_member_number = forms.CharField(
        label=_("Partner's member number"), max_length=MEMBER_NUMBER_MAX, required=False
    )
    partner_player = forms.ChoiceField(
        label=_("…or the partner is this known player"), required=False
    )

    def __init__(
        self, *args, players=None, numbers: bool = False, late=None, singles=False, **kwargs
    ):
        """``players``: the league's, to pick from; ``numbers``: show their member numbers
        (only to the league's organizers); ``late``: rounds are seated already
        (a ``late_teams.LateEntry``): the organizer chooses what the missed ones count;
        ``singles``: one player, named after them (no team name, no partner)."""
        super().__init__(*args, **kwargs)
        if late is not None:
            self.fields["missed_rounds"] = missed_rounds_field(late, singles)
        if singles:
            one_player(self)
        if players is None:
            self.fields.pop("captain_player"), self.fields.pop("partner_player", None)
            return
        choices = [("", _("— a new player, or by member number —"))] + [
            (
                str(p.pk),
                _("%(name)s (no. %(number)s)") % {"name": p.name, "number": p.member_number}
                if numbers and p.member_number
                else p.name,
            )
            for p in sorted(players, key=lambda p: name_key(p.name))  # French order
        ]
        _choice_field(self, "captain_player").choices = choices
        if "partner_player" in self.fields:
            _choice_field(self, "partner_player").choices = choices

    def clean(self):
        super().clean()  # returns cleaned_data (typed optional)
        data = self.cleaned_data
        for key in ("captain_player", "partner_player"):
            if key in self.fields:
                data[key] = int(data[key]) if data.get(key) else None
        return data


def one_player(form: forms.BaseForm, *, keep_name: bool = False) -> None:
    """A singles entry's form: the player alone, called "Player" (issue 50); no partner and no
    team name (the entry is named after its player)."""
    for key in ("partner", "partner_member_number", "partner_player"):
        form.fields.pop(key, None)
    if not keep_name:
        form.fields.pop("name", None)
    labels = {
        "captain": _("Player"),
        "captain_member_number": _("Member number"),
        "captain_player": _("…or the player is this known player"),
        "contact_email": _("Email"),
        "contact_phone": _("Phone"),
    }
    for key, label in labels.items():
        if key in form.fields:
            form.fields[key].label = label
    if "captain" in form.fields:
        form.fields["captain"].help_text = _("As written on the score sheets; the entry's name.")


class TeamEditForm(forms.Form):
    """Correct a team: its name, its players' names and member numbers (fixed on the players)."""

    name = forms.CharField(
        label=_("Team name"), max_length=TEAM_NAME_MAX, validators=[NameValidator("name")]
    )
    captain = forms.CharField(
        label=_("Captain"),
        max_length=PLAYER_NAME_MAX,
        validators=[NameValidator("captain")],
        help_text=_("As written on the score sheets."),
    )
    captain_member_number = forms.CharField(
        label=_("Captain's member number"), max_length=MEMBER_NUMBER_MAX, required=False
    )
    partner = forms.CharField(
        label=_("Partner"),
        max_length=PLAYER_NAME_MAX,
        validators=[NameValidator("partner")],
        required=False,
    )
    partner_member_number = forms.CharField(
        label=_("Partner's member number"), max_length=MEMBER_NUMBER_MAX, required=False
    )

    def __init__(self, *args, singles=False, **kwargs):
        super().__init__(*args, **kwargs)
        if singles:
            one_player(self)


class TeamImportForm(forms.Form):
    text = forms.CharField(
        label=_("Paste the list (one team per line: team, captain, partner)"),
        help_text=_(
            "Two more columns may give the captain's and the partner's member numbers: "
            "a number the league knows links the team to that player."
        ),
        widget=forms.Textarea,
        required=False,
    )
    file = forms.FileField(label=_("…or choose a CSV file"), required=False)

    def __init__(self, *args, late=None, singles=False, in_league=False, **kwargs):
        super().__init__(*args, **kwargs)
        if late is not None:  # the same question as for one team, for every team of the list
            self.fields["missed_rounds"] = missed_rounds_field(late, singles)
            self.fields["missed_rounds"].label = (
                ngettext(
                    "The players of the list arrive late: round 1 is already seated. What does "
                    "it count for them?",
                    "The players of the list arrive late: rounds 1 to %(last)d are already "
                    "seated. What do they count for them?",
                    late.missed,
                )
                if singles
                else ngettext(
                    "The teams of the list arrive late: round 1 is already seated. What does it "
                    "count for them?",
                    "The teams of the list arrive late: rounds 1 to %(last)d are already "
                    "seated. What do they count for them?",
                    late.missed,
                )
            ) % {"last": late.missed}
        if in_league:  # a club pasting its list every week: one season record per person
            self.fields["link_names"] = forms.BooleanField(
                label=_("Enter names the league already knows as those players"),
                help_text=_(
                    "A name that only one player of the league bears is entered as that player "
                    "(season points, honours). Two players of the same name: give the member "
                    "number."
                ),
                required=False,
                initial=True,
            )
        if singles:
            self.fields["text"].label = _(
                "Paste the list (one player per line: player, then optionally club and email)"
            )
            self.fields["text"].help_text = _(
                "A fourth column may give the player's member number: a number the league "
                "knows links the entry to that player."
            )

    def clean(self):
        super().clean()  # returns cleaned_data (typed optional)
        data = self.cleaned_data
        if not data.get("text") and not data.get("file"):
            raise forms.ValidationError(_("Paste a list or choose a file."))
        return data


class NumberOfGamesForm(forms.Form):
    number_of_games = forms.IntegerField(label=_("Number of games"), min_value=1, max_value=30)


class PinForm(forms.Form):
    pin = forms.CharField(
        label=_("PIN"),
        max_length=32,
        required=False,  # empty: the clear message below
        widget=forms.TextInput(
            attrs={"inputmode": "numeric", "autocomplete": "one-time-code", "autofocus": True}
        ),
    )

    def clean_pin(self) -> str:
        """Spaces and dashes are fine ("461 224"); anything but 6 digits is refused here,
        before the PIN is checked, so it spends no attempt."""
        pin = normalize_pin(self.cleaned_data["pin"])
        if pin is None:
            raise forms.ValidationError(
                _(
                    "A PIN is 6 digits, as printed on your captain's slip (for example "
                    "461 224). Nothing was checked: no attempt is used."
                ),
                code="pin_format",
            )
        return pin


class FinalScoreForm(forms.Form):
    score_a = forms.IntegerField(
        min_value=0, max_value=999, widget=forms.NumberInput(attrs={"inputmode": "numeric"})
    )
    score_b = forms.IntegerField(
        min_value=0, max_value=999, widget=forms.NumberInput(attrs={"inputmode": "numeric"})
    )
    idempotency_key = forms.CharField(required=False, widget=forms.HiddenInput)


class DeskDecisionForm(forms.Form):
    """One button of the officials' desk for a game (``results.desk.decide_at_desk``).

    ``report`` must be a version of this game's result; the scores stay as typed: the reporting
    service checks them and says what is wrong, as it does for a captain's report.
    """

    action = forms.ChoiceField(choices=DeskDecision.choices)
    report = forms.IntegerField(required=False, min_value=1, widget=forms.HiddenInput)
    score_a = forms.CharField(required=False, max_length=10)
    score_b = forms.CharField(required=False, max_length=10)
    note = forms.CharField(required=False, max_length=300, label=_("Note"))
    idempotency_key = forms.CharField(required=False, max_length=64, widget=forms.HiddenInput)

    def __init__(self, *args, game, **kwargs):
        super().__init__(*args, **kwargs)
        self.game = game

    def clean_report(self):
        number = self.cleaned_data.get("report")
        if number is None:
            return None
        report = self.game.reports.filter(pk=number).first()
        if report is None:
            raise forms.ValidationError("not a version of this game", code="unknown_report")
        return report


class LeagueForm(forms.Form):
    name = forms.CharField(label=_("League name"), max_length=120)


class SeasonForm(forms.Form):
    """A season's settings; the services check them (see ``leagues.clean_settings``)."""

    name = forms.CharField(label=_("Season name"), max_length=120)
    aggregation = forms.ChoiceField(label=_("Season standings add up"))
    placement_points = forms.CharField(
        label=_("Placement points"),
        required=False,
        help_text=_(
            "Points for 1st, 2nd, 3rd… separated by commas, e.g. “25, 18, 15, 12, 10”. "
            "Places past the list get 0."
        ),
    )
    best_of = forms.IntegerField(
        label=_("Best events counted"),
        required=False,
        min_value=1,
        help_text=_("Count only each team's and player's best N events. Empty: all events."),
    )
    # Club nights (the two per-night rules); ignored by the other rules.
    night_threshold = forms.IntegerField(
        label=_("Points needed in a night"),
        required=False,
        min_value=0,
        max_value=10_000,
        initial=12,
        help_text=_(
            "With “points for each night at or above a threshold”: a night with at least this "
            "many points (game points) earns season points. ACC Grass Roots: 12."
        ),
    )
    night_award = forms.ChoiceField(label=_("A qualifying night earns"), required=False)
    night_fixed_points = forms.IntegerField(
        label=_("Fixed points per qualifying night"),
        required=False,
        min_value=1,
        max_value=10_000,
        initial=1,
    )
    night_table = forms.CharField(
        label=_("Table of night points"),
        required=False,
        help_text=_(
            "With “points for each night from a table”: steps “night points: season points” "
            "separated by commas, e.g. “12: 1, 14: 2, 16: 3”. A night earns the points of the "
            "highest step it reaches, 0 below the first."
        ),
    )
    guest_nights = forms.IntegerField(
        label=_("Guest nights before joining"),
        required=False,
        min_value=0,
        max_value=365,
        initial=4,
        help_text=_(
            "A guest plays and is listed but earns no season points. Past this many nights as "
            "a guest, the desk is warned (play is not refused)."
        ),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        _choice_field(self, "aggregation").choices = Season.Aggregation.choices
        _choice_field(self, "night_award").choices = Season.NightAward.choices
        self.fields["night_award"].initial = Season.NightAward.NIGHT_POINTS

    def clean(self):
        data = super().clean() or {}
        # A club-night setting left empty (or not posted, by an older script) keeps its value.
        for key in ("night_threshold", "night_award", "night_fixed_points", "guest_nights"):
            if data.get(key) in (None, ""):
                data.pop(key, None)
        return data


class SeasonEventsForm(forms.Form):
    events = forms.MultipleChoiceField(
        label=_("Events of this season"),
        required=False,
        widget=forms.CheckboxSelectMultiple,
        help_text=_("Events you organize that are in no other season."),
    )

    def __init__(self, *args, events=(), **kwargs):
        super().__init__(*args, **kwargs)
        _choice_field(self, "events").choices = [
            (str(e.pk), f"{e.name} — {date_format(e.date)}") for e in events
        ]


class MergeForm(forms.Form):
    duplicate = forms.ChoiceField(label=_("The duplicate (it disappears from lists)"))
    into = forms.ChoiceField(label=_("…is the same person as (it keeps everything)"))

    def __init__(self, *args, players=(), **kwargs):
        super().__init__(*args, **kwargs)
        choices = [("", "—")] + [
            (
                str(p.pk),
                _("%(name)s (no. %(number)s)") % {"name": p.name, "number": p.member_number}
                if p.member_number
                else f"{p.name} (#{p.pk})",
            )
            for p in players
        ]
        _choice_field(self, "duplicate").choices = choices
        _choice_field(self, "into").choices = choices


class AppointForm(forms.Form):
    """Appoint an official or a co-organizer by email (the service checks the rest)."""

    email = forms.EmailField(label=_("Email address"), max_length=254)
    name = forms.CharField(label=_("Name (optional)"), max_length=120, required=False)
    role = forms.ChoiceField(
        label=_("Role"),
        choices=[
            ("official", _("Official: runs the floor, seats rounds, enters and corrects results")),
            ("organizer", _("Organizer: also the settings, the release, closing, the officials")),
        ],
        initial="official",
        widget=forms.RadioSelect,
    )


class RegistrationForm(forms.Form):
    """A team registering itself (the public form, and its change from the private link); the
    rules are the services' (``events.public_registration.check_entry``), every fault shown at once."""

    name = forms.CharField(
        label=_("Team name"), max_length=TEAM_NAME_MAX, validators=[NameValidator("name")]
    )
    captain = forms.CharField(
        label=_("Captain's name"),
        max_length=PLAYER_NAME_MAX,
        validators=[NameValidator("captain")],
        widget=forms.TextInput(attrs={"autocomplete": "name"}),
    )
    captain_member_number = forms.CharField(
        label=_("Captain's member number"), max_length=MEMBER_NUMBER_MAX, required=False
    )
    partner = forms.CharField(
        label=_("Partner's name"), max_length=PLAYER_NAME_MAX, validators=[NameValidator("partner")]
    )
    partner_member_number = forms.CharField(
        label=_("Partner's member number"), max_length=MEMBER_NUMBER_MAX, required=False
    )
    club = forms.CharField(label=_("Club"), max_length=120, required=False)
    contact_email = forms.EmailField(
        label=_("Captain's email"),
        required=False,
        widget=forms.EmailInput(attrs={"autocomplete": "email"}),
    )
    contact_phone = forms.CharField(
        label=_("Captain's phone"),
        max_length=30,
        required=False,
        widget=forms.TextInput(attrs={"type": "tel", "autocomplete": "tel"}),
    )
    # The honeypot: hidden from people (CSS and aria-hidden), filled by form-filling robots.
    website = forms.CharField(label=_("Leave this empty"), required=False)

    def __init__(self, *args, singles=False, **kwargs):
        super().__init__(*args, **kwargs)
        if singles:
            one_player(self)
            self.fields["captain"].label = _("Your name")
            self.fields["captain"].help_text = ""
        for field in self.fields.values():
            # What is required is the services' to say (with their words, all at once).
            field.required = False
            field.widget.attrs.setdefault("class", "big")

    def entry_values(self) -> dict[str, str]:
        """The typed values (cleaned where the field is valid) for ``events.public_registration.Entry``."""
        cleaned = getattr(self, "cleaned_data", {})
        return {
            name: str(cleaned.get(name) or self.data.get(name) or "")
            for name in self.fields
            if name != "website"
        }

    def add_rule_errors(self, exc: RuleError) -> None:
        for error in every_error(exc):
            if error.field in self.fields and error.field not in self.errors:
                self.add_error(error.field, error.message)
            elif error.field not in self.fields:
                self.add_error(None, error.message)
