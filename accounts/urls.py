from django.contrib.auth import views as auth_views
from django.urls import path

from .views import LoginView, SetPasswordView, signup

app_name = "accounts"

urlpatterns = [
    path("login/", LoginView.as_view(), name="login"),
    path("signup/", signup, name="signup"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    # The one-time link given to a newly appointed official or organizer (Django's
    # password-reset token: it stops working once the password is chosen).
    path("set-password/<uidb64>/<token>/", SetPasswordView.as_view(), name="set-password"),
]
