"""What one event (one club night) is worth in a season, by the season's rule.

Four rules (``Season.aggregation``):

- ``points``: the event's points (its scoring system's primary metric);
- ``placement``: ``placement_points[rank - 1]``, 0 past the list;
- ``threshold`` (ACC Grass Roots): a night with at least ``night_threshold`` points (game
  points in a game-points event; 12 by default) earns either the night's own points or
  ``night_fixed_points``; a night below earns 0;
- ``table``: steps ``[[night points, season points], …]``, lowest first: a night earns the
  season points of the highest step it reaches, 0 below the first step.

The ACC's published Grass Roots material says that a night of 12 or more game points earns
Grass Roots points; the pages found do not say how many (docs/acc.md), hence the choice.

The club champion's order under the two per-night rules (:func:`champion_key`): season points,
then nights that earned points, then game points over the member nights, then net spread over
the member nights; rows equal on all four share the rank.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from tournaments.errors import RuleError
from tournaments.models import Event, Season
from tournaments.standings.engine import METRICS
from tournaments.standings.engine.systems import get_system

MAX_STEPS = 60
MAX_POINTS = 10_000


def night_score(season: Season, rank: int, points: int) -> int:
    """What one event is worth to one entry (before guests and best-of-N)."""
    aggregation = season.aggregation
    if aggregation == Season.Aggregation.PLACEMENT:
        table = season.placement_points or []
        return int(table[rank - 1]) if 1 <= rank <= len(table) else 0
    if aggregation == Season.Aggregation.THRESHOLD:
        if points < season.night_threshold:
            return 0
        if season.night_award == Season.NightAward.FIXED:
            return season.night_fixed_points
        return points
    if aggregation == Season.Aggregation.TABLE:
        earned = 0
        for least, worth in season.night_table or []:
            if points >= least:
                earned = worth
        return earned
    return points


def champion_key(total: int, qualified: int, game_points: int, spread: int) -> tuple:
    """Sort key of the per-night rules: best first (see the module's docstring)."""
    return (-total, -qualified, -game_points, -spread)


def _whole(text: str, where: str, field: str) -> int:
    if not (text.isascii() and text.isdigit()) or int(text) > MAX_POINTS:
        raise RuleError(
            _("%(where)s: “%(value)s” is not a whole number from 0 to %(max)d.")
            % {"where": where, "value": text, "max": MAX_POINTS},
            field=field,
            code="not_a_number",
        )
    return int(text)


def parse_night_table(value) -> list[list[int]]:
    """``"12: 1, 14: 2, 16: 3"`` (or ``[[12, 1], [14, 2]]``) → ``[[12, 1], [14, 2], [16, 3]]``.

    Each step is "night points: season points"; the night points rise from step to step."""
    if value in (None, ""):
        return []
    if isinstance(value, list):
        items = [
            f"{step[0]}:{step[1]}"
            if isinstance(step, (list, tuple)) and len(step) == 2
            else str(step)
            for step in value
        ]
    else:
        text = str(value).replace(";", ",").replace("\n", ",")
        items = [v for v in text.split(",") if v.strip()]
    if len(items) > MAX_STEPS:
        raise RuleError(
            _("The table has at most %(n)d steps.") % {"n": MAX_STEPS},
            field="night_table",
            code="too_long",
        )
    steps: list[list[int]] = []
    for number, item in enumerate(items, start=1):
        parts = [p.strip() for p in str(item).replace("→", ":").replace("=", ":").split(":")]
        where = _("Table of night points, step %(n)d") % {"n": number}
        if len(parts) != 2:
            raise RuleError(
                _(
                    "%(where)s: “%(value)s” is not “night points: season points”. Write the "
                    "steps separated by commas, e.g. “12: 1, 14: 2, 16: 3”."
                )
                % {"where": where, "value": str(item).strip()},
                field="night_table",
                code="invalid",
            )
        least, worth = (_whole(p, where, "night_table") for p in parts)
        if steps and least <= steps[-1][0]:
            raise RuleError(
                _(
                    "%(where)s: %(points)d night points must be more than the step before (%(before)d)."
                )
                % {"where": where, "points": least, "before": steps[-1][0]},
                field="night_table",
                code="not_rising",
            )
        steps.append([least, worth])
    return steps


def clean_night_settings(values: dict) -> dict:
    """The per-night settings of ``values`` checked and typed (others are left as they are)."""
    for key, label in (
        ("night_threshold", _("Points needed in a night")),
        ("night_fixed_points", _("Fixed points per qualifying night")),
        ("guest_nights", _("Guest nights before joining")),
    ):
        if key in values:
            raw = values[key]
            text = "" if raw is None or isinstance(raw, bool) else str(raw).strip()
            values[key] = _whole(text or "?", label, key)
    if "night_award" in values and values["night_award"] not in Season.NightAward.values:
        raise RuleError(
            _("A qualifying night earns either “night_points” or a “fixed” number of points."),
            field="night_award",
            code="invalid",
        )
    if "night_table" in values:
        values["night_table"] = parse_night_table(values["night_table"])
    return values


def check_rule(season: Season) -> None:
    """What the chosen rule needs, once every setting is known."""
    if season.aggregation == Season.Aggregation.TABLE and not season.night_table:
        raise RuleError(
            _(
                "A table of night points needs its steps, “night points: season points” "
                "separated by commas, e.g. “12: 1, 14: 2, 16: 3”."
            ),
            field="night_table",
            code="required",
        )
    if (
        season.aggregation == Season.Aggregation.THRESHOLD
        and season.night_award == Season.NightAward.FIXED
        and season.night_fixed_points < 1
    ):
        raise RuleError(
            _("A qualifying night earns at least 1 point."),
            field="night_fixed_points",
            code="too_small",
        )


def _counted(system: str) -> str:
    """What an event of this scoring system counts, in words."""
    primary = get_system(system).primary
    words = {
        "points": _("accumulated points (FADOQ)"),
        "game_points": _("game points (win 2, skunk 3)"),
        "wins": _("wins"),
    }
    return words.get(primary) or str(_(METRICS[primary].label)).lower()


def fit_warnings(season: Season, event: Event) -> list[str]:
    """What to know before ``event`` counts in ``season`` (an import, the event's form),
    in sentences; nothing is refused. A per-night rule reads each night's points: game
    points for the ACC's rule, so an event counting accumulated points or wins would pass or
    miss its threshold for another reason. And the season's other events counted otherwise:
    their points would not compare."""
    warnings = []
    counted = _counted(event.scoring_system)
    if (
        season.aggregation in (Season.Aggregation.THRESHOLD, Season.Aggregation.TABLE)
        and get_system(event.scoring_system).primary != "game_points"
    ):
        warnings.append(
            _(
                "The season “%(season)s” scores each night by its game points; “%(event)s” "
                "counts %(counted)s, so its nights would be scored on those."
            )
            % {"season": season.name, "event": event.name, "counted": counted}
        )
    others = (
        season.events.exclude(pk=event.pk)
        .exclude(scoring_system=event.scoring_system)
        .values_list("scoring_system", flat=True)
        .distinct()
    )
    for other in sorted(others):
        warnings.append(
            _(
                "Other events of the season “%(season)s” count %(other)s; “%(event)s” counts "
                "%(counted)s: its season points would not compare with theirs."
            )
            % {
                "season": season.name,
                "other": _counted(other),
                "event": event.name,
                "counted": counted,
            }
        )
    return warnings
