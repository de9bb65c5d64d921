"""Ratings ("cotes"): every player, and every pair as a pair, rated from every released game.

``engine`` is plain Python over plain records (no Django): the openskill model and its
parameters (argued in docs/ratings.md), and the walk through the games in order. ``current``
reads the stored ratings (the latest point of each player: for the Swiss seeding of round 1 and
the pages); ``service`` rebuilds the whole history from the released games, and answers the
player's page, the league leaderboard and the API. May import the models, ``publishing`` and
``errors``; never views, the API or the tasks (a release reaches the rebuild through the outbox).
"""
