"""Public game tools: the hand calculator, the discard advisor and the Crapette record checker.

Thin views: a form reads the input, the engine (``games.cribbage``, ``games.crapette``) does the
work, the template shows it. The hand and discard tools answer GET (shareable links) and POST.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.shortcuts import render
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from games.cards import DECK, Suit, card_language
from games.crapette import RecordFormatError, check_record
from games.crapette.errors import CrapetteError
from games.crapette.reasons import explain
from games.cribbage import DiscardChoice, ScoreDistribution, analyze_discards, score_hand
from games.play.crapette import checker_words
from games.play.crapette.words import capital
from games.play.cribbage.display import card_view, cards_view

from .forms import CrapetteRecordForm, DiscardForm, HandForm
from .spoken import ITEM_KINDS, announce

# Cards are shown as the visitor's language writes them (R♥ in French, K♥ in English):
# games.play.cribbage.display.card_view, shared with the practice games.


def picker_rows() -> list[dict]:
    """The 52 cards, one row per suit, for the tap-to-pick grid."""
    names = {
        Suit.SPADES: _("Spades"),
        Suit.HEARTS: _("Hearts"),
        Suit.DIAMONDS: _("Diamonds"),
        Suit.CLUBS: _("Clubs"),
    }
    return [
        {"name": names[suit], "cards": cards_view(c for c in DECK if c.suit is suit)}
        for suit in Suit
    ]


def _input(request):
    """The submitted data: POST, or a GET query that carries the cards (a shared link)."""
    if request.method == "POST":
        return request.POST
    return request.GET if "cards" in request.GET else None


def tools_index(request):
    """/tools/: every public tool and practice game, one line each."""
    return render(request, "games/index.html")


# --- hand calculator --------------------------------------------------------------------------


def hand_calculator(request):
    data = _input(request)
    form = HandForm(data)
    context = {"form": form, "picker": picker_rows(), "pick": 5}
    if data is not None and form.is_valid():
        cards, crib = form.cleaned_data["cards"], form.cleaned_data["crib"]
        score = score_hand(cards[:4], cards[4], crib=crib)
        context["score"] = score
        context["announcement"] = announce(score)
        context["hand"] = cards_view(score.hand)
        context["starter"] = card_view(score.starter)
        context["items"] = [
            {"kind": ITEM_KINDS[i.kind], "cards": cards_view(i.cards), "points": i.points}
            for i in score.items
        ]
        context["read_note"] = read_note(form.read_in)
    status = 400 if data is not None and not form.is_valid() else 200
    return render(request, "games/hand.html", context, status=status)


def read_note(read_in: str | None) -> str:
    """Said when the cards' letters were read in the other language than the page's."""
    if read_in is None or read_in == card_language(get_language()):
        return ""
    if read_in == "en":
        return _(
            "Your cards use English letters (H, S, D as suits, or J, Q, K, T as ranks): they "
            "were read the English way, C for clubs. The cards read are shown above."
        )
    return _(
        "Your cards use French letters (P, K, T as suits, or V, D, R as ranks): they were read "
        "the French way, C for hearts. The cards read are shown above."
    )


# --- discard advisor --------------------------------------------------------------------------

CHART_WIDTH, CHART_HEIGHT, BAR = 180, 48, 6  # 30 bars (scores 0-29), 6 px each


def distribution_chart(distribution: ScoreDistribution) -> dict:
    """Bars of an inline SVG: the chance of each score 0-29, the tallest bar full height."""
    top = max(distribution.counts.values())
    bars = []
    for score, n in sorted(distribution.counts.items()):
        height = max(1.0, CHART_HEIGHT * n / top)
        bars.append(
            {
                # Strings: a float in a template is localized ("24,0" in French), not SVG.
                "x": str(score * BAR),
                "y": f"{CHART_HEIGHT - height:.1f}",
                "height": f"{height:.1f}",
                "score": score,
                "percent": round(100 * n / distribution.cases, 1),
            }
        )
    likely = max(distribution.counts.items(), key=lambda item: (item[1], -item[0]))
    return {
        "bars": bars,
        "width": CHART_WIDTH,
        "height": CHART_HEIGHT,
        "bar": BAR - 1,
        "likely": likely[0],
        "likely_percent": round(100 * likely[1] / distribution.cases, 1),
    }


def discard_advisor(request):
    data = _input(request)
    form = DiscardForm(data)
    context = {"form": form, "picker": picker_rows(), "pick": 6}
    if data is not None and form.is_valid():
        role = form.cleaned_data["role"]
        analysis = analyze_discards(
            form.cleaned_data["cards"],
            dealer=role in ("dealer", "partner"),
            players=form.cleaned_data["players"],
        )
        context["analysis"] = analysis
        context["read_note"] = read_note(form.read_in)
        context["dealt"] = cards_view(analysis.dealt)
        context["choices"] = [
            {
                "rank": n,
                "keep": cards_view(c.keep),
                "discard": cards_view(c.discard),
                "also": [cards_view(twin.keep) for twin in twins],
                "hand": c.hand,
                "crib": c.crib,
                "hand_mean": float(c.hand.mean),
                "crib_mean": float(c.crib.mean),
                "net": float(c.net),
                "chart": distribution_chart(c.hand),
            }
            for n, (c, twins) in enumerate(same_but_suits(analysis.choices), start=1)
        ]
    status = 400 if data is not None and not form.is_valid() else 200
    return render(request, "games/discard.html", context, status=status)


def same_but_suits(
    choices: Iterable[DiscardChoice],
) -> list[tuple[DiscardChoice, list[DiscardChoice]]]:
    """The choices once each, those that differ only by suits that change nothing (keeping
    5♥ 5♣ or 5♥ 5♠ beside 4♦ 6♦) folded into the first as its twins: 15 rows of which several
    say the same thing made a phone's page ten screens long."""
    groups: dict[tuple, tuple[DiscardChoice, list[DiscardChoice]]] = {}
    for choice in choices:
        key = (
            sorted(int(c.rank) for c in choice.keep),
            sorted(int(c.rank) for c in choice.discard),
            sorted(choice.hand.counts.items()),
            sorted(choice.crib.counts.items()),
        )
        frozen = tuple(tuple(part) for part in key)
        if frozen in groups:
            groups[frozen][1].append(choice)
        else:
            groups[frozen] = (choice, [])
    return list(groups.values())


# --- Crapette record checker ------------------------------------------------------------------


def crapette_checker(request):
    form = CrapetteRecordForm(request.POST or None, request.FILES or None)
    context: dict[str, object] = {"form": form}
    status = 200
    if request.method == "POST":
        if form.is_valid():
            record = form.cleaned_data["record"]
            try:
                result = check_record(record)
            except RecordFormatError as error:
                form.add_error(
                    None,
                    _("This is not a Crapette game record: %(reason)s")
                    % {"reason": checker_words.format_error_text(str(error))},
                )
            else:
                context.update(_checked(result, record))
        if not form.is_valid():
            status = 400
    return render(request, "games/crapette.html", context, status=status)


def _checked(result, record: dict) -> dict[str, object]:
    """What the checker page shows of a replay, in the page's language, the players named A
    and B as the record names them."""
    state = result.state
    context: dict[str, object] = {
        "result": result,
        "score": state.score() if state is not None else None,
        "score_detail": checker_words.score_detail(state) if state is not None else "",
        "move_number": None if result.index is None else result.index + 1,
        "position": checker_words.position_text(state) if state is not None else "",
    }
    if result.index is not None and state is not None:
        context["refusal"] = refusal_in_words(result)
    elif not result.valid and state is not None and isinstance(record.get("result"), dict):
        context["why"] = checker_words.claim_text(record["result"], state)
    elif not result.valid:
        context["why"] = capital(checker_words.format_error_text(str(result.reason)))
    return context


def refusal_in_words(result) -> str:
    """Why the record's first refused move is not allowed, in the visitor's language: the
    engine's reason retold by the practice game's words; a move that cannot even be read keeps
    the engine's (English) detail inside a sentence of the visitor's language."""
    try:
        reason = explain(result.state, result.state.parse_move(result.move))
    except CrapetteError:
        return checker_words.notation_text(result.move)
    if reason is None:
        return str(result.reason)
    return checker_words.record_reason_text(reason, result.state.turn)
