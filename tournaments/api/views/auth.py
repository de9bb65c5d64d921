"""API tokens: email and password in, a token out (``Authorization: Token <key>`` afterwards).

Throttled (scope ``login``) so passwords cannot be guessed at speed; failing open when the
cache is down (``accounts.api_throttles``).
"""

from __future__ import annotations

from django.contrib.auth import authenticate
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import exceptions, permissions
from rest_framework.authtoken.models import Token
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts import login_guard
from accounts.api_throttles import FailOpenScopedRateThrottle
from accounts.views import throttled_message

from ...errors import RuleError
from .. import serializers as s
from .common import ERRORS


class ObtainTokenView(APIView):
    authentication_classes: list = []
    permission_classes = [permissions.AllowAny]
    throttle_classes = [FailOpenScopedRateThrottle]  # the cache down: let through, logged
    throttle_scope = "login"

    @extend_schema(
        summary="Get an API token from an email and password",
        request=s.TokenRequestSerializer,
        responses={200: s.TokenSerializer, 400: ERRORS[400]},
        auth=[],
    )
    def post(self, request):
        serializer = s.TokenRequestSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        email = serializer.validated_data["email"].lower()
        attempt = login_guard.begin(request, email)  # counted before the password is checked
        if attempt.wait:
            raise exceptions.Throttled(wait=attempt.wait, detail=throttled_message(attempt.wait))
        user = authenticate(request, email=email, password=serializer.validated_data["password"])
        if user is None:
            raise RuleError(
                _("Wrong email or password (or the account is disabled)."),
                code="invalid_credentials",
            )
        login_guard.succeeded(attempt)
        token, _created = Token.objects.get_or_create(user=user)
        return Response({"token": token.key})
