"""API views, one module per resource: auth, events, teams, rounds and games, results."""
