"""The bracket after the series (issue 50), read-only: its seeds and matches as played."""

from __future__ import annotations

from rest_framework import serializers


class BracketSideSerializer(serializers.Serializer):
    seed = serializers.IntegerField(allow_null=True)
    team = serializers.IntegerField(allow_null=True, help_text="The team's id (null: not known).")
    name = serializers.CharField(allow_blank=True)
    games_won = serializers.IntegerField()


class BracketMatchSerializer(serializers.Serializer):
    id = serializers.CharField(help_text='"R1-M2": round 1, 2nd match from the top; "3RD".')
    round = serializers.IntegerField(allow_null=True, help_text="null: the third-place match.")
    # the stubs take this for Field.label; the serializer's metaclass pops declared fields
    label = serializers.CharField()  # type: ignore[assignment]
    bye = serializers.BooleanField()
    a = BracketSideSerializer(allow_null=True)
    b = BracketSideSerializer(allow_null=True)
    winner = serializers.IntegerField(allow_null=True)


class BracketSerializer(serializers.Serializer):
    seated = serializers.BooleanField()
    best_of = serializers.IntegerField()
    qualifiers = serializers.ListField(
        child=serializers.IntegerField(), help_text="Team ids, seed 1 first."
    )
    byes = serializers.IntegerField()
    matches = BracketMatchSerializer(many=True)
    champion = serializers.IntegerField(allow_null=True)
    third_place = serializers.IntegerField(allow_null=True)


def bracket_body(event, state, label) -> dict:
    """The bracket as a plain dict (``label``: how a match id reads, in the caller's language)."""
    names = {team: t.name for team, t in state.teams.items()}
    seed = state.seed_of

    def side(team, wins):
        if team is None:
            return None
        return {"seed": seed.get(team), "team": team, "name": names[team], "games_won": wins}

    matches = []
    for number, row in enumerate(state.rounds, start=1):
        for m in row:
            matches.append(
                {
                    "id": m.id,
                    "round": number,
                    "label": label(m.id, len(state.rounds)),
                    "bye": m.is_bye,
                    "a": side(m.team_a, m.state.wins_a if m.state else 0),
                    "b": side(m.team_b, m.state.wins_b if m.state else 0),
                    "winner": m.winner,
                }
            )
    if state.third is not None:
        t = state.third
        matches.append(
            {
                "id": t.match,
                "round": None,
                "label": label(t.match, len(state.rounds)),
                "bye": False,
                "a": side(t.team_a, t.wins_a),
                "b": side(t.team_b, t.wins_b),
                "winner": t.winner,
            }
        )
    return {
        "seated": state.group is not None,
        "best_of": event.bracket_best_of,
        "qualifiers": list(state.seeds),
        "byes": sum(m.is_bye for m in state.rounds[0]) if state.rounds else 0,
        "matches": matches,
        "champion": state.champion,
        "third_place": state.third.winner if state.third is not None else None,
    }
