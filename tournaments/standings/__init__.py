"""Standings: who is ahead, by which metrics, and the playoffs that break medal ties.

``engine/`` is plain Python over plain records (no Django: a test enforces it): the metric
registry, the scoring systems, the tiebreak order as configuration, playoff plans. ``service``
is the Django side: it loads an event's confirmed games into those records, computes and caches
the standings, and seats and decides playoff games. ``service`` may import the models,
``publishing.caching``, ``audit``, ``errors`` and ``accounts``; it does not import ``results``
(the confirmed games are read from the models, and a confirmation reaches it by signal).
"""
