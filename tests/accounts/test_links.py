"""Finding 9 of issue 22: wrong PINs sent at once. Every request loaded the link before any of
them counted its failure, so each saw it unlocked and compared its PIN (8 of 25 were compared,
not 5). Issue 33: then 30 right PINs at once got 10 false "locked", each having counted an
attempt before comparing. The checks of one link now run one at a time under its row's lock
and only wrong PINs count: at most 5 wrong PINs are ever compared, a right PIN arriving after
the lock is refused, and right PINs sent together all open the link."""

from __future__ import annotations

import os
import threading
from unittest import mock

import pytest
from django.db import connection, connections

from accounts import links
from accounts.links import MAX_FAILED_ATTEMPTS, check_pin
from accounts.models import CaptainLink
from tests.conftest import link_of


def wrong(pin: str) -> str:
    return "000000" if pin != "000000" else "111111"


class Comparisons:
    """Counts the PINs actually compared (``hmac.compare_digest`` in accounts.links)."""

    def __init__(self):
        self.count = 0
        self.lock = threading.Lock()
        self.real = links.hmac.compare_digest

    def __call__(self, a, b):
        with self.lock:
            self.count += 1
        return self.real(a, b)


def test_requests_that_loaded_the_link_before_it_locked_compare_no_more_pins(event):
    """The race replayed one request after another: 25 requests all read the link while it
    was unlocked (as concurrent requests do), then each checks its PIN."""
    link = link_of(event.teams.first())
    stale = [CaptainLink.objects.get(pk=link.pk) for _ in range(25)]
    spy = Comparisons()
    with mock.patch.object(links.hmac, "compare_digest", spy):
        answers = [check_pin(copy, wrong(link.pin)) for copy in stale[:24]]
        right = check_pin(stale[24], link.pin)
    assert spy.count == MAX_FAILED_ATTEMPTS
    assert [a.attempts_left for a in answers[:4]] == [4, 3, 2, 1]
    assert all(a.locked and not a.ok for a in answers[4:])
    # The right PIN, guessed after the lock by a request that read the link before it: refused.
    assert not right.ok and right.locked
    assert CaptainLink.objects.get(pk=link.pk).locked_until is not None


def test_after_the_lockout_one_pin_per_lockout_is_compared_and_the_right_one_unlocks(event):
    link = link_of(event.teams.first())
    for _ in range(MAX_FAILED_ATTEMPTS):
        check_pin(CaptainLink.objects.get(pk=link.pk), wrong(link.pin))
    CaptainLink.objects.filter(pk=link.pk).update(locked_until=None)  # the 15 minutes passed
    assert check_pin(CaptainLink.objects.get(pk=link.pk), wrong(link.pin)).locked
    CaptainLink.objects.filter(pk=link.pk).update(locked_until=None)
    assert check_pin(CaptainLink.objects.get(pk=link.pk), link.pin).ok
    fresh = CaptainLink.objects.get(pk=link.pk)
    assert (fresh.failed_attempts, fresh.locked_until) == (0, None)
    assert check_pin(fresh, wrong(link.pin)).attempts_left == MAX_FAILED_ATTEMPTS - 1


def needs_postgres() -> None:
    if connection.vendor != "postgresql":
        if os.environ.get("DATABASE_URL", "").startswith("postgres"):
            pytest.fail("DATABASE_URL says PostgreSQL but the connection is not")
        pytest.skip("needs PostgreSQL (set DATABASE_URL): SQLite serialises all writes")


def at_once(link: CaptainLink, pins: list[str]) -> list:
    """Each PIN checked by its own thread, all released together, each with the link as it
    read it before any of them counted (as concurrent requests do); their answers."""
    barrier = threading.Barrier(len(pins))
    errors, answers = [], []

    def attempt(pin):
        try:
            copy = CaptainLink.objects.get(pk=link.pk)
            barrier.wait(timeout=10)
            answers.append(check_pin(copy, pin))
        except Exception as exc:  # reported below
            errors.append(exc)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=attempt, args=(pin,)) for pin in pins]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert not errors, errors
    assert len(answers) == len(pins)
    return answers


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_25_wrong_pins_at_once_compare_at_most_5(event):
    needs_postgres()
    link = link_of(event.teams.first())
    spy = Comparisons()
    with mock.patch.object(links.hmac, "compare_digest", spy):
        answers = at_once(link, [wrong(link.pin)] * 25)
    assert not any(a.ok for a in answers)
    assert spy.count <= MAX_FAILED_ATTEMPTS
    assert CaptainLink.objects.get(pk=link.pk).locked_until is not None


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_30_right_pins_at_once_all_open_the_link(event):
    """Issue 33, part 8: 30 requests sending the right PIN at once (phones, double taps on a
    slow network) got 10 false "locked for 15 minutes": each counted an attempt before
    comparing, so five right PINs in flight locked the link. Now none is told "locked"."""
    needs_postgres()
    link = link_of(event.teams.first())
    answers = at_once(link, [link.pin] * 30)
    assert [a.locked for a in answers] == [False] * 30
    assert all(a.ok for a in answers)
    fresh = CaptainLink.objects.get(pk=link.pk)
    assert (fresh.failed_attempts, fresh.locked_until) == (0, None)


def _synchronous_commit() -> str:
    with connection.cursor() as cursor:
        cursor.execute("SHOW synchronous_commit")
        return cursor.fetchone()[0]


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_right_pin_never_makes_the_callers_transaction_less_durable(event):
    """Issue 54: a right PIN on a clean link commits its lock without waiting for the disk,
    in its own transaction only. Checked inside a caller's transaction (which may hold a
    result), that transaction's commit still waits for the disk; a wrong PIN is counted
    durably as before."""
    needs_postgres()
    from django.db import transaction

    link = link_of(event.teams.first())
    with transaction.atomic():
        assert check_pin(link, link.pin).ok
        assert _synchronous_commit() == "on"
    assert not check_pin(link, wrong(link.pin)).ok
    assert check_pin(link, link.pin).ok  # the wrong one counted, then cleared by the right one
    fresh = CaptainLink.objects.get(pk=link.pk)
    assert (fresh.failed_attempts, fresh.locked_until) == (0, None)
