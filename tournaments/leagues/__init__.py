"""Leagues: leagues, seasons, players across events, season standings and player records.

Owns ``seasons`` (leagues and seasons, how a season adds up its events), ``players`` (the people
behind the teams, member numbers, merges), ``season_standings``, ``player_record`` (a player's
events, games and hand averages) and ``season_export`` (the season CSV built by a worker). May
import the models, ``standings``, ``results.sheets``, ``publishing``, ``audit``, ``errors`` and
``accounts``; never views or the API.
"""
