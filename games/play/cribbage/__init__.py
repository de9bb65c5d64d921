"""Cribbage against the computer: the table (engine state + computer seats), its display, the
page and the API. Imports games.cribbage and games.play.store; nothing of tournaments."""
