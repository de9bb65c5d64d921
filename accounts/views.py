"""The login page, with failed attempts throttled per address and per account; the page where
a club organizer opens their own account on a blank install (no admin, no command line). An
invited official or organizer accepts on the invitation's page (``tournaments.views.invitations``)."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods

from tournaments import audit
from tournaments.audit import AuditAction

from . import login_guard
from .forms import EmailLoginForm, OrganizerSignupForm
from .throttle import client_ip, minutes, signup_per_client, throttled_message


class LoginView(auth_views.LoginView):
    template_name = "accounts/login.html"
    authentication_form = EmailLoginForm
    redirect_authenticated_user = True
    extra_context = {"signup_open": lambda: settings.HUCHE_SIGNUP}

    def _account(self) -> str:
        return (self.request.POST.get("username") or "")[:254]

    def post(self, request, *args, **kwargs):
        # Counted before the password is checked (accounts/login_guard.py): a wrong password
        # stays counted, a right one is given back in form_valid.
        self.attempt = login_guard.begin(request, self._account())
        wait = self.attempt.wait
        if wait:
            # The password is not even checked: a guesser learns nothing while throttled.
            context = self.get_context_data(
                form=self.form_class(request), throttled=throttled_message(wait)
            )
            response = self.render_to_response(context, status=429)
            response["Retry-After"] = str(wait)
            return response
        return super().post(request, *args, **kwargs)

    def form_valid(self, form):
        login_guard.succeeded(self.attempt)
        response = super().form_valid(form)
        login_guard.remember_device(self.request, response, self._account())
        return response


@require_http_methods(["GET", "POST"])
def signup(request):
    """Create an organizer account, log in, and go on to create the first event."""
    if request.user.is_authenticated:
        return redirect("tournaments:organizer-home")
    if not settings.HUCHE_SIGNUP:
        return render(request, "accounts/signup.html", {"closed": True}, status=403)
    form = OrganizerSignupForm(request.POST or None)
    if request.method == "POST":
        # Every attempt counts (see signup_per_client), counted before it is checked.
        wait = signup_per_client().take(client_ip(request))
        if wait:
            n = minutes(wait)
            message = ngettext(
                "Too many accounts opened from this connection: try again in %(n)d minute.",
                "Too many accounts opened from this connection: try again in %(n)d minutes.",
                n,
            ) % {"n": n}
            response = render(
                request,
                "accounts/signup.html",
                {"form": OrganizerSignupForm(), "throttled": message},
                status=429,
            )
            response["Retry-After"] = str(wait)
            return response
        if form.is_valid():
            user = form.save()
            audit.record(
                None,
                user,
                AuditAction.ACCOUNT_CREATE,
                user.email,
                after={"email": user.email, "display_name": user.display_name},
            )
            login(request, user)
            messages.success(
                request,
                _("Your organizer account is created: you are logged in. Create your first event."),
            )
            return redirect("tournaments:event-create")
    return render(request, "accounts/signup.html", {"form": form})
