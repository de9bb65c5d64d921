"""Crapette against the computer: the table, the start/act service, its words and display, the
page and the API. Imports games.crapette and games.play.store; nothing of tournaments."""
