"""The practice pages: ``/play/`` (choose and start a game, or resume), ``/play/<uuid>/`` (the
game; each action is one small POST), ``/play/<uuid>/record/`` (the finished game's record).

Without JavaScript every action is a plain form POST answered by a redirect to the game page;
``play.js`` sends the same forms with ``fetch`` and swaps in the game area only (the request has
``X-Requested-With: fetch``), retrying the same move number after a network failure.
"""

from __future__ import annotations

import json

from django.contrib import messages
from django.http import HttpResponse, HttpResponseNotAllowed
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from .. import limits, store
from .display import table_context
from .forms import LEVEL_HELP, LEVEL_LABELS, NewCribbageForm, action_from_post
from .service import KIND, act, discards, start
from .table import Table, TableError
from .words import reason_text

PARTIAL_HEADER = "fetch"


def _is_fetch(request) -> bool:
    return request.headers.get("X-Requested-With") == PARTIAL_HEADER


@require_http_methods(["GET", "POST"])
def play_home(request):
    """Choose the level, the length of the game and the options; or resume the current game."""
    form = NewCribbageForm(request.POST or None, initial=store.last_choices(request.session, KIND))
    wait = None
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        visitor = limits.visitor_of(request)
        try:
            limits.admit(visitor)
        except limits.PracticeLimited as exc:
            form.add_error(None, exc.message)
            wait = exc.wait
        else:
            four = data["players"] == 4
            game = start(
                data["level"],
                data["target"],
                data["count_own"],
                players=data["players"],
                rules=data.get("rules") if four else None,
                partner_level=data.get("partner_level") if four else None,
                owner=visitor.owner,
                coach_play=data["coach_play"],
            )
            store.remember(request.session, game)
            store.remember_choices(request.session, KIND, data)
            return redirect("play:game", game_id=game.pk)
    current = store.current(request.session, KIND)
    status = 429 if wait else 400 if request.method == "POST" else 200
    levels = [(LEVEL_LABELS[name], LEVEL_HELP[name]) for name in LEVEL_LABELS]
    response = render(
        request,
        "games/play/home.html",
        {"form": form, "current": current, "levels": levels},
        status=status,
    )
    if wait:
        response["Retry-After"] = str(wait)
    return response


@require_http_methods(["GET", "POST"])
def play_game(request, game_id):
    game = store.get(game_id, KIND)
    error = None
    if request.method == "POST":
        move = store.posted_move(request.POST)
        try:
            game, _applied = act(game, move, action_from_post(request.POST, discards(game)))
        except TableError as exc:
            error = reason_text(exc)
        if not _is_fetch(request):
            if error:
                messages.error(request, error)
            return redirect(reverse("play:game", args=[game.pk]) + "#play-area")
    store.remember(request.session, game)
    context = {"game": game, **table_context(Table.from_state(game.state), game), "error": error}
    template = (
        "games/play/_cribbage_area.html" if _is_fetch(request) else "games/play/cribbage.html"
    )
    return render(request, template, context, status=400 if error else 200)


def play_record(request, game_id):
    """The finished game's record (JSON), which the engine replays. Refused before the end: the
    record holds the deal's seed, so it would show the cards still hidden."""
    if request.method != "GET":
        return HttpResponseNotAllowed(["GET"])
    game = store.get(game_id, KIND)
    if not game.is_finished:
        return HttpResponse(
            _("The record can be downloaded once the game is over."),
            status=409,
            content_type="text/plain; charset=utf-8",
        )
    # The engine replays the record and leaves the coaching alone; a reader finds it there.
    record = {
        **game.state["record"],
        "coaching": {
            "discards": game.state.get("coaching", []),
            "plays": game.state.get("plays", []),
        },
    }
    response = HttpResponse(
        json.dumps(record, ensure_ascii=False, indent=1),
        content_type="application/json; charset=utf-8",
    )
    response["Content-Disposition"] = f'attachment; filename="cribbage-{game.pk}.json"'
    return response
