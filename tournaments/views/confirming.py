"""Ask before an irreversible action, without JavaScript.

A button whose action cannot be taken back posts once; the view answers with a page that says
what will happen, and a second button posts the same fields again with ``confirm=1``. With
JavaScript, ``static/huche/confirm.js`` asks the same question in place (the form's
``data-ask`` and ``data-ask-action``, from :func:`question_text` and
:func:`action_text`) and sends ``confirm=1`` at once; the page stays
the fallback.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext_lazy as _

from tournaments.words import say

LEFT_OUT = ("csrfmiddlewaretoken", "confirm")

# What each irreversible action asks: the question, what will happen, the button that does it.
QUESTIONS = {
    "new-link": (
        _("Give %(team)s a new link and PIN?"),
        _(
            "The slip printed for %(team)s stops working at once: its captain cannot report "
            "until you hand them the new slip (print it right after)."
        ),
        _("Yes, a new link and PIN"),
    ),
    "withdraw": (
        _("Withdraw %(team)s?"),
        _(
            "%(team)s will not be seated in the next rounds and its captain's link stops "
            "working. Its games so far stay; a game it is seated in now waits for the desk. "
            "A withdrawal cannot be undone."
        ),
        _("Yes, withdraw %(team)s"),
    ),
    "release": (
        _("Release the results?"),
        _(
            "Everyone will see the standings and every result, on phones and on the hall's "
            "screen. You can hide them again until the event is closed."
        ),
        _("Yes, release the results"),
    ),
    "close": (
        _("Close the event?"),
        _(
            "The results are frozen: captains can no longer report, and a correction needs "
            "the event reopened (with a reason kept in the audit log). The podium becomes "
            "public."
        ),
        _("Yes, close the event"),
    ),
    "import": (
        _("Import this archive?"),
        _(
            "What it holds is added to this site for good: an import cannot be undone, and "
            "results are never deleted. A later archive of the same event may add to it."
        ),
        _("Yes, import it"),
    ),
    "forfeit": (
        _("Give %(team)s the win by forfeit?"),
        _(
            "%(team)s wins this game by forfeit, confirmed at once. The desk no longer offers "
            "a bye for this game: only a corrected score can change it afterwards."
        ),
        _("Yes, a win by forfeit for %(team)s"),
    ),
    "bye": (
        _("Count this game as a bye for %(team)s?"),
        _(
            "The game is closed without a result (nobody played it) and %(team)s gets what a "
            "bye is worth. The desk no longer offers a win by forfeit for this game, and an "
            "open dispute on it is closed."
        ),
        _("Yes, a bye for %(team)s"),
    ),
    "delete": (
        _("Delete %(name)s?"),
        _(
            "The event disappears with its teams, their captains' links, its rounds and every "
            "result reported in it. Nothing is lost: its full archive is kept with the deletion "
            "in the audit log, from which the event can be imported again."
        ),
        _("Yes, delete %(name)s"),
    ),
    "withdraw-registration": (
        _("Withdraw the registration of %(team)s?"),
        _(
            "The team gives up its place (the first team of the waiting list takes it). To "
            "come back, it registers again, if places are left."
        ),
        _("Yes, withdraw %(team)s"),
    ),
    "drop-absentees": (
        _("Drop the teams that did not come?"),
        _(
            "Every team not checked in is left out of the event. Until round 1 is seated, "
            "“Put them back” undoes it; a team arriving after that is added as a late team."
        ),
        _("Yes, drop them"),
    ),
    "publish": (
        _("Publish %(name)s?"),
        _(
            "Everyone will see the event: on the home page, in the lists and the API, its "
            "teams and seating. Its results still follow the release rule. A published event "
            "does not go back to draft."
        ),
        _("Yes, publish the event"),
    ),
    "correct-released": (
        _("Change a result already public?"),
        _(
            "The results are released: the standings, the podium and the exports change for "
            "everyone as soon as it is saved. The versions before stay in the game's history."
        ),
        _("Yes, change the result"),
    ),
    "publish-singles": (
        _("Publish %(name)s?"),
        _(
            "Everyone will see the event: on the home page, in the lists and the API, its "
            "players and seating. Its results still follow the release rule. A published "
            "event does not go back to draft."
        ),
        _("Yes, publish the event"),
    ),
    "force": (
        _("Seat the next round with results missing?"),
        _(
            "Some games of this round have no confirmed result. The next round is seated as if "
            "the team listed first at each of those tables had won; this is recorded and "
            "cannot be undone."
        ),
        _("Yes, seat it anyway"),
    ),
}


def confirmed(request: HttpRequest) -> bool:
    return request.POST.get("confirm") == "1"


def question_text(kind: str, **names: object) -> str:
    """The question and what will happen, in one text (the in-page question)."""
    question, consequence, _action = QUESTIONS[kind]
    return f"{say(question, names)} {say(consequence, names)}"


def action_text(kind: str, **names: object) -> str:
    """The label of the button that does it ("Yes, close the event")."""
    return say(QUESTIONS[kind][2], names)


def ask(request: HttpRequest, kind: str, *, back: str, event=None, **names: object) -> HttpResponse:
    """The confirmation page: the question as its heading, what will happen said in full, a
    button re-posting the same form with ``confirm=1``, and a way ``back`` that changes
    nothing."""
    question, consequence, action = QUESTIONS[kind]
    fields = [
        (key, value)
        for key in request.POST
        if key not in LEFT_OUT
        for value in request.POST.getlist(key)
    ]
    return render(
        request,
        "tournaments/confirm.html",
        {
            "event": event,
            "kind": kind,
            "question": say(question, names),
            "consequence": say(consequence, names),
            "action": say(action, names),
            "back": back,
            "fields": fields,
            "target": request.path,
        },
    )
