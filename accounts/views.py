"""The login page, with failed attempts throttled per address and per account; the page where
an appointed official or organizer chooses a password from their one-time link."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import SetPasswordForm
from django.urls import reverse_lazy
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from .forms import EmailLoginForm
from .throttle import client_ip, login_failed, login_succeeded, login_wait, minutes


def throttled_message(wait: int) -> str:
    n = minutes(wait)
    return ngettext("Too many failed logins: try again in %(n)d minute.",
                    "Too many failed logins: try again in %(n)d minutes.", n) % {"n": n}


class LoginView(auth_views.LoginView):
    template_name = "accounts/login.html"
    authentication_form = EmailLoginForm
    redirect_authenticated_user = True

    def _account(self) -> str:
        return (self.request.POST.get("username") or "")[:254]

    def post(self, request, *args, **kwargs):
        wait = login_wait(client_ip(request), self._account())
        if wait:
            # The password is not even checked: a guesser learns nothing while throttled.
            context = self.get_context_data(form=self.form_class(request),
                                            throttled=throttled_message(wait))
            response = self.render_to_response(context, status=429)
            response["Retry-After"] = str(wait)
            return response
        return super().post(request, *args, **kwargs)

    def form_invalid(self, form):
        login_failed(client_ip(self.request), self._account())
        return super().form_invalid(form)

    def form_valid(self, form):
        login_succeeded(self._account())
        return super().form_valid(form)


class SetPasswordView(auth_views.PasswordResetConfirmView):
    """Choose a password from the one-time link; logged in at once, then on to their events."""

    template_name = "accounts/set_password.html"
    form_class = SetPasswordForm
    post_reset_login = True
    success_url = reverse_lazy("tournaments:organizer-home")

    def form_valid(self, form):
        response = super().form_valid(form)
        messages.success(self.request, _("Your password is saved: you are logged in."))
        return response
