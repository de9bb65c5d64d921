"""Huche's shared rules engine (plain Python, no Django) plus the Django side of the game tools.

``games.cards``, ``games.cribbage`` and ``games.crapette`` never import Django (a test enforces
it); the Django app's views, API and templates for the public tools live beside them.
"""
