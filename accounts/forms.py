from django import forms
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth.forms import AuthenticationForm, BaseUserCreationForm
from django.utils.translation import gettext_lazy as _

from . import login_guard
from .models import User
from .throttle import throttled_message


class EmailLoginForm(AuthenticationForm):
    """The address matches however it is written (``UserManager.get_by_natural_key``); the
    refusal is Huche's own sentence (Django's says « un adresse courriel » in French)."""

    username = forms.EmailField(
        label=_("Email"),
        widget=forms.EmailInput(attrs={"autofocus": True, "autocomplete": "email"}),
    )
    error_messages = {
        **AuthenticationForm.error_messages,
        "invalid_login": _(
            "Wrong email address or password (capitals count in the password, not in the address)."
        ),
    }


class ThrottledAdminLoginForm(AdminAuthenticationForm):
    """The admin's login (``/admin/login/``) counts failures with the site's login: the same
    counters (accounts/login_guard.py), so neither door gives a guesser more tries; while
    throttled the password is not even checked."""

    def clean(self):
        attempt = login_guard.begin(self.request, self.data.get("username") or "")
        if attempt.wait:
            raise forms.ValidationError(throttled_message(attempt.wait), code="throttled")
        cleaned = super().clean()  # a wrong password raises: the attempt stays counted
        login_guard.succeeded(attempt)
        return cleaned


class PasswordErrorsBesideThePassword:
    """A password the validators refuse ("too common") is said under "Password", where it was
    chosen, not under its repetition (Django's place)."""

    def validate_password_for_user(self, user, **_field):
        super().validate_password_for_user(user, password_field_name="password1")  # type: ignore[misc]


class OrganizerSignupForm(PasswordErrorsBesideThePassword, BaseUserCreationForm):
    """A club organizer opens their own account: email, name, a password Django's validators
    accept (``AUTH_PASSWORD_VALIDATORS``). Any account may then create events."""

    class Meta:
        model = User
        fields = ("email", "display_name")
        labels = {"email": _("Email"), "display_name": _("Your name")}
        widgets = {
            "email": forms.EmailInput(attrs={"autocomplete": "email", "autofocus": True}),
            "display_name": forms.TextInput(attrs={"autocomplete": "name"}),
        }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["display_name"].required = True
        self.fields["password1"].label = _("Password")
        self.fields["password2"].label = _("The same password again")

    def clean_email(self) -> str:
        email = self.cleaned_data["email"].strip().lower()
        if User.objects.filter(email__iexact=email).exists():
            raise forms.ValidationError(
                _(
                    "An account already uses this email address: log in instead (an invited "
                    "official or organizer accepts from the invitation's link)."
                ),
                code="taken",
            )
        return email


class InvitedAccountForm(PasswordErrorsBesideThePassword, BaseUserCreationForm):
    """The invited person creates the account of the invited address (fixed: it is the
    invitation's), with their name and a password Django's validators accept."""

    class Meta:
        model = User
        fields = ("display_name",)
        labels = {"display_name": _("Your name")}
        widgets = {"display_name": forms.TextInput(attrs={"autocomplete": "name"})}

    def __init__(self, *args, email: str, **kwargs):
        super().__init__(*args, **kwargs)
        self.instance.email = email  # the password validators compare with it too
        self.fields["display_name"].required = True
        self.fields["password1"].label = _("Password")
        self.fields["password2"].label = _("The same password again")
