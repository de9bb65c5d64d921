"""Shared fixtures: users with roles, an event with teams, captains' links."""
