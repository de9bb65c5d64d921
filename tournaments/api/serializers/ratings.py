"""Ratings (docs/ratings.md): a player's rating and history, a pair's, the leaderboard."""

from __future__ import annotations

from rest_framework import serializers


class RatingSerializer(serializers.Serializer):
    mu = serializers.FloatField(help_text="The rating: the estimate of the strength (25 to start).")
    sigma = serializers.FloatField(help_text="Its uncertainty (a standard deviation).")
    margin = serializers.FloatField(help_text="2 sigma: the strength is very likely mu ± margin.")
    low = serializers.FloatField(help_text="mu − margin: the leaderboard's order.")
    games = serializers.IntegerField(help_text="Rated games so far.")


class RatingHistoryPointSerializer(RatingSerializer):
    event = serializers.SlugField(help_text="The event's slug.")
    round = serializers.IntegerField()
    game = serializers.IntegerField(help_text="The game's id.")


class PairRatingSerializer(RatingSerializer):
    partner = serializers.UUIDField(help_text="The partner's uid.")
    partner_name = serializers.CharField()


class PlayerRatingSerializer(serializers.Serializer):
    uid = serializers.UUIDField()
    name = serializers.CharField()
    rating = RatingSerializer(allow_null=True, help_text="Now; null before any rated game.")
    history = RatingHistoryPointSerializer(many=True, help_text="After each game, in order.")
    pairs = PairRatingSerializer(many=True, help_text="The pairs this player formed, now.")


class LeaderboardRowSerializer(RatingSerializer):
    rank = serializers.IntegerField()
    uid = serializers.UUIDField()
    name = serializers.CharField()


class LeaderboardSerializer(serializers.Serializer):
    league = serializers.SlugField()
    min_games = serializers.IntegerField(help_text="Games a player needs to be listed.")
    players = LeaderboardRowSerializer(many=True)
