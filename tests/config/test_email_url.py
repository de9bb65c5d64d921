"""``EMAIL_URL`` (issue 32, finding 7): the scheme says how the connection is secured and which
port is the default; a port written in the URL is always kept."""

from __future__ import annotations

import pytest
from django.core.exceptions import ImproperlyConfigured

from config.settings import _email_settings


def connection(url: str) -> tuple[str, int, bool, bool]:
    found = _email_settings(url, "")
    return (
        found["EMAIL_HOST"],
        found["EMAIL_PORT"],
        found["EMAIL_USE_TLS"],
        found["EMAIL_USE_SSL"],
    )


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        # smtp:// without a port: the submission port, with STARTTLS (the password is not sent
        # in clear).
        ("smtp://u:pw@mail.club.org", ("mail.club.org", 587, True, False)),
        ("smtp://u:pw@mail.club.org:587", ("mail.club.org", 587, True, False)),
        # A provider's other submission port keeps STARTTLS.
        ("smtp://u:pw@mail.club.org:2525", ("mail.club.org", 2525, True, False)),
        # An explicit :25 is a relay on the local network: plain.
        ("smtp://relay.local:25", ("relay.local", 25, False, False)),
        # smtps:// without a port: SSL on 465; an explicit port is kept.
        ("smtps://u:pw@mail.club.org", ("mail.club.org", 465, False, True)),
        ("smtps://u:pw@mail.club.org:4650", ("mail.club.org", 4650, False, True)),
        ("smtp+tls://u:pw@mail.club.org:25", ("mail.club.org", 25, True, False)),
    ],
)
def test_the_scheme_and_port_choose_the_security(url, expected):
    assert connection(url) == expected


def test_user_and_password_are_decoded():
    found = _email_settings("smtp://huche%40club.org:s3cr%C3%A9t@mail.club.org", "")
    assert (found["EMAIL_HOST_USER"], found["EMAIL_HOST_PASSWORD"]) == ("huche@club.org", "s3crét")


def test_an_unknown_scheme_is_refused_in_words():
    with pytest.raises(ImproperlyConfigured, match="smtp:// .*smtps:// .*console://"):
        _email_settings("imap://mail.club.org", "")
