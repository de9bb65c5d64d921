from django.shortcuts import render

from ..models import Event


def home(request, slug=None):
    return render(request, "tournaments/home.html", {"events": Event.objects.all()[:50]})
