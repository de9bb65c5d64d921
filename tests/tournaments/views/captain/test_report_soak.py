"""Soak: 50 captains' reports sent through a loopback relay that drops requests and answers on
a seeded schedule, each phone replaying report.js's protocol (the same idempotency key until an
answer arrives). 50 stored, 0 duplicated, 0 lost; bounded in tries and time."""

from __future__ import annotations

import http.client
import random
import secrets
import socket
import threading
import time
from importlib import import_module

import pytest
from django.conf import settings

from accounts.unlock import remember
from tests.conftest import link_of
from tournaments.models import Report
from tournaments.seating import rounds as seating

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]

REPORTS = 50
SEED = 24
MAX_TRIES = 40  # per report: 0.65 ** 40 is the chance of never getting through
DEADLINE = 60  # seconds for the whole soak


class FaultyRelay(threading.Thread):
    """A loopback relay to Huche: per connection, as the seeded schedule says, the request is
    dropped (never reaches Huche), its answer is lost (Huche stores, the phone hears nothing),
    or it goes through."""

    def __init__(self, server: tuple[str, int], seed: int):
        super().__init__(daemon=True)
        self.server, self.fates = server, random.Random(seed)
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.counts = {"drop": 0, "lose": 0, "pass": 0}

    def run(self):
        while True:
            try:
                phone, _ = self.listener.accept()
            except OSError:
                return
            with phone:
                self.relay(phone, self.fates.choices(["drop", "lose", "pass"], [3, 3, 4])[0])

    def relay(self, phone: socket.socket, fate: str) -> None:
        request = read_request(phone)
        self.counts[fate] += 1
        if fate == "drop":
            return  # closed: the request never left the hall
        with socket.create_connection(self.server) as huche:
            huche.sendall(request)
            answer = read_all(huche)
        if fate == "pass":
            phone.sendall(answer)

    def close(self):
        self.listener.close()


def read_request(sock: socket.socket) -> bytes:
    data = b""
    while b"\r\n\r\n" not in data:
        data += sock.recv(65536)
    head, _, body = data.partition(b"\r\n\r\n")
    length = next(
        int(line.split(b":")[1])
        for line in head.split(b"\r\n")
        if line.lower().startswith(b"content-length:")
    )
    while len(body) < length:
        body += sock.recv(65536)
    return head + b"\r\n\r\n" + body


def read_all(sock: socket.socket) -> bytes:
    chunks = []
    while chunk := sock.recv(65536):
        chunks.append(chunk)
    return b"".join(chunks)


def phone_session(link) -> str:
    """A session that has entered the link's PIN, as the captain's phone has."""
    store = import_module(settings.SESSION_ENGINE).SessionStore()
    remember(store, link)
    store.save()
    return store.session_key


def send_until_answered(port: int, path: str, cookie: str, csrf: str, body: str) -> dict:
    """report.js's loop: the same request (same key) again until Huche's answer arrives."""
    import json

    for _ in range(MAX_TRIES):
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
        try:
            connection.request(
                "POST",
                path,
                body=body,
                headers={
                    "Accept": "application/json",
                    "Content-Type": "application/x-www-form-urlencoded",
                    "Cookie": cookie,
                    "X-CSRFToken": csrf,
                    "Connection": "close",
                },
            )
            response = connection.getresponse()
            return {"status": response.status, **json.loads(response.read())}
        except (OSError, http.client.HTTPException):
            continue  # no answer: try again with the very same report
        finally:
            connection.close()
    raise AssertionError(f"{path}: no answer after {MAX_TRIES} tries")


def test_fifty_reports_through_dropped_requests_and_answers(live_server, make_event, organizer):
    event = make_event(REPORTS * 2, name="Grand tournoi")
    games = list(
        seating.seat_next_round(event, organizer).games.filter(team_b__isnull=False)[:REPORTS]
    )
    assert len(games) == REPORTS
    host, port = live_server.thread.host, live_server.thread.port
    relay = FaultyRelay((host, port), SEED)
    relay.start()
    scores = random.Random(SEED)
    started = time.monotonic()
    answers = {}
    try:
        for game in games:
            link = link_of(game.team_a)
            csrf = secrets.token_hex(16)  # the page's CSRF secret, as in the cookie
            cookie = f"{settings.SESSION_COOKIE_NAME}={phone_session(link)}; csrftoken={csrf}"
            loser = scores.randint(60, 120)
            body = f"mode=final&score_us=121&score_them={loser}&idempotency_key={secrets.token_hex(16)}"
            answers[game.pk] = (
                loser,
                send_until_answered(
                    relay.port, f"/c/{link.token}/games/{game.pk}/", cookie, csrf, body
                ),
            )
            assert time.monotonic() - started < DEADLINE
    finally:
        relay.close()

    assert relay.counts["drop"] > 10 and relay.counts["lose"] > 10  # the schedule did bite
    assert all(answer["state"] == "received" for _, answer in answers.values())
    stored = Report.objects.filter(game__in=games)
    assert stored.count() == REPORTS  # 50 stored: none lost, none twice
    for game in games:
        report = stored.get(game=game)
        assert (report.score_a, report.score_b) == (121, answers[game.pk][0])
        assert answers[game.pk][1]["number"]
    # Some answers were lost after the report was stored: their retries stored nothing new.
    assert sum(not answer["created"] for _, answer in answers.values()) > 0
