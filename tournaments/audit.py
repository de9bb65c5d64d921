"""The audit log: every change to an event, team, seating or result says who, when, what.

:func:`record` writes an entry (action code, before/after data); :func:`describe` turns one
back into a sentence in the active language ("Le capitaine de l’équipe Rois a déclaré Rois 121 –
110 Pétroles"), with one renderer per action code in :data:`RENDERERS`. A new action code needs
a member of :class:`AuditAction` and a renderer here (tests/tournaments/test_audit_words.py
checks that every action has one).
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from django.core.exceptions import FieldDoesNotExist
from django.db import models
from django.forms.models import model_to_dict
from django.utils import formats, timezone
from django.utils.dateparse import parse_datetime
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from tournaments.words import french_articles, skunk_label

from .events.options import rule_set_label
from .models import AuditEntry, Event, Season, Team

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


class AuditAction(models.TextChoices):
    """What an audit entry records. :func:`record` takes only these, and :data:`RENDERERS`
    has a sentence for each (the stored ``action`` column is the value)."""

    ACCOUNT_CREATE = "account.create"
    ARCHIVE_KEY_FORGET = "archive_key.forget"
    ARCHIVE_KEY_TRUST = "archive_key.trust"
    EVENT_CLOSE = "event.close"
    EVENT_CREATE = "event.create"
    EVENT_DELETE = "event.delete"
    EVENT_IMPORT = "event.import"
    EVENT_NUMBER_OF_GAMES = "event.number_of_games"
    EVENT_PUBLISH = "event.publish"
    EVENT_REOPEN = "event.reopen"
    EVENT_SETTINGS = "event.settings"
    LEAGUE_CREATE = "league.create"
    LINK_REGENERATE = "link.regenerate"
    LINK_UNLOCK = "link.unlock"
    PLAYER_MERGE = "player.merge"
    PLAYOFF_SEAT = "playoff.seat"
    RESULT_CONFIRM = "result.confirm"
    RESULT_CORRECT = "result.correct"
    RESULT_ARCHIVE_SETTLE = "result.archive_settle"
    RESULT_DECIDE = "result.decide"
    RESULT_DISPUTE = "result.dispute"
    RESULT_REPORT = "result.report"
    RESULT_WITHDRAWAL_BYE = "result.withdrawal_bye"
    RESULTS_HIDE = "results.hide"
    RESULTS_RELEASE = "results.release"
    ROLE_ACCEPT = "role.accept"
    ROLE_GRANT = "role.grant"  # before invitations (issue 22): kept for older logs
    ROLE_INVITE = "role.invite"
    ROLE_INVITE_CANCEL = "role.invite_cancel"
    ROLE_NEW_LINK = "role.new_link"  # before invitations (issue 22): kept for older logs
    ROLE_REMOVE = "role.remove"
    ROUND_FORCE = "round.force"
    ROUND_SEAT = "round.seat"
    ROUND_TABLES = "round.tables"
    SEASON_CREATE = "season.create"
    SEASON_EVENTS = "season.events"
    SEASON_SETTINGS = "season.settings"
    TEAM_ADD = "team.add"
    TEAM_EDIT = "team.edit"
    TEAM_WITHDRAW = "team.withdraw"
    # Registration before the day and check-in at the door (issue 36).
    REGISTRATION_CLOSE = "registration.close"
    REGISTRATION_STATE = "registration.state"
    REGISTRATION_PAID = "registration.paid"
    MEMBER_NUMBER_TRIED = "registration.member_number_tried"  # issue 51: another name
    CHECK_IN_OPEN = "check_in.open"
    CHECK_IN = "check_in.team"
    CHECK_IN_UNDO = "check_in.undo"
    ABSENTEES_DROP = "absentees.drop"
    ABSENTEES_RESTORE = "absentees.restore"


CAPTAIN_PREFIX = "captain of "  # stored, never shown: actor_label is data, not words


# Capabilities and contacts a log (and the archives carrying it) never holds: a team's private
# registration link is its key, and its captain's email and phone are nobody else's business.
UNLOGGED = frozenset({"registration_token", "registered_from", "contact_email", "contact_phone"})


def snapshot(obj, fields: list[str] | None = None) -> dict[str, Any]:
    """A JSON-safe picture of a model instance for the before/after columns."""
    data = model_to_dict(obj, fields=fields)
    return {
        k: (v if isinstance(v, (int, float, str, bool, type(None), list, dict)) else str(v))
        for k, v in data.items()
        if k not in UNLOGGED
    }


def game_facts(game) -> dict[str, Any]:
    """What the log needs to name a game in any language (its target string is frozen)."""
    return {
        "round": game.round.number,
        "playoff": game.round.kind == "playoff",
        "table": game.table,
        "team_a": game.team_a.name,
        "team_b": game.team_b.name if game.team_b_id else None,
    }


def actor_label(actor) -> str:
    """A user, a team acting through its captain's link, or a system process."""
    if actor is None:
        return "system"
    if hasattr(actor, "email"):
        return str(actor)
    return f"{CAPTAIN_PREFIX}{actor}"


def record(
    event: Event | None,
    actor,
    action: AuditAction,
    target: str = "",
    *,
    before: dict | None = None,
    after: dict | None = None,
) -> AuditEntry:
    entry = unsaved(event, actor, action, target, before=before, after=after)
    entry.save()
    return entry


def unsaved(
    event: Event | None,
    actor,
    action: AuditAction,
    target: str = "",
    *,
    before: dict | None = None,
    after: dict | None = None,
) -> AuditEntry:
    """The entry :func:`record` writes, not saved yet: many are written with ``bulk_create``."""
    user = actor if hasattr(actor, "email") else None
    return AuditEntry(
        event=event,
        actor=user,
        actor_label=actor_label(actor),
        action=AuditAction(action),  # a free string is refused (ValueError), never stored
        # A label of what was acted on: an event's name may be longer than the column.
        target=target[: AuditEntry._meta.get_field("target").max_length or None],
        before=before,
        after=after,
    )


# --- the log in words ----------------------------------------------------------------------


@dataclass(frozen=True)
class AuditLine:
    """One entry as a person reads it: a sentence, and for settings the changes field by field."""

    entry: AuditEntry
    text: str
    changes: list[tuple[str, str, str]] = field(default_factory=list)


def who(entry: AuditEntry, singles: bool = False) -> str:
    label = entry.actor_label or ""
    if label == "system" or not label:
        return _("Huche")
    if label.startswith(CAPTAIN_PREFIX):
        if singles:  # the entry is its player: the name alone says who
            return label[len(CAPTAIN_PREFIX) :]
        return _("The captain of %(team)s") % {"team": label[len(CAPTAIN_PREFIX) :]}
    return label


def _captain_team(entry: AuditEntry) -> str | None:
    label = entry.actor_label or ""
    return label[len(CAPTAIN_PREFIX) :] if label.startswith(CAPTAIN_PREFIX) else None


def game_words(facts: dict | None, fallback: str = "", *, teams: bool = True) -> str:
    """ "round 3, table 2: Rois against Pétroles" (or the frozen target of an old entry);
    without ``teams`` only "round 3, table 2", for a sentence whose score names them."""
    if not facts or "team_a" not in facts:
        return fallback
    if facts.get("playoff"):
        where = _("the medal playoff")
    elif facts.get("table"):
        where = _("round %(n)s, table %(t)s") % {"n": facts["round"], "t": facts["table"]}
    else:
        where = _("round %(n)s") % {"n": facts["round"]}
    if not teams:
        return where
    if facts.get("team_b") is None:
        return _("%(where)s: bye for %(a)s") % {"where": where, "a": facts["team_a"]}
    return _("%(where)s: %(a)s against %(b)s") % {
        "where": where,
        "a": facts["team_a"],
        "b": facts["team_b"],
    }


def score_words(result: dict | None, facts: dict | None, first: str | None = None) -> str:
    """ "Rois 121 – 110 Pétroles", from ``first``'s side when that team is named; "121–110"
    when the entry does not name the teams."""
    if not result or result.get("score_a") is None:
        return "—"
    a, b = result["score_a"], result["score_b"]
    if facts and facts.get("team_b"):
        names = [(facts["team_a"], a), (facts["team_b"], b)]
        if first == facts["team_b"]:
            names.reverse()
        text = f"{names[0][0]} {names[0][1]} – {names[1][1]} {names[1][0]}"
    else:
        text = f"{a}–{b}"
    skunk = result.get("skunk") or 0
    if skunk:
        text += f" ({skunk_words(skunk)})"
    return text


def skunk_words(level: int) -> str:
    return skunk_label(level)


def when_words(value) -> str:
    """A stored ISO time in the local time zone, in the active language's format."""
    moment = parse_datetime(value) if isinstance(value, str) else value
    if not isinstance(moment, datetime.datetime):
        return str(value or "—")
    return formats.date_format(timezone.localtime(moment), "DATETIME_FORMAT")


def value_words(model, name: str, value) -> str:
    """A stored setting value as the settings page would show it."""
    if value is None or value == "" or value == []:
        return "—"
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if name == "rule_set":
        return str(rule_set_label(value))
    try:
        model_field = model._meta.get_field(name)
    except FieldDoesNotExist:
        model_field = None
    if model_field is not None and model_field.choices:
        return str(dict(model_field.flatchoices).get(value, value))
    if isinstance(value, list):
        return ", ".join(str(v) for v in value)
    if isinstance(value, str) and parse_datetime(value) is not None:
        return when_words(value)
    return str(value)


# Recorded keys that are not model fields (a team's players' member numbers live on the players).
OTHER_FIELDS = {
    "captain_member_number": gettext_lazy("Captain's member number"),
    "partner_member_number": gettext_lazy("Partner's member number"),
    "guests": gettext_lazy("Guests"),  # a club night's guests (leagues.guests)
}


def field_words(model, name: str) -> str:
    try:
        return capfirst(str(model._meta.get_field(name).verbose_name))
    except FieldDoesNotExist:
        return str(OTHER_FIELDS.get(name, name.replace("_", " ")))


def changes(entry: AuditEntry, model=Event) -> list[tuple[str, str, str]]:
    before, after = entry.before or {}, entry.after or {}
    return [
        (
            field_words(model, name),
            value_words(model, name, before.get(name)),
            value_words(model, name, after.get(name)),
        )
        for name in sorted(set(before) | set(after))
        if before.get(name) != after.get(name)
    ]


# One function per action code: (entry, who) → sentence.
Renderer = Callable[[AuditEntry, str], str]


def _with_note(text: str, after: dict) -> str:
    """The official's "Note (why)", when the decision came with one."""
    if after.get("note"):
        text += " " + _("Note: %(note)s") % {"note": after["note"]}
    return text


def _result(verb: StrOrPromise) -> Renderer:
    def render(entry: AuditEntry, actor: str) -> str:
        after = entry.after or {}
        facts = after.get("game")
        text = verb % {
            "who": actor,
            "score": score_words(after, facts, _captain_team(entry)),
            "game": game_words(facts, entry.target, teams=not (facts or {}).get("team_b")),
        }
        return _with_note(text, after)

    return render


def _correct(entry: AuditEntry, actor: str) -> str:
    after, before = entry.after or {}, entry.before or {}
    facts = after.get("game")
    text = _("%(who)s corrected %(game)s: %(before)s, now %(after)s.") % {
        "who": actor,
        "game": game_words(facts, entry.target, teams=False),
        "before": score_words(before, facts),
        "after": score_words(after, facts),
    }
    return _with_note(text, after)


def _dispute(entry: AuditEntry, actor: str) -> str:
    return _("The two reports disagree (%(game)s): the game is disputed, an official decides.") % {
        "game": game_words((entry.after or {}).get("game"), entry.target)
    }


def _decide(entry: AuditEntry, actor: str) -> str:
    after = entry.after or {}
    text = _("%(who)s settled the dispute of %(game)s with version %(v)s.") % {
        "who": actor,
        "game": game_words(after.get("game"), entry.target),
        "v": after.get("decision", "?"),
    }
    return _with_note(text, after)


def _seat(entry: AuditEntry, actor: str) -> str:
    after = entry.after or {}
    tables = len(after.get("tables") or [])
    text = ngettext(
        "%(who)s seated round %(n)s (%(t)s table).",
        "%(who)s seated round %(n)s (%(t)s tables).",
        tables,
    ) % {"who": actor, "n": after.get("round", "?"), "t": tables}
    if after.get("forced"):
        text += " " + _("Seated before every game of the previous round was confirmed.")
    return text


def _playoff(entry: AuditEntry, actor: str) -> str:
    games = len((entry.after or {}).get("games") or [])
    if (entry.after or {}).get("bracket"):
        text = ngettext(
            "%(who)s seated a bracket game (%(n)s match).",
            "%(who)s seated bracket games (%(n)s matches).",
            games,
        ) % {"who": actor, "n": games}
        if (entry.after or {}).get("automatic"):
            text += " " + _("By itself, once the games before were confirmed.")
        return text
    text = ngettext(
        "%(who)s seated a medal playoff game (%(n)s match).",
        "%(who)s seated a medal playoff game (%(n)s matches).",
        games,
    ) % {"who": actor, "n": games}
    if (entry.after or {}).get("automatic"):
        text += " " + _("By itself, once the previous playoff game was confirmed.")
    return text


def _simple(message: StrOrPromise) -> Renderer:
    def render(entry: AuditEntry, actor: str) -> str:
        return message % {"who": actor, "target": entry.target}

    return render


def _member_number_tried(entry: AuditEntry, actor: str) -> str:
    return _(
        "The registration form refused member number %(number)s given with another name than "
        "the league's: “%(name)s”."
    ) % {"number": entry.target, "name": (entry.after or {}).get("name", "")}


def _archive_settle(entry: AuditEntry, actor: str) -> str:
    """A game corrected differently here and at the hall: whose version the organizer chose."""
    after, before = entry.after or {}, entry.before or {}

    def score(value) -> str:
        return f"{value[1]}–{value[2]} (v{value[0]})" if value else "—"

    mine, theirs = score(before.get("here")), score(before.get("archive"))
    if after.get("stands") == "archive":
        text = _(
            "%(who)s settled %(target)s, corrected differently on two sites: the archive's "
            "result %(theirs)s (“%(site)s”) stands; this site's %(mine)s is kept in its history."
        )
    else:
        text = _(
            "%(who)s settled %(target)s, corrected differently on two sites: this site's "
            "result %(mine)s stands; the archive's %(theirs)s (“%(site)s”) is kept in its history."
        )
    return text % {
        "who": actor,
        "target": entry.target,
        "mine": mine,
        "theirs": theirs,
        "site": after.get("signer") or _("unsigned archive"),
    }


def _import(entry: AuditEntry, actor: str) -> str:
    """Who imported the event, and on what grounds its origin was taken (docs/archives.md)."""
    after = entry.after or {}
    text = _("%(who)s imported the event %(target)s from an archive.") % {
        "who": actor,
        "target": entry.target,
    }
    if after.get("confirmed") and after.get("origin") == "unsigned":
        text += " " + _("The archive was not signed: the importer confirmed it.")
    elif after.get("confirmed"):
        text += " " + _(
            "The archive was signed by “%(signer)s” (key %(key)s), a key not trusted here: "
            "the importer confirmed it."
        ) % {"signer": after.get("signer", ""), "key": after.get("key", "")}
    elif after.get("signer"):
        text += " " + _("Signed by “%(signer)s” (key %(key)s).") % {
            "signer": after["signer"],
            "key": after.get("key", ""),
        }
    return text


def _archive_key(message) -> Renderer:
    def render(entry: AuditEntry, actor: str) -> str:
        data = entry.after or entry.before or {}
        return message % {
            "who": actor,
            "hall": data.get("hall", entry.target),
            "key": data.get("key", ""),
            "league": data.get("league", ""),
        }

    return render


def _team_add(entry: AuditEntry, actor: str) -> str:
    after = entry.after or {}
    players = " & ".join(p for p in (after.get("captain"), after.get("partner")) if p)
    return _("%(who)s registered the team %(team)s (%(players)s).") % {
        "who": actor,
        "team": after.get("name") or entry.target,
        "players": players or "—",
    }


def _registration_state(entry: AuditEntry, actor: str) -> str:
    after = entry.after or {}
    state = dict(Team.Registration.choices).get(after.get("registration", ""), "—")
    text = _("%(who)s put the team %(target)s in: %(state)s.") % {
        "who": actor,
        "target": entry.target,
        "state": str(state).lower(),
    }
    if after.get("registration_reason"):
        text += " " + _("Reason: %(reason)s") % {"reason": after["registration_reason"]}
    return text


def _absentees(message) -> Renderer:
    def render(entry: AuditEntry, actor: str) -> str:
        teams = (entry.after or {}).get("teams") or []
        return message % {"who": actor, "teams": ", ".join(teams) or "—"}

    return render


def _games(entry: AuditEntry, actor: str) -> str:
    return _("%(who)s set the number of games: %(before)s, now %(after)s.") % {
        "who": actor,
        "before": (entry.before or {}).get("number_of_games", "—"),
        "after": (entry.after or {}).get("number_of_games", "—"),
    }


# Appointments (events/officials.py): the role is in ``after`` (granted) or ``before`` (removed).
ROLE_GRANTED = {
    "organizer": gettext_lazy("%(who)s appointed %(target)s organizer of the event."),
    "official": gettext_lazy("%(who)s appointed %(target)s official of the event."),
}
ROLE_REMOVED = {
    "organizer": gettext_lazy("%(who)s removed %(target)s as organizer of the event."),
    "official": gettext_lazy("%(who)s removed %(target)s as official of the event."),
}


# Invitations (events/invitations.py): the role is in ``after`` (invited, accepted) or
# ``before`` (cancelled).
ROLE_INVITED = {
    "organizer": gettext_lazy("%(who)s invited %(target)s to be organizer of the event."),
    "official": gettext_lazy("%(who)s invited %(target)s to be official of the event."),
}
ROLE_ACCEPTED = {
    "organizer": gettext_lazy("%(who)s accepted the invitation: organizer of the event."),
    "official": gettext_lazy("%(who)s accepted the invitation: official of the event."),
}
ROLE_INVITATION_CANCELLED = {
    "organizer": gettext_lazy("%(who)s cancelled the invitation of %(target)s (organizer)."),
    "official": gettext_lazy("%(who)s cancelled the invitation of %(target)s (official)."),
}


def _by_role(messages: dict, side: str) -> Renderer:
    def render(entry: AuditEntry, actor: str) -> str:
        role = (getattr(entry, side) or {}).get("role", "official")
        return messages.get(role, messages["official"]) % {"who": actor, "target": entry.target}

    return render


def _role(entry: AuditEntry, actor: str) -> str:
    removed = bool(entry.before) and not entry.after
    role = ((entry.before if removed else entry.after) or {}).get("role", "official")
    messages = ROLE_REMOVED if removed else ROLE_GRANTED
    return messages.get(role, messages["official"]) % {"who": actor, "target": entry.target}


def _delete(entry: AuditEntry, actor: str) -> str:
    before = entry.before or {}
    reports = before.get("reports", 0)
    if not reports:
        return _("%(who)s deleted the event %(target)s (it had no result).") % {
            "who": actor,
            "target": entry.target,
        }
    return ngettext(
        "%(who)s deleted the event %(target)s (it had %(n)d result; its full archive is kept "
        "in this entry and can be imported again).",
        "%(who)s deleted the event %(target)s (it had %(n)d results; its full archive is kept "
        "in this entry and can be imported again).",
        reports,
    ) % {"who": actor, "target": entry.target, "n": reports}


def _tables(entry: AuditEntry, actor: str) -> str:
    moves = (entry.after or {}).get("moves", [])
    change = "; ".join(
        _("%(team)s from table %(old)s to table %(new)s")
        % {"team": team, "old": old or "—", "new": new or "—"}
        for team, old, new in moves
    )
    return _("%(who)s changed the tables of %(target)s by hand: %(change)s.") % {
        "who": actor,
        "target": entry.target,
        "change": change or "—",
    }


def _reopen(entry: AuditEntry, actor: str) -> str:
    text = _("%(who)s reopened the event.") % {"who": actor}
    reason = (entry.after or {}).get("reason")
    return f"{text} {_('Reason: %(reason)s') % {'reason': reason}}" if reason else text


RENDERERS: dict[str, Renderer] = {
    AuditAction.ACCOUNT_CREATE: _simple(gettext_lazy("%(who)s created their account.")),
    AuditAction.EVENT_CREATE: _simple(gettext_lazy("%(who)s created the event %(target)s.")),
    AuditAction.EVENT_DELETE: _delete,
    AuditAction.EVENT_PUBLISH: _simple(
        gettext_lazy("%(who)s published the event: everyone may see it now.")
    ),
    AuditAction.ROUND_TABLES: _tables,
    AuditAction.EVENT_IMPORT: _import,
    AuditAction.RESULT_ARCHIVE_SETTLE: _archive_settle,
    AuditAction.ARCHIVE_KEY_TRUST: _archive_key(
        gettext_lazy(
            "%(who)s trusted the archive key %(key)s of “%(hall)s” for the league %(league)s."
        )
    ),
    AuditAction.ARCHIVE_KEY_FORGET: _archive_key(
        gettext_lazy(
            "%(who)s stopped trusting the archive key %(key)s of “%(hall)s” for the league "
            "%(league)s."
        )
    ),
    AuditAction.EVENT_SETTINGS: _simple(gettext_lazy("%(who)s changed the event’s settings.")),
    AuditAction.EVENT_NUMBER_OF_GAMES: _games,
    AuditAction.EVENT_CLOSE: _simple(
        gettext_lazy("%(who)s closed the event: the results are final.")
    ),
    AuditAction.EVENT_REOPEN: _reopen,
    AuditAction.ROLE_GRANT: _role,
    AuditAction.ROLE_REMOVE: _role,
    AuditAction.ROLE_INVITE: _by_role(ROLE_INVITED, "after"),
    AuditAction.ROLE_ACCEPT: _by_role(ROLE_ACCEPTED, "after"),
    AuditAction.ROLE_INVITE_CANCEL: _by_role(ROLE_INVITATION_CANCELLED, "before"),
    AuditAction.ROLE_NEW_LINK: _simple(
        gettext_lazy("%(who)s gave %(target)s a new link to choose a password.")
    ),
    AuditAction.RESULT_WITHDRAWAL_BYE: _simple(
        gettext_lazy("%(who)s counted %(target)s as a bye: the other team withdrew.")
    ),
    AuditAction.TEAM_ADD: _team_add,
    AuditAction.TEAM_EDIT: _simple(gettext_lazy("%(who)s corrected the team %(target)s.")),
    AuditAction.TEAM_WITHDRAW: _simple(gettext_lazy("%(who)s withdrew the team %(target)s.")),
    AuditAction.LINK_REGENERATE: _simple(
        gettext_lazy("%(who)s gave %(target)s a new captain’s link and PIN.")
    ),
    AuditAction.LINK_UNLOCK: _simple(
        gettext_lazy("%(who)s unlocked the captain’s link of %(target)s.")
    ),
    AuditAction.ROUND_SEAT: _seat,
    AuditAction.ROUND_FORCE: _seat,
    AuditAction.PLAYOFF_SEAT: _playoff,
    AuditAction.RESULTS_RELEASE: _simple(gettext_lazy("%(who)s released the results.")),
    AuditAction.RESULTS_HIDE: _simple(gettext_lazy("%(who)s hid the results again.")),
    AuditAction.RESULT_REPORT: _result(gettext_lazy("%(who)s reported %(score)s (%(game)s).")),
    AuditAction.RESULT_CONFIRM: _result(gettext_lazy("%(who)s confirmed %(score)s (%(game)s).")),
    AuditAction.RESULT_CORRECT: _correct,
    AuditAction.RESULT_DISPUTE: _dispute,
    AuditAction.RESULT_DECIDE: _decide,
    AuditAction.PLAYER_MERGE: _simple(
        gettext_lazy("%(who)s merged the duplicate players %(target)s.")
    ),
    AuditAction.LEAGUE_CREATE: _simple(gettext_lazy("%(who)s created the league %(target)s.")),
    AuditAction.SEASON_CREATE: _simple(gettext_lazy("%(who)s created the season %(target)s.")),
    AuditAction.SEASON_SETTINGS: _simple(
        gettext_lazy("%(who)s changed the settings of the season %(target)s.")
    ),
    AuditAction.SEASON_EVENTS: _simple(
        gettext_lazy("%(who)s changed the events of the season %(target)s.")
    ),
    AuditAction.REGISTRATION_CLOSE: _simple(gettext_lazy("%(who)s closed the registration.")),
    AuditAction.REGISTRATION_STATE: _registration_state,
    AuditAction.REGISTRATION_PAID: _simple(
        gettext_lazy("%(who)s changed whether the team %(target)s has paid.")
    ),
    AuditAction.MEMBER_NUMBER_TRIED: _member_number_tried,
    AuditAction.CHECK_IN_OPEN: _simple(gettext_lazy("%(who)s opened the check-in.")),
    AuditAction.CHECK_IN: _simple(gettext_lazy("%(who)s checked in the team %(target)s.")),
    AuditAction.CHECK_IN_UNDO: _simple(
        gettext_lazy("%(who)s undid the check-in of the team %(target)s.")
    ),
    AuditAction.ABSENTEES_DROP: _absentees(
        gettext_lazy("%(who)s dropped the teams that did not come: %(teams)s.")
    ),
    AuditAction.ABSENTEES_RESTORE: _absentees(
        gettext_lazy("%(who)s put back the teams dropped as absent: %(teams)s.")
    ),
}

# Actions whose before/after are model fields, listed field by field under the sentence.
FIELD_CHANGES: dict[str, type[models.Model]] = {
    AuditAction.EVENT_SETTINGS: Event,
    AuditAction.SEASON_SETTINGS: Season,
    AuditAction.TEAM_EDIT: Team,
}


def _singles_team_add(entry: AuditEntry, actor: str) -> str:
    after = entry.after or {}
    return _("%(who)s entered the player %(team)s.") % {
        "who": actor,
        "team": after.get("name") or after.get("captain") or entry.target,
    }


# A singles event's entries are players (issue 50): the sentences that name a team say so.
SINGLES_RENDERERS: dict[str, Renderer] = {
    AuditAction.RESULT_WITHDRAWAL_BYE: _simple(
        gettext_lazy("%(who)s counted %(target)s as a bye: the other player withdrew.")
    ),
    AuditAction.TEAM_ADD: _singles_team_add,
    AuditAction.TEAM_EDIT: _simple(gettext_lazy("%(who)s corrected the player %(target)s.")),
    AuditAction.TEAM_WITHDRAW: _simple(gettext_lazy("%(who)s withdrew the player %(target)s.")),
    AuditAction.LINK_REGENERATE: _simple(
        gettext_lazy("%(who)s gave %(target)s a new private link and PIN.")
    ),
    AuditAction.LINK_UNLOCK: _simple(
        gettext_lazy("%(who)s unlocked the private link of %(target)s.")
    ),
    AuditAction.REGISTRATION_PAID: _simple(
        gettext_lazy("%(who)s changed whether the player %(target)s has paid.")
    ),
    AuditAction.CHECK_IN_OPEN: _simple(gettext_lazy("%(who)s opened the players' check-in.")),
    AuditAction.CHECK_IN: _simple(gettext_lazy("%(who)s checked in the player %(target)s.")),
    AuditAction.CHECK_IN_UNDO: _simple(
        gettext_lazy("%(who)s undid the check-in of the player %(target)s.")
    ),
    AuditAction.ABSENTEES_DROP: _absentees(
        gettext_lazy("%(who)s dropped the players who did not come: %(teams)s.")
    ),
    AuditAction.ABSENTEES_RESTORE: _absentees(
        gettext_lazy("%(who)s put back the players dropped as absent: %(teams)s.")
    ),
}


def describe(entry: AuditEntry, singles: bool | None = None) -> AuditLine:
    """``singles``: whether the entry's event is singles (read from the event when not given;
    a page of one event's entries passes it once)."""
    if singles is None:
        event = entry.event if entry.event_id else None
        singles = event is not None and event.singles
    actor = who(entry, singles)
    render = (singles and SINGLES_RENDERERS.get(entry.action)) or RENDERERS.get(entry.action)
    if render is None:  # an action this module does not know yet: still no raw code alone
        text = _("%(who)s: %(action)s %(target)s") % {
            "who": actor,
            "action": entry.action,
            "target": entry.target,
        }
    else:
        text = render(entry, actor)
    text = french_articles(text)  # "le lien de capitaine des Atouts"
    model = FIELD_CHANGES.get(entry.action)
    return AuditLine(entry, text, changes(entry, model) if model else [])
