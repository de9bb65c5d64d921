"""Serializers: the shapes the API reads and writes. Validation here is about shape only (types,
required fields); the tournament rules are checked by the services the views call.

Two rules of disclosure are applied by choosing the serializer, never by the client:

- a team's captain link (token and PIN) is only in :class:`ManagedTeamSerializer`, used for the
  officials and organizers of the team's event;
- a game's score is only filled in when the view says results are visible to the caller
  (``context["results_visible"]``), and its report versions only when the view says the caller
  may see them (``context["reports_visible"]``);
- a game's status, and which games of a round are listed, follow the embargo
  (``context["disclosure"]``, :func:`tournaments.selectors.disclosure`).

One module per resource, as the API's views are (``api/views/*.py``); every serializer is
re-exported here, so a view reads ``from .. import serializers as s`` and ``s.EventSerializer``.
"""

from .auth import TokenRequestSerializer, TokenSerializer
from .bracket import BracketSerializer, bracket_body
from .events import (
    BYE_POINTS_MAX,
    EVENT_SETTINGS,
    GAMES_BOUNDS,
    GAMES_MAX,
    GAMES_MIN,
    GAMES_OUT_OF_RANGE,
    SETTING_BOUNDS,
    AuditEntrySerializer,
    EventCreateSerializer,
    EventListSerializer,
    EventSerializer,
    EventSettingsSerializer,
    NumberOfGamesSerializer,
    ReleaseSerializer,
    ReopenSerializer,
    SeasonChoiceField,
    TiebreakKeyField,
)
from .officials import (
    AppointSerializer,
    EventRoleSerializer,
    InvitationSerializer,
    IssuedInvitationSerializer,
    WithdrawalSerializer,
)
from .ratings import (
    LeaderboardRowSerializer,
    LeaderboardSerializer,
    PairRatingSerializer,
    PlayerRatingSerializer,
    RatingHistoryPointSerializer,
    RatingSerializer,
)
from .results import (
    DecisionSerializer,
    GameStatusSerializer,
    ReportOutcomeSerializer,
    ReportSerializer,
    ReportSubmitSerializer,
    ScoreField,
    report_body,
)
from .rounds import (
    GameDetailSerializer,
    GameSerializer,
    ResultSerializer,
    RoundSerializer,
    SeatRoundSerializer,
    TeamRefSerializer,
)
from .seasons import (
    HandFiguresSerializer,
    PlayerEventSerializer,
    PlayerNameSerializer,
    PlayerRecordSerializer,
    SeasonEventSerializer,
    SeasonRowSerializer,
    SeasonScoreSerializer,
    SeasonStandingsSerializer,
)
from .standings import (
    ColumnSerializer,
    MedalTieSerializer,
    StandingRowSerializer,
    StandingsSerializer,
)
from .teams import (
    NAME_LIMITS,
    CaptainLinkSerializer,
    ManagedTeamSerializer,
    NewLinkSerializer,
    PlayerRefSerializer,
    TeamCreateSerializer,
    TeamEditSerializer,
    TeamGuestsResultSerializer,
    TeamGuestsSerializer,
    TeamImportResultSerializer,
    TeamImportSerializer,
    TeamSerializer,
)

__all__ = [
    "BracketSerializer",
    "bracket_body",
    "EVENT_SETTINGS",
    "EventListSerializer",
    "EventSerializer",
    "ReopenSerializer",
    "GAMES_MIN",
    "GAMES_MAX",
    "BYE_POINTS_MAX",
    "GAMES_OUT_OF_RANGE",
    "GAMES_BOUNDS",
    "SETTING_BOUNDS",
    "SeasonChoiceField",
    "TiebreakKeyField",
    "EventCreateSerializer",
    "EventSettingsSerializer",
    "ReleaseSerializer",
    "NumberOfGamesSerializer",
    "AuditEntrySerializer",
    "NAME_LIMITS",
    "TeamSerializer",
    "CaptainLinkSerializer",
    "PlayerRefSerializer",
    "ManagedTeamSerializer",
    "TeamCreateSerializer",
    "TeamEditSerializer",
    "TeamGuestsResultSerializer",
    "TeamGuestsSerializer",
    "TeamImportSerializer",
    "TeamImportResultSerializer",
    "NewLinkSerializer",
    "SeatRoundSerializer",
    "TeamRefSerializer",
    "ResultSerializer",
    "GameSerializer",
    "RoundSerializer",
    "GameDetailSerializer",
    "ReportSerializer",
    "report_body",
    "ScoreField",
    "ReportSubmitSerializer",
    "GameStatusSerializer",
    "ReportOutcomeSerializer",
    "DecisionSerializer",
    "ColumnSerializer",
    "StandingRowSerializer",
    "MedalTieSerializer",
    "StandingsSerializer",
    "TokenRequestSerializer",
    "TokenSerializer",
    "SeasonEventSerializer",
    "SeasonScoreSerializer",
    "PlayerNameSerializer",
    "SeasonRowSerializer",
    "SeasonStandingsSerializer",
    "PlayerEventSerializer",
    "HandFiguresSerializer",
    "PlayerRecordSerializer",
    "EventRoleSerializer",
    "AppointSerializer",
    "InvitationSerializer",
    "IssuedInvitationSerializer",
    "WithdrawalSerializer",
    "RatingSerializer",
    "RatingHistoryPointSerializer",
    "PairRatingSerializer",
    "PlayerRatingSerializer",
    "LeaderboardRowSerializer",
    "LeaderboardSerializer",
]
