"""Template helpers for the hand-by-hand sheet form (re-shows what was typed, errors in place)."""

import re

from django import template
from django.db.models import Count, Q
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

from tournaments import menus
from tournaments.archives.signing import this_install_if_readable
from tournaments.events.late_teams import late_note as late_note_words
from tournaments.events.options import skunk_rule_words
from tournaments.leagues.honours import pretty_cards
from tournaments.models import Team
from tournaments.results.receipts import receipt_number
from tournaments.views.confirming import action_text, question_text
from tournaments.words import french_articles, one_period, skunk_label

register = template.Library()


@register.filter
def breakable_url(url) -> str:
    """An address that wraps between its parts, never inside a word (issue 25: a hall's
    address cut as “…-de-lavent-jonquie”): a break allowed after each “/”, “.” and “-”."""
    text = str(url or "")
    # The host may wrap after its dots and hyphens; the path only after its slashes: a link's
    # random key holds "-" and "_" too, and a key cut in two is mistyped (issue 49, point 13).
    start, _sep, path = text.partition("://")
    host, slash, rest = (path if _sep else start).partition("/")
    pieces = re.split(r"(?<=[.\-])", (start + _sep if _sep else "") + host)
    if slash:
        pieces[-1] += "/"
        pieces += re.split(r"(?<=/)", rest)
    return mark_safe(  # noqa: S308 - each piece escaped
        "<wbr>".join(conditional_escape(piece) for piece in pieces if piece)
    )


@register.filter
def has_unknown(lines) -> bool:
    """Some chart line has a value not known yet (``None``: a bye before any game)."""
    return any(value is None for line in lines for value in line)


@register.filter(name="receipt_number")
def receipt_number_of(report):
    """The number on the captain's receipt for this report (the desk shows the same)."""
    return receipt_number(report)


@register.simple_tag
def sheet_value(post, deal, what):
    return post.get(f"d{deal}-{what}", "") if post else ""


@register.simple_tag
def pegged_out_asked(errors, deal) -> str:
    """The sheet's question for a deal where both teams reach the target in the play
    ("say which side pegged out first"), or "" (issue 49, point 4)."""
    return (errors or {}).get(f"d{deal}-pegged_out", "")


@register.simple_tag
def sheet_field(post, errors, deal, what, label, detail="", kind="number", holder=""):
    """A box of the hand-by-hand sheet. ``holder`` ("dealer" or "other") says which side holds
    that hand: once the deal's dealer is chosen, forms.js adds that side's name to the label,
    so a captain never has to work out which of "Hand 1" and "Hand 2" is theirs."""
    name = f"d{deal}-{what}"
    value = post.get(name, "") if post else ""
    error = errors.get(name) if errors else None
    mode = (
        'inputmode="numeric" pattern="[0-9]*"'
        if kind == "number"
        else 'autocapitalize="characters"'
    )
    hint = format_html(" <span class='hint'>({})</span>", detail) if detail else ""
    if holder:
        hint = format_html(
            ' <span class="hint" data-holder="{}" data-role="{}" data-format="{}"{}>{}</span>',
            holder,
            detail,
            _("%(role)s: %(side)s"),
            mark_safe(" hidden") if not detail else "",
            f"({detail})" if detail else "",
        )
    return format_html(
        '<label for="{0}">{1}{2}</label><input id="{0}" name="{0}" value="{3}" {4}{5}>{6}',
        name,
        label,
        hint,
        value,
        mark_safe(mode),
        mark_safe(' aria-invalid="true" class="invalid"') if error else "",
        format_html('<span class="error" role="alert">{}</span>', error) if error else "",
    )


CARD_FIELDS = ("starter", "h1cards", "h2cards", "h3cards", "h4cards", "cribcards")


@register.filter
def cards_typed(post, deal) -> bool:
    """Whether a sent sheet has cards in ``deal``: its card boxes stay open to be seen (and
    fixed) rather than folded away."""
    return bool(post) and any(post.get(f"d{deal}-{what}") for what in CARD_FIELDS)


@register.filter
def item_at(sequence, index):
    """``seq|item_at:i``: the i-th item (e.g. the event heading a season column), or None."""
    try:
        return sequence[index]
    except (IndexError, TypeError, KeyError):
        return None


@register.filter
def pin_groups(pin: str) -> str:
    """A printed PIN in two groups of three ("461 224"): easier to read out and to type."""
    pin = str(pin)
    return f"{pin[:3]} {pin[3:]}" if len(pin) == 6 else pin


@register.inclusion_tag("tournaments/_team_count.html")
def team_count(event):
    """How many teams play and how many withdrew (never "7 teams" once one has left)."""
    counts = event.teams.entered().aggregate(
        playing=Count("pk", filter=Q(withdrawn_at__isnull=True)),
        withdrawn=Count("pk", filter=Q(withdrawn_at__isnull=False)),
    )
    # Once finished, the teams that played (as the organizer's list says), not "in play".
    return {**counts, "singles": event.singles, "finished": event.finished}


State = Team.Registration


@register.inclusion_tag("tournaments/_event_count.html")
def event_count(event):
    """The teams of an event in the organizer's list (issue 49, point 6): before round 1 the
    teams registered and the waiting list, then the teams that play (those withdrawn on the
    day apart), once finished the teams that played; never "0 teams"."""
    started = event.finished or event.rounds.exists()
    counts = event.teams.aggregate(
        registered=Count("pk", filter=Q(registration=State.REGISTERED)),
        playing=Count("pk", filter=Q(registration=State.REGISTERED, withdrawn_at__isnull=True)),
        withdrawn=Count("pk", filter=Q(registration=State.REGISTERED, withdrawn_at__isnull=False)),
        waiting=Count("pk", filter=Q(registration=State.WAITING)),
    )
    return {"started": started, "finished": event.finished, "singles": event.singles, **counts}


@register.simple_tag
def confirm_question(kind, team=None, **names):
    """The in-page question of an irreversible button (``data-ask``)."""
    return question_text(kind, team=team, **names)


@register.simple_tag
def confirm_action(kind, team=None, **names):
    """The label of the in-page question's "yes" button (``data-ask-action``)."""
    return action_text(kind, team=team, **names)


@register.filter
def match_number(match_id):
    """A playoff match's number as people say it ("A" is match 1, "B" match 2, …)."""
    number = 0
    for letter in str(match_id):
        number = number * 26 + ord(letter) - ord("A") + 1
    return number


@register.simple_tag
def archive_signer():
    """The name and key this installation signs archives with (shown where they are
    downloaded, for the league's organizer to compare before trusting them); ``None`` when the
    key file is unreadable (the page still opens; downloading the archive says why)."""
    return this_install_if_readable()


@register.filter(name="skunk_label")
def skunk_label_of(level) -> str:
    """A game's skunk level in words ("double skunk"): the same words as the CSV's."""
    return skunk_label(level)


@register.filter(is_safe=True)
def contracted(text):
    """French "de/à + name" contracted ("du Pétrin", "aux Atouts"); wrap a sentence that puts a
    team's or an event's name after "de" or "à": ``{% filter contracted %}…{% endfilter %}``."""
    return french_articles(str(text))


@register.filter(is_safe=True)
def sentence(text):
    """One period at the end of a sentence that ends on an English time ("7 p.m."):
    ``{% filter sentence %}…{% endfilter %}``."""
    return one_period(str(text))


@register.simple_tag(takes_context=True)
def event_menu(context, event):
    """The event's management links the viewer may open (``tournaments/menus.py``)."""
    return menus.event_menu(context["request"].user, event)


@register.simple_tag
def skunk_rule(event):
    """The event's pétrin lines in a sentence (settings, public page, printed sheets)."""
    return skunk_rule_words(event)


@register.filter
def declared_hands(report, game) -> list[dict]:
    """The remarkable hands declared with a final score, as a captain reads them before
    confirming (tournaments/results/declared.py)."""
    hands = ((report.detail or {}).get("declared") or []) if report is not None else []
    return [
        {
            **hand,
            "team": game.team_a if hand["side"] == "a" else game.team_b,
            "pretty": pretty_cards(hand["cards"]),
            "pretty_starter": pretty_cards(hand["starter"]),
        }
        for hand in hands
    ]


@register.simple_tag
def late_note(team) -> str:
    """A late team's note: "arrived at round 3: rounds 1–2 counted as byes…" (issue 34)."""
    return late_note_words(team)
