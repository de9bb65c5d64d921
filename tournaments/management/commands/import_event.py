"""``manage.py import_event FILE [--season LEAGUE/SEASON] [--as EMAIL] [--confirm|--trust]
[--keep ROUND:TABLE=here|archive …]``.

Whoever runs the command has the server, so the site's permissions are not asked; ``--as``
names the account recorded in the audit log, which becomes an organizer of the event. An
archive whose origin is not proved (unsigned, or signed by a hall the league does not trust
yet) is not imported: the command prints what it would add; ``--confirm`` imports it (the
audit log says so), ``--trust`` also trusts the hall's key for the season's league. Games
corrected differently here and in the archive are listed (both versions) and nothing is
imported until ``--keep ROUND:TABLE=here`` or ``=archive`` says, for each, which version stands.
"""

from __future__ import annotations

import sys
from pathlib import Path

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from tournaments.archives.outcome import ArchiveDiverged, Divergence
from tournaments.archives.transfer import ArchiveNotProved, import_event
from tournaments.errors import RuleError
from tournaments.leagues.season_rules import fit_warnings
from tournaments.models import Season


def plan(result) -> list[str]:
    """What an import would do, before it is confirmed (the upload page shows the same)."""
    counts = result.counts
    if result.up_to_date:
        return [
            _("“%(event)s” is already up to date: this archive adds nothing.")
            % {"event": result.event}
        ]
    lines = [
        (
            _("It would create the event “%(event)s”.")
            if result.new_event
            else _("It would update “%(event)s” from a later archive.")
        )
        % {"event": result.event}
    ]
    lines.append(
        _(
            "It would add: %(teams)d teams, %(rounds)d rounds, %(games)d games, %(reports)d "
            "reports, %(confirmations)d confirmations, %(disputes)d disputes, %(audit)d "
            "audit entries."
        )
        % {
            key: counts[key]
            for key in ("teams", "rounds", "games", "reports", "confirmations", "disputes", "audit")
        }
    )
    lines.append(
        _("Players: %(linked)d would be linked to players already here, %(created)d created.")
        % {"linked": counts["players_linked"], "created": counts["players_created"]}
    )
    return lines + season_warnings(result)


def season_warnings(result) -> list[str]:
    """What to know about the season the event goes into (it is imported all the same)."""
    event = result.event
    return fit_warnings(event.season, event) if event.season_id else []


def conflict_lines(exc: ArchiveDiverged) -> list[str]:
    """Each diverged game, both versions, and how to choose (the command's words)."""
    lines = [exc.message]
    for game in exc.divergences:
        lines.append(
            _("%(key)s — round %(round)s, table %(table)s: %(a)s against %(b)s")
            % {
                "key": game.key,
                "round": game.round,
                "table": game.table or "—",
                "a": game.team_a,
                "b": game.team_b,
            }
        )
        for side, versions, site in game.sides:
            where = (
                _("  here (“%(site)s”):") if side == "here" else _("  in the archive (“%(site)s”):")
            ) % {"site": site or _("not signed")}
            shown = "; ".join(
                f"{v.score_a}–{v.score_b} v{v.version} {v.who} {_when(v.when)}"
                + (" *" if v.counts else "")
                for v in versions
            )
            lines.append(f"{where} {shown}")
    lines.append(
        _(
            "(* the result counted on that side.) Run again with --keep ROUND:TABLE=here or "
            "--keep ROUND:TABLE=archive for each game."
        )
    )
    return lines


def _when(value) -> str:
    return value.isoformat(timespec="minutes") if hasattr(value, "isoformat") else str(value)


def choices_for(keep: list[str], divergences: list[Divergence]) -> dict[int, str]:
    """``ROUND:TABLE=here|archive`` → {game id: choice}, for the games that diverged."""
    games = {game.key: game.game_id for game in divergences}
    choices = {}
    for item in keep:
        key, _sep, choice = item.partition("=")
        if key not in games or choice not in ("here", "archive"):
            raise CommandError(
                _("--keep %(item)s: expected ROUND:TABLE=here or =archive, one of: %(keys)s")
                % {"item": item, "keys": ", ".join(games)}
            )
        choices[games[key]] = choice
    return choices


def summary(result) -> list[str]:
    """The lines a person reads after an import (the upload page shows the same)."""
    counts = result.counts
    if result.up_to_date:
        return [
            _("“%(event)s” is already up to date: this archive adds nothing.")
            % {"event": result.event}
        ]
    lines = [
        (
            _("New event “%(event)s” (/e/%(slug)s/).")
            if result.new_event
            else _("“%(event)s” updated from a later archive (/e/%(slug)s/).")
        )
        % {"event": result.event, "slug": result.event.slug}
    ]
    if result.slug_changed:
        lines.append(
            _("The slug “%(old)s” is taken here: the event is at “%(new)s”.")
            % {"old": result.archived_slug, "new": result.event.slug}
        )
    if result.archived_season and result.event.season_id is None:
        lines.append(
            _(
                "The archive comes from the season “%(season)s” of the league "
                "“%(league)s”; the event was imported without a season."
            )
            % {"season": result.archived_season, "league": result.archived_league}
        )
    lines.append(
        _(
            "Added: %(teams)d teams, %(rounds)d rounds, %(games)d games, %(reports)d "
            "reports, %(confirmations)d confirmations, %(disputes)d disputes, %(audit)d "
            "audit entries."
        )
        % {
            key: counts[key]
            for key in ("teams", "rounds", "games", "reports", "confirmations", "disputes", "audit")
        }
    )
    lines.append(
        _("Players: %(linked)d linked to players already here, %(created)d created.")
        % {"linked": counts["players_linked"], "created": counts["players_created"]}
    )
    return lines + season_warnings(result)


class Command(BaseCommand):
    help = _(
        "Import an event archive written by export_event (or the “Download the archive” button)."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", help=_("the archive (.json); - reads stdin"))
        parser.add_argument("--season", help=_("LEAGUE_SLUG/SEASON_SLUG to put the event in"))
        parser.add_argument(
            "--as", dest="as_email", help=_("email of the account that imports (made an organizer)")
        )
        parser.add_argument(
            "--confirm",
            action="store_true",
            help=_("import even if the archive's origin is not proved (unsigned or unknown key)"),
        )
        parser.add_argument(
            "--trust",
            action="store_true",
            help=_("trust the archive's hall key for the season's league (first use), and import"),
        )
        parser.add_argument(
            "--keep",
            action="append",
            default=[],
            metavar="ROUND:TABLE=here|archive",
            help=_("for a game corrected differently on both sites: which version stands"),
        )

    def handle(
        self,
        *args,
        file,
        season=None,
        as_email=None,
        confirm=False,
        trust=False,
        keep=(),
        **options,
    ):
        try:
            data = self.stdin_bytes() if file == "-" else Path(file).read_bytes()
        except OSError as exc:
            raise CommandError(
                _("Cannot read %(file)s: %(error)s") % {"file": file, "error": exc.strerror}
            ) from None
        actor = None
        if as_email:
            actor = get_user_model().objects.filter(email__iexact=as_email.strip()).first()
            if actor is None:
                raise CommandError(
                    _("No account with the email %(email)s here.") % {"email": as_email}
                )
        target = self.season(season) if season else None
        options = {"season": target, "trusted": True, "confirmed": confirm, "trust_key": trust}
        try:
            try:
                result = import_event(data, actor, **options)
            except ArchiveDiverged as exc:
                if not keep:
                    raise CommandError(
                        "\n".join([_("Nothing was imported."), *conflict_lines(exc)])
                    ) from None
                choices = choices_for(list(keep), exc.divergences)
                result = import_event(data, actor, **options, choices=choices)
        except ArchiveDiverged as exc:
            raise CommandError(
                "\n".join([_("Nothing was imported."), *conflict_lines(exc)])
            ) from None
        except ArchiveNotProved as exc:
            lines = [_("Nothing was imported."), exc.origin.explanation(), *plan(exc.plan)]
            lines.append(
                _(
                    "Run again with --trust to trust this hall's key for the league and "
                    "import, or with --confirm to import this archive once."
                )
                if exc.origin.may_trust
                else _("Run again with --confirm to import it.")
            )
            raise CommandError("\n".join(lines)) from None
        except RuleError as exc:
            raise CommandError(
                _("Nothing was imported. %(error)s") % {"error": exc.message}
            ) from None
        for line in summary(result):
            self.stdout.write(line)

    def stdin_bytes(self) -> bytes:
        return sys.stdin.buffer.read()

    def season(self, value: str) -> Season:
        league_slug, _sep, season_slug = value.partition("/")
        if not league_slug or not season_slug:
            raise CommandError(
                _("--season is LEAGUE_SLUG/SEASON_SLUG, e.g. fadoq-saguenay/2026-2027.")
            )
        found = Season.objects.filter(league__slug=league_slug, slug=season_slug).first()
        if found is None:
            known = ", ".join(
                f"{s.league.slug}/{s.slug}"
                for s in Season.objects.select_related("league").order_by("league__slug", "slug")[
                    :20
                ]
            )
            raise CommandError(
                _("No season %(value)s here. Seasons: %(known)s")
                % {"value": value, "known": known or _("none")}
            )
        return found
