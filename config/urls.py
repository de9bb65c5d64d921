from django.contrib import admin
from django.urls import include, path
from django.utils import translation
from django.views.decorators.csrf import csrf_exempt
from django.views.i18n import JavaScriptCatalog, set_language
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView


class EnglishSchemaView(SpectacularAPIView):
    """The OpenAPI schema, always in English: the same document whatever the request's
    Accept-Language (titles and descriptions never mix French and English)."""

    def _get_schema_response(self, request):
        with translation.override("en"):
            return super()._get_schema_response(request)


urlpatterns = [
    path("", include("operations.urls")),
    path("admin/", admin.site.urls),
    # The language switch needs no CSRF token: at worst another site switches a visitor's
    # language, and the standings stored whole for anonymous visitors carry no token, so the
    # switch must work there without JavaScript too.
    path("i18n/setlang/", csrf_exempt(set_language), name="set_language"),
    path("jsi18n/", JavaScriptCatalog.as_view(), name="javascript-catalog"),
    path("accounts/", include("accounts.urls")),
    path("tools/", include("games.urls")),
    path("play/", include("games.play.urls")),
    path("api/schema/", EnglishSchemaView.as_view(), name="schema"),
    # The split view serves its start-up script as a file: the CSP allows no inline script.
    path("api/docs/", SpectacularSwaggerSplitView.as_view(url_name="schema"), name="api-docs"),
    path("api/v1/", include("config.api_urls")),
    path("", include("tournaments.urls")),
]

handler400 = "operations.faults.bad_request"
handler404 = "operations.faults.not_found"
handler500 = "operations.faults.server_error"
