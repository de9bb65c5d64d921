"""Public pages: events, where to sit, results, standings, a team's games, the podium.

The round being played is always seated in public (people must find their table). Earlier
rounds' tables, results and standings follow the release rule: visible to officials and
organizers, and to everyone once released or when the event shows live standings (the embargo:
``selectors.disclosure``). A hidden page says so; it never shows partial data.
"""

from __future__ import annotations

from collections import Counter

from django.db.models import Prefetch, Q
from django.shortcuts import get_object_or_404, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.formats import localize
from django.utils.html import escape, format_html
from django.utils.safestring import mark_safe
from django.utils.text import capfirst
from django.utils.translation import get_language, gettext, ngettext, pgettext
from django.views.decorators.http import require_GET

from accounts.roles import events_of, is_official
from tournaments.archives.open_format import may_export
from tournaments.archives.transfer import may_import
from tournaments.events import check_in, public_registration
from tournaments.events.late_teams import late_note, late_short
from tournaments.publishing import whole_pages
from tournaments.publishing.caching import cached, page_fragment
from tournaments.publishing.charts import points_chart
from tournaments.publishing.compression import public_page
from tournaments.seating.rounds import current_round
from tournaments.standings.playoff_words import settled_in_words, ties_in_words
from tournaments.standings.service import event_standings, results_visible

from ..models import TABLES_THEN_BYE, Event, Game, Round, Season, Team
from ..selectors import disclosure, round_being_played, visible_events
from .access import LoginRequired, event_or_404


def _games(round_: Round):
    return round_.games.select_related("team_a", "team_b", "confirmed_report").order_by(
        TABLES_THEN_BYE
    )


@public_page
@require_GET
def home(request):
    events = Event.objects.published().select_related("season__league").order_by("-date")[:100]
    seasons = (
        Season.objects.select_related("league")
        .filter(events__published_at__isnull=False)
        .distinct()
    )
    listed = list(events)
    for event in listed:  # the form's link where a team may register itself now (point 12)
        event.registering = (
            event.registration_open and public_registration.public_registration_open(event)
        )
    return render(request, "tournaments/home.html", {"events": listed, "seasons": seasons})


@public_page
@require_GET
def event_home(request, slug):
    event = event_or_404(slug, request.user)
    round_ = current_round(event)
    context = {
        "event": event,
        "round": round_,
        "visible": results_visible(event, request.user),
        "official": is_official(request.user, event),
        "results_export": may_export(event, request.user),
        "rounds": event.rounds.order_by("number"),
        "registering": public_registration.public_registration_open(event),
        "deadline": public_registration.when_words(event),
        "places_left": public_registration.places_left(event),
        "podium": medals_of(event)
        if event.finished and results_visible(event, request.user)
        else (),
    }
    return render(request, "tournaments/event.html", context)


def medals_of(event: Event) -> list:
    data = event_standings(event)
    return [(row, data.teams[row.team]) for row in data.standings.rows if row.medal]


@public_page
@require_GET
def seating(request, slug):
    """Where do I sit: the current round, big enough to read across a hall."""
    event = get_object_or_404(visible_events(request.user), slug=slug)  # hot: no season join

    def render_live():
        playoff = event.rounds.filter(kind=Round.Kind.PLAYOFF).order_by("-number").first()
        bracket = event.rounds.filter(kind=Round.Kind.BRACKET)
        if bracket.exists():
            # Qualifying is over: the bracket's rounds with a game still to play (the next game
            # of a match is seated in a round of its own once the previous one is confirmed),
            # once it is over its last game, never the last qualifying round again.
            rounds = list(
                bracket.filter(games__status__in=OPEN_STATUSES).distinct().order_by("number")
            ) or [bracket.latest("number")]
        else:
            rounds = [r for r in (current_round(event), playoff) if r is not None]
        if not event.results_public:
            # Before release only the round being played: with "winners stay", a round's
            # seating tells who won the one before it (docs/event-lifecycle.md). The page is
            # the same for every visitor (cached): officials see the rest on their own pages.
            being_played = round_being_played(event)
            rounds = [being_played] if being_played else []
        # A playoff seated before the release tells who is tied for a medal: a neutral line.
        hidden = [r for r in rounds if r.kind != Round.Kind.SERIES and not event.results_public]
        return render_to_string(
            "tournaments/_seating_live.html",
            {
                "event": event,
                "rounds": [(r, list(_games(r))) for r in rounds if r not in hidden],
                "playoff_hidden": any(r.kind == Round.Kind.PLAYOFF for r in hidden),
                "bracket_hidden": any(r.kind == Round.Kind.BRACKET for r in hidden),
            },
            request,
        )

    live = page_fragment(event, live_key(event, "seating"), lambda: render_live().encode())
    return with_live(
        request,
        "tournaments/seating.html",
        {"event": event, **display_context(request, event)},
        live,
    )


OPEN_STATUSES = (Game.Status.WAITING, Game.Status.REPORTED, Game.Status.DISPUTED)
PROJECTOR_REFRESH = 20  # seconds: a projector shows new results without anyone touching it


def display_context(request, event: Event) -> dict:
    """``?display=projector``: the page fills a 1920×1080 screen in large type, without the site's
    menus, and refreshes itself whatever the event's state (a release shows up by itself)."""
    projector = request.GET.get("display") == "projector"
    refresh = PROJECTOR_REFRESH if projector else (30 if event.status == "running" else 0)
    return {"projector": projector, "refresh": refresh}


def live_key(event: Event, page: str) -> str:
    """A page's cached #live box: the same for every visitor allowed to see it, per language
    (and per release state, which also bumps the event's version)."""
    return (
        f"{page}-bytes:{get_language()}:{int(event.results_public)}:{int(bool(event.released_at))}"
    )


LIVE_MARK = "<!--#live-->"


def with_live(request, template: str, context: dict, live: bytes | None):
    """Render the page around a cached #live box, spliced in as UTF-8 bytes.

    At 1,000 teams the box is most of the page: passed through the template engine, its
    400 KB were copied at every nesting level and encoded again on every view.
    """
    response = render(request, template, {**context, "live": mark_safe(LIVE_MARK)})  # noqa: S308
    if live is not None:
        response.content = response.content.replace(LIVE_MARK.encode(), live, 1)
    return response


@public_page
@require_GET
def round_results(request, slug, number):
    event = event_or_404(slug, request.user)
    round_ = get_object_or_404(Round, event=event, number=number)
    visible = results_visible(event, request.user)
    games = list(_games(round_)) if visible else []
    return render(
        request,
        "tournaments/round.html",
        {"event": event, "round": round_, "games": games, "visible": visible},
    )


@public_page
@require_GET
def standings(request, slug):
    # The anonymous public's stored page, keyed by the event's head in the cache: no SQL.
    found = whole_pages.stored(request, slug, "standings")
    if found is not None:
        return found
    event = get_object_or_404(visible_events(request.user), slug=slug)  # hot: no season join
    # Anonymous visitors share one stored response per version (304s, gzipped once); everyone
    # else gets theirs. The draft rule (above) and the embargo (below) decide what it holds.
    return whole_pages.serve(request, event, "standings", lambda: _standings_page(request, event))


def _standings_page(request, event: Event):
    visible = results_visible(event, request.user)
    context = {
        "event": event,
        "visible": visible,
        "arrivals": check_in.day_story(event),
        **display_context(request, event),
    }
    live = None
    if visible:
        # The rendered table is cached, not only the standings: at 1,000 teams rendering it
        # costs ten times more than reading it back (docs/performance.md).
        live = page_fragment(
            event, live_key(event, "standings"), lambda: _standings_live(request, event).encode()
        )
    return with_live(request, "tournaments/standings.html", context, live)


def _standings_live(request, event: Event) -> str:
    data = event_standings(event)
    columns = shown_columns(data)
    return render_to_string(
        "tournaments/_standings_live.html",
        {
            "event": event,
            "data": data,
            "columns": columns,
            "names": name_length(data),
            # A club's dozen teams fill the projector in larger type than a region's forty.
            "few": len(data.teams) <= FEW_TEAMS,
            "phone_labels": phone_labels(columns),
            "body": standings_body(event, data, columns, released=event.released_at is not None),
            # The chart's label is in words: one cached chart per language.
            "chart": cached(event, f"chart-{get_language()}", lambda: points_chart(data)),
            "ties": ties_in_words(data),
            "settled": settled_in_words(data),
        },
        request,
    )


def css_string(text: str) -> str:
    """``text`` as a CSS string: every character but letters, digits and spaces escaped (a
    label can never close the string, nor the ``<style>`` element)."""
    escaped = "".join(c if c.isalnum() or c == " " else f"\\{ord(c):x} " for c in text)
    return f'"{escaped}"'


def phone_labels(columns) -> str:
    """On a phone each figure of a team's card is named beside it ("Points 484"), from a few
    lines of CSS per column rather than a label in each of the 1,000 × 13 cells (issue 34:
    bare numbers under headings printed once at the top could not be told apart)."""
    rules = "".join(
        f"table.standings:not(.season) td:nth-child({number})::before"
        f"{{content:{css_string(str(label))}}}"
        for number, (_key, label) in enumerate(columns, start=3)
    )
    return mark_safe(f"@media (max-width: 640px){{{rules}}}")  # noqa: S308 - labels escaped


FEW_TEAMS = 12  # up to this many, the projector's standings are set larger (huche.css)


def name_length(data) -> str:
    """ "long" or "very-long" when a team's name is: the projector view keeps every name on one
    line by setting the whole table in smaller type (CSS), rather than cutting the name."""
    longest = max((len(team.name) for team in data.teams.values()), default=0)
    return "very-long" if longest > 45 else "long" if longest > 30 else ""


def shown_columns(data) -> list[tuple[str, str]]:
    """The standings' columns that say something: a metric no team has a value for (no
    head-to-head yet, no playoff, no draw) would be a column full of "—" on a phone or a projector."""
    rows = data.standings.rows
    return [
        (key, label)
        for key, label in data.columns
        if any(row.metrics.get(key) is not None for row in rows)
    ]


def double_skunks(event: Event) -> dict[int, int]:
    """Per team, the confirmed games of the series it won by a double (or triple) pétrin: the
    standings say which pétrins were doubles (issue 49, point 10)."""
    found: Counter[int] = Counter()
    games = Game.objects.filter(
        round__event=event,
        round__kind=Round.Kind.SERIES,
        status=Game.Status.CONFIRMED,
        confirmed_report__skunk__gte=2,
    ).values_list(
        "team_a_id", "team_b_id", "confirmed_report__score_a", "confirmed_report__score_b"
    )
    for team_a, team_b, score_a, score_b in games:
        found[team_a if score_a > score_b else team_b] += 1
    return dict(found)


def doubles_words(n: int | None) -> str:
    if not n:
        return ""
    words = ngettext("incl. %(n)d double", "incl. %(n)d doubles", n) % {"n": n}
    return str(format_html(' <span class="hint" data-double-skunks>({})</span>', words))


def guest_note(team: Team) -> str:
    """Beside a guest's name (a club night's guest earns no season points): "guest", or in
    a pair with one guest, "guest: <name>"."""
    names = team.guest_names
    seated = [n for n in (team.captain, team.partner) if n]
    words = (
        pgettext("a club night's guest", "guest")
        if len(names) == len(seated)
        else pgettext("a club night's guest", "guest: %(names)s") % {"names": ", ".join(names)}
    )
    return str(format_html(' <span class="guest-mark" data-guest>({})</span>', words))


def standings_body(event: Event, data, columns, *, released: bool) -> str:
    """The rows of the standings table.

    Written in Python rather than in the template: at 1,000 teams × 13 columns the template's
    loops took 300 ms per render, and the page renders again after every confirmed result.
    One markup for phone and desktop: the cells carry no label of their own (at 1,000 teams a
    label in every cell doubled the page); on a phone the stylesheet lays each row out as a
    card on the same grid as the headings (static/huche/huche.css).
    """
    marker = 987654321
    team_url = reverse("tournaments:team", args=[event.slug, marker])
    withdrawn = format_html(' <span class="hint">({})</span>', gettext("withdrawn"))
    bye_pending = format_html(  # under the name too, free to wrap (issue 49, point 3)
        '<span class="late-note" data-bye-pending>{}</span>',
        capfirst(
            gettext("bye: worth the player's average once they have played")
            if event.singles
            else gettext("bye: worth the team's average once it has played")
        ),
    )
    # Under the name, never in it (issue 49, point 3): a short line that wraps, the whole
    # choice in its title and on the team's page, so a projector keeps one column per team.
    late = {
        pk: format_html(
            '<span class="late-note" data-late-note title="{}">{}</span>',
            capfirst(note),
            capfirst(late_short(team)),
        )
        for pk, team in data.teams.items()
        if (note := late_note(team))
    }
    guests = {pk: guest_note(team) for pk, team in data.teams.items() if team.guest_names}
    keys = [key for key, _label in columns]
    skunk_key = "skunks_inflicted"
    doubles = double_skunks(event) if skunk_key in keys else {}
    rows = []
    for row in data.standings.rows:
        team = data.teams[row.team]
        medal = ""
        if row.medal and released:
            medal = render_to_string("tournaments/_medal.html", {"medal": row.medal}) + " "
        cells = "".join(
            "<td>—</td>"
            if value is None
            else f'<td class="skunk-inflicted">{value}{doubles_words(doubles.get(row.team))}</td>'
            if key == skunk_key and value
            else f"<td>{value if type(value) is int else escape(localize(value))}</td>"
            for key, value in ((k, row.metrics.get(k)) for k in keys)
        )
        rows.append(
            format_html(
                '<tr{}><td>{}{}</td>\n<td>{}<a href="{}">{}</a>{}</td>\n{}</tr>\n',
                mark_safe(' class="medal-row"') if row.medal else "",
                row.rank,  # noqa: S308
                "=" if row.tied else "",
                mark_safe(medal),  # noqa: S308 (our template)
                team_url.replace(str(marker), str(team.pk)),
                team.name,
                mark_safe(  # noqa: S308 (both went through format_html)
                    str(
                        withdrawn
                        if team.withdrawn_at
                        else bye_pending
                        if row.team in data.bye_pending
                        else ""
                    )
                    + str(late.get(row.team, ""))
                    + str(guests.get(row.team, ""))
                ),
                mark_safe(cells),
            )
        )  # noqa: S308
    return mark_safe("".join(rows))  # noqa: S308 (every value went through format_html)


@public_page
@require_GET
def team_page(request, slug, team_id):
    event = event_or_404(slug, request.user)
    team = get_object_or_404(Team.objects.entered(), event=event, pk=team_id)
    visible = results_visible(event, request.user)
    games = disclosure(event, request.user).games(
        Game.objects.filter(Q(team_a=team) | Q(team_b=team), round__event=event)
        .select_related("round", "team_a", "team_b", "confirmed_report")
        .order_by("round__number")
    )
    return render(
        request,
        "tournaments/team.html",
        {
            "event": event,
            "team": team,
            "games": games,
            "visible": visible,
            "joined_at": check_in.joined_at_round(team),
            "missed": missed_rounds_words(team),
        },
    )


def missed_rounds_words(team: Team) -> list[tuple[int, str]]:
    """A late team's missed rounds, each with what it counts, for its page's list of rounds
    (the standings counted its byes, the page listed only the rounds it played)."""
    if not team.joined_round or team.joined_round <= 1 or not team.missed_rounds:
        return []
    counted = {
        Team.MissedRounds.BYE: gettext("a bye (arrived late)"),
        Team.MissedRounds.FORFEIT: gettext("a loss by forfeit (arrived late)"),
        Team.MissedRounds.NOTHING: gettext("not counted (arrived late)"),
    }[Team.MissedRounds(team.missed_rounds)]
    return [(n, counted) for n in range(1, team.joined_round)]


@public_page
@require_GET
def podium(request, slug):
    event = event_or_404(slug, request.user)
    visible = results_visible(event, request.user)
    medals = medals_of(event) if visible else []
    return render(
        request,
        "tournaments/podium.html",
        {"event": event, "visible": visible, "medals": medals, **display_context(request, event)},
    )


@require_GET
def organizer_home(request):
    if not request.user.is_authenticated:
        raise LoginRequired
    events = (
        events_of(request.user)
        .prefetch_related(Prefetch("teams", queryset=Team.objects.only("id", "event_id")))
        .order_by("-date")
    )
    # Offered only to whom the import page opens (issue 34: no link that answers 403).
    context = {"events": events, "may_import": may_import(request.user)}
    return render(request, "tournaments/organizer_home.html", context)
