"""Public game tools (placeholder pages until the tools land)."""

from django.shortcuts import render


def hand_calculator(request):
    return render(request, "games/placeholder.html", {"tool": "hand"})


def discard_advisor(request):
    return render(request, "games/placeholder.html", {"tool": "discard"})


def crapette_checker(request):
    return render(request, "games/placeholder.html", {"tool": "crapette"})
