"""Crapette against the computer: ``/play/crapette/`` (choose the level and options, or
resume), ``/play/crapette/<uuid>/`` (the table; each action is one small POST),
``/play/crapette/<uuid>/record/`` (the finished game's record, which the checker validates).

The same shell as the cribbage practice game (``_shell.html``, ``play.js``, :mod:`.store`):
without JavaScript every action is a form POST and a redirect; with it, ``play.js`` swaps in
the game area and ``crapette.js`` adds tap-tap selection, drag and drop and the computer's
turn played card by card.
"""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_http_methods

from .. import limits, store
from .display import LEVEL_LABELS, VIGILANCE_LABELS, table_context
from .service import KIND, act, start
from .table import CrapetteTable, TableError
from .words import reason_text


class NewCrapetteForm(forms.Form):
    level = forms.ChoiceField(
        label=gettext_lazy("Level of the computer"),
        choices=list(LEVEL_LABELS.items()),
        initial="standard",
        widget=forms.RadioSelect,
    )
    vigilance = forms.ChoiceField(
        label=gettext_lazy("The computer calls “Crapette !” when you forget a mandatory move"),
        choices=list(VIGILANCE_LABELS.items()),
        initial="always",
        widget=forms.RadioSelect,
    )
    loading = forms.ChoiceField(
        label=gettext_lazy("Cards put on the opponent's crapette and discard pile"),
        choices=[
            ("same-suit", gettext_lazy("Same suit, one rank higher or lower (standard)")),
            (
                "alternate-colour",
                gettext_lazy("Red on black or black on red (a faster, livelier game)"),
            ),
        ],
        initial="same-suit",
        widget=forms.RadioSelect,
    )
    strict_calls = forms.BooleanField(
        label=gettext_lazy(
            "Harder variant: “Crapette !” may also be called on a player who stops while "
            "optional moves would have freed a card for a foundation"
        ),
        required=False,
    )


@require_http_methods(["GET", "POST"])
def crapette_home(request):
    form = NewCrapetteForm(request.POST or None, initial=store.last_choices(request.session, KIND))
    wait = None
    if request.method == "POST" and form.is_valid():
        visitor = limits.visitor_of(request)
        try:
            limits.admit(visitor)
        except limits.PracticeLimited as exc:
            form.add_error(None, exc.message)
            wait = exc.wait
        else:
            game = start(form.cleaned_data, owner=visitor.owner)
            store.remember(request.session, game)
            store.remember_choices(request.session, KIND, form.cleaned_data)
            return redirect("play:crapette-game", game_id=game.pk)
    # "New game" leads here too: the unfinished game stays one tap away ("Resume your game").
    current = store.current(request.session, KIND)
    status = 429 if wait else 400 if request.method == "POST" else 200
    response = render(
        request, "games/play/crapette_home.html", {"form": form, "current": current}, status=status
    )
    if wait:
        response["Retry-After"] = str(wait)
    return response


@require_http_methods(["GET", "POST"])
def crapette_game(request, game_id):
    game = store.get(game_id, KIND)
    error = None
    if request.method == "POST":
        move = store.posted_move(request.POST)
        target = request.POST.get("target", "")
        action = "move" if target else request.POST.get("action", "")
        try:
            game, _applied = act(game, move, action, request.POST.get("source", ""), target)
        except TableError as exc:
            error = reason_text(exc.reason)
        if request.headers.get("X-Requested-With") != "fetch":
            if error:
                messages.error(request, error)
            return redirect(reverse("play:crapette-game", args=[game.pk]) + "#play-area")
    store.remember(request.session, game)
    context = {"game": game, "error": error,
               **table_context(CrapetteTable.from_state(game.state), game)}  # fmt: skip
    fetch = request.headers.get("X-Requested-With") == "fetch"
    template = "games/play/_crapette_area.html" if fetch else "games/play/crapette.html"
    return render(request, template, context, status=400 if error else 200)


@require_GET
def crapette_record(request, game_id):
    """The finished game's record (JSON), for the Crapette record checker. Refused before the
    end: the record holds the deal's seed, so it would show the cards still hidden."""
    game = store.get(game_id, KIND)
    if not game.is_finished:
        return HttpResponse(
            gettext_lazy("The record can be downloaded once the game is over."),
            status=409,
            content_type="text/plain; charset=utf-8",
        )
    record = CrapetteTable.from_state(game.state).record()
    response = HttpResponse(record.to_json(), content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="crapette-{game.pk}.json"'
    return response
