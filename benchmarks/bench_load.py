"""Under load: ``.venv/bin/python -m benchmarks bench_load`` (part of ``make bench``).

Serves Huche with gunicorn on a free loopback port, production-like (``DEBUG=0``, PostgreSQL,
Redis cache and broker, persistent database connections, manifest static files; only the HTTPS
redirect and HSTS are off, plain HTTP on loopback), against the benchmark database that
``bench_web`` built (the 1,000-team event, seed 42, or ``--teams``; built here if absent). Then,
from other processes on loopback:

1. wrk, bounded (``--seconds``, default ``LOAD_SECONDS``, each, twice, alternating): the
   liveness view ``/healthz/live`` (no database, no cache: the trivial Django view) and the
   public standings page of the 1,000-team event (results released). Requests per second,
   p50/p95/p99 latency, and the throughput ratio standings / trivial.
2. 500 score submissions (``--tables``: 250 tables) through the API with the captains' links
   and PINs (``X-Captain-Link``/``X-Captain-Pin``): a new round is seated (500 tables) and both
   captains of 250 tables report the same score, all released at once from 250 threads of a
   separate client process; then 50 of them are sent again with the same idempotency key (a
   phone retrying). Checked in the database: every report stored exactly once, none lost, every
   one of the 250 games confirmed by the two captains' agreement; no 5xx. p50/p95/p99 latency.
3. The same with the other 250 tables of that round while phones read the standings page
   (open loop, ``PHONES_PER_SECOND`` views a second: 600 phones refreshing every 30 s): the
   submissions' figures again, and the views' latency while every confirmation changes the
   standings.

4. ``--servers 2`` (the default; the quick mode measures one): a second gunicorn beside the
   first, wrk on both standings pages at once, against the one server's throughput.

No Celery worker runs: the standings refresh that each confirmed result schedules is queued in
Redis (database 5, emptied at the end); pages compute what they miss.

A submission lost, stored twice, unconfirmed or answered with a 5xx, an error status under wrk,
or a client that never finishes raises :class:`BenchmarkError` once everything is printed and
the server stopped. Requests the client gave up on after 60 s are printed as overload (the
machine's, usually: its load average is printed) and each is still checked stored once.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

from benchmarks import BenchmarkError, webenv

LOAD_SECONDS = int(os.environ.get("HUCHE_BENCH_LOAD_SECONDS", "10"))
CONNECTIONS = 32
WORKERS, THREADS = 3, 4
GAMES_SUBMITTED = 250
CONCURRENT = 250
RETRIES = 50
PHONES_PER_SECOND = 20
CLIENT_SECONDS = 180
QUICK = [
    "--teams",
    "30",
    "--rounds",
    "2",
    "--seconds",
    "2",
    "--tables",
    "7",
    "--phones",
    "5",
    "--servers",
    "1",
]

WRK_SCRIPT = """
done = function(summary, latency, requests)
  io.write(string.format(
    '{"requests": %d, "seconds": %.3f, "p50": %d, "p95": %d, "p99": %d, "errors_status": %d,'
    .. ' "errors_other": %d}\\n',
    summary.requests, summary.duration / 1e6, latency:percentile(50), latency:percentile(95),
    latency:percentile(99), summary.errors.status,
    summary.errors.connect + summary.errors.read + summary.errors.write
    + summary.errors.timeout))
end
"""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def server_env(base: dict, port: int) -> dict:
    env = {k: v for k, v in os.environ.items() if k != "HUCHE_TESTING"}
    env.update({k: v for k, v in base.items() if v})
    env.update(
        {
            "DEBUG": "0",
            "SECRET_KEY": "bench-only-" + "x" * 40,
            "ALLOWED_HOSTS": "127.0.0.1",
            "SECURE_SSL_REDIRECT": "0",
            "SECURE_HSTS_SECONDS": "0",
            "DB_CONN_MAX_AGE": "60",
            "LOG_LEVEL": "ERROR",
            "DJANGO_SETTINGS_MODULE": "config.settings",
        }
    )
    return env


def start_gunicorn(env: dict, port: int) -> subprocess.Popen:
    subprocess.run(
        [sys.executable, "manage.py", "collectstatic", "--noinput", "-v0"],
        cwd=webenv.ROOT,
        env=env,
        check=True,
    )
    gunicorn = Path(sys.executable).with_name("gunicorn")
    proc = subprocess.Popen(
        [
            str(gunicorn),
            "config.wsgi:application",
            "--bind",
            f"127.0.0.1:{port}",
            "--workers",
            str(WORKERS),
            "--threads",
            str(THREADS),
            "--worker-class",
            "gthread",
            "--backlog",
            "2048",
            "--log-level",
            "warning",
            "--timeout",
            "60",
        ],
        cwd=webenv.ROOT,
        env=env,
        start_new_session=True,
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz/live", timeout=2):
                return proc
        except OSError:
            if proc.poll() is not None:
                raise RuntimeError("gunicorn exited at start") from None
            time.sleep(0.3)
    stop(proc)
    raise RuntimeError("gunicorn did not answer within 30 s")


def stop(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()


def write_script() -> Path:
    with tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False) as f:
        f.write(WRK_SCRIPT)
    return Path(f.name)


def wrk_result(out: str) -> dict:
    data = json.loads(next(x for x in out.splitlines() if x.startswith("{")))
    data["rps"] = data["requests"] / data["seconds"]
    return data


def wrk(url: str, script: Path, seconds: int) -> dict:
    return wrk_result(
        subprocess.run(
            [
                "wrk",
                "-t2",
                f"-c{CONNECTIONS}",
                f"-d{seconds}s",
                "--timeout",
                "10s",
                "-H",
                "Accept-Language: fr-ca",
                "-s",
                str(script),
                url,
            ],
            capture_output=True,
            text=True,
            timeout=seconds + 60,
            check=True,
        ).stdout
    )


def read_load(port: int, slug: str, teams: int, seconds: int) -> list[str]:
    """wrk on the trivial view and the standings page; the problems found (none: [])."""
    if shutil.which("wrk") is None:
        print(
            "wrk is not installed: the throughput part is skipped. Install it with "
            "'apt-get install -y wrk' (Debian) and run make bench again."
        )
        return []
    live, page = (
        f"http://127.0.0.1:{port}/healthz/live",
        f"http://127.0.0.1:{port}/e/{slug}/standings/",
    )
    with urllib.request.urlopen(page, timeout=60) as response:  # fill the cache once
        body = response.read()
    assert b'class="standings"' in body, "the standings page does not show the table"
    script = write_script()
    big = f"standings page, {teams:,} teams"
    runs: dict[str, list[dict]] = {"trivial view /healthz/live": [], big: []}
    small = f"http://127.0.0.1:{port}/e/{webenv.slug_for(10)}/standings/"
    try:
        for _ in range(2):
            for name, url in zip(runs, (live, page), strict=True):
                runs[name].append(wrk(url, script, seconds))
        if teams != 10:
            with urllib.request.urlopen(small, timeout=60):  # exists when bench_web built it
                runs["standings page, 10 teams"] = [wrk(small, script, seconds)]
    except urllib.error.HTTPError:
        pass
    finally:
        script.unlink()
    print(
        f"wrk: 2 threads, {CONNECTIONS} connections, {seconds} s per run (the first two "
        f"pages twice, alternating); gunicorn {WORKERS} workers × {THREADS} threads (gthread); "
        f"standings page {len(body) / 1024:.0f} KB"
    )
    print(f"{'':<30}{'req/s':>9}{'p50 ms':>9}{'p95 ms':>9}{'p99 ms':>9}{'errors':>8}")
    best = {}
    for name, results in runs.items():
        for r in results:
            print(
                f"{name:<30}{r['rps']:>9.0f}{r['p50'] / 1000:>9.1f}{r['p95'] / 1000:>9.1f}"
                f"{r['p99'] / 1000:>9.1f}{r['errors_status'] + r['errors_other']:>8}"
            )
        best[name] = statistics.mean(r["rps"] for r in results)
    trivial, standings = best["trivial view /healthz/live"], best[big]
    print(
        f"throughput ratio standings / trivial view: {standings / trivial:.2f} "
        f"(trivial is {trivial / standings:.2f} × the standings page; aim ≤ 2 ×)"
    )
    if "standings page, 10 teams" in best:
        print(
            f"standings page {teams:,} teams / 10 teams throughput: "
            f"{standings / best['standings page, 10 teams']:.2f}"
        )
    FIGURES["standings"] = standings
    failed = [name for name, results in runs.items() if any(r["errors_status"] for r in results)]
    return [f"wrk saw error statuses from the {name}" for name in failed]


FIGURES: dict[str, float] = {}  # the standings' throughput with one server, for two_servers


def two_servers(env: dict, slug: str, seconds: int) -> list[str]:
    """A second gunicorn beside the first (the same workers, the same database and Redis: how
    Huche scales out, README "Scaling"): wrk on the standings page of both at once, half the
    connections each, against the one server's figure of the same run."""
    if shutil.which("wrk") is None or "standings" not in FIGURES:
        return []
    ports = [free_port(), free_port()]
    procs = [start_gunicorn(server_env(env, port), port) for port in ports]
    script = write_script()
    try:
        runs = [
            subprocess.Popen(
                [
                    "wrk",
                    "-t1",
                    f"-c{CONNECTIONS // 2}",
                    f"-d{seconds}s",
                    "--timeout",
                    "10s",
                    "-H",
                    "Accept-Language: fr-ca",
                    "-s",
                    str(script),
                    f"http://127.0.0.1:{port}/e/{slug}/standings/",
                ],
                stdout=subprocess.PIPE,
                text=True,
            )
            for port in ports
        ]
        results = [wrk_result(run.communicate(timeout=seconds + 60)[0]) for run in runs]
    finally:
        script.unlink()
        for proc in procs:
            stop(proc)
    both = sum(r["rps"] for r in results)
    one = FIGURES["standings"]
    print(
        f"two web servers ({WORKERS} workers × {THREADS} threads each) on this machine: "
        f"{both:.0f} req/s on the standings page against {one:.0f} for one: "
        f"{both / one:.2f} × (the same cores: a second server pays on a second machine)"
    )
    return [
        f"wrk saw error statuses from server {i + 1} of 2"
        for i, r in enumerate(results)
        if r["errors_status"]
    ]


# --- 500 submissions ----------------------------------------------------------------------------


def prepare_submissions(slug: str, part: int, tables: int) -> tuple[list[dict], list[int]]:
    """Both captains' reports of ``tables`` tables (250): part 0 seats a new round and takes its
    first 250 tables, part 1 the next 250 of the same round."""
    from accounts.models import CaptainLink, User
    from tournaments.events.creation import set_number_of_games
    from tournaments.management.commands.generate_event import OFFICIAL_EMAIL, fadoq_score
    from tournaments.models import Event
    from tournaments.seating import rounds as seating

    event = Event.objects.get(slug=slug)
    official = User.objects.get(email=OFFICIAL_EMAIL)
    if part == 0:
        played = event.rounds.count()
        if event.number_of_games <= played:
            set_number_of_games(event, official, played + 1)
        seating.seat_next_round(event, official, force=True)  # a rerun: earlier tables open
    round_ = seating.current_round(event)
    assert round_ is not None, "a round was just seated"
    games = list(
        round_.games.filter(team_b__isnull=False).order_by("table")[
            part * tables : (part + 1) * tables
        ]
    )
    links = {
        link.team_id: link
        for link in CaptainLink.objects.filter(team__event=event, revoked_at__isnull=True)
    }
    rng = random.Random(webenv.SEED)
    jobs = []
    for game in games:
        score_a, score_b = fadoq_score(rng)
        for team_id in (game.team_a_id, game.team_b_id):
            assert team_id is not None, "byes were left out of the games"
            link = links[team_id]
            jobs.append(
                {
                    "game": game.pk,
                    "token": link.token,
                    "pin": link.pin,
                    "body": {
                        "kind": "final",
                        "score_a": score_a,
                        "score_b": score_b,
                        "idempotency_key": f"bench-{game.pk}-{team_id}",
                    },
                }
            )
    rng.shuffle(jobs)
    return jobs, [g.pk for g in games]


def post(port: int, job: dict) -> tuple[int, float]:
    return timed(
        urllib.request.Request(
            f"http://127.0.0.1:{port}/api/v1/games/{job['game']}/reports/",
            data=json.dumps(job["body"]).encode(),
            method="POST",
            headers={
                "Content-Type": "application/json",
                "Accept-Language": "en",
                "X-Captain-Link": job["token"],
                "X-Captain-Pin": job["pin"],
            },
        )
    )


def get(url: str) -> tuple[int, float]:
    return timed(urllib.request.Request(url, headers={"Accept-Language": "fr-ca"}))


def timed(request: urllib.request.Request) -> tuple[int, float]:
    """The answer's status (0: no answer) and how long it took, in seconds."""
    start = time.perf_counter()
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            response.read()
            status = response.status
    except urllib.error.HTTPError as exc:
        status = exc.code
    except OSError:
        status = 0
    return status, time.perf_counter() - start


def phones(url: str, rate: float, stop: threading.Event, results: list) -> None:
    """Open-loop readers: one GET every 1/rate s whatever the answers' speed (a hall of
    phones refreshing on their own clocks), each in its own thread."""
    threads, due = [], time.perf_counter()
    while not stop.is_set():
        thread = threading.Thread(target=lambda: results.append(get(url)))
        thread.start()
        threads.append(thread)
        due += 1 / rate
        time.sleep(max(0.0, due - time.perf_counter()))
    for thread in threads:
        thread.join()


def client_main(port: int, jobs_file: str, readers: str = "") -> None:
    """The second process: every job at once from ``CONCURRENT`` threads, then the retries;
    with ``readers`` ("URL RATE"), phones read that page meanwhile."""
    jobs = json.loads(Path(jobs_file).read_text())
    reads: list[tuple[int, float]] = []
    stop = threading.Event()
    reader = None
    if readers:
        url, rate = readers.split()
        reader = threading.Thread(target=phones, args=(url, float(rate), stop, reads))
        reader.start()
    results: list[tuple[int, float] | None] = [None] * len(jobs)
    gate = threading.Barrier(min(CONCURRENT, len(jobs)))
    lock = threading.Lock()
    queue = list(range(len(jobs)))

    def worker():
        gate.wait()
        while True:
            with lock:
                if not queue:
                    return
                i = queue.pop()
            results[i] = post(port, jobs[i])

    started = time.perf_counter()
    threads = [threading.Thread(target=worker) for _ in range(min(CONCURRENT, len(jobs)))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    wall = time.perf_counter() - started
    stop.set()
    if reader is not None:
        reader.join()
    retried = [post(port, job) for job in random.Random(1).sample(jobs, min(RETRIES, len(jobs)))]
    print(json.dumps({"first": results, "retries": retried, "wall": wall, "reads": reads}))


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def submissions(
    port: int, slug: str, part: int = 0, readers_rate: float = 0, tables: int = GAMES_SUBMITTED
) -> list[str]:
    """Send 500 submissions and check them; with ``readers_rate``, phones read the standings
    page meanwhile, that many requests per second (a hall while the captains report).
    Returns the problems found (none: [])."""
    from collections import Counter

    from django.db import connections

    from tournaments.models import Event, Game, Report

    jobs, game_ids = prepare_submissions(slug, part, tables)
    version_before = Event.objects.get(slug=slug).version
    connections.close_all()
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(jobs, f)
    command = [sys.executable, "-m", "benchmarks.bench_load", "--client", str(port), f.name]
    if readers_rate:
        command.append(f"http://127.0.0.1:{port}/e/{slug}/standings/ {readers_rate}")
    try:
        out = subprocess.run(
            command,
            cwd=webenv.ROOT,
            capture_output=True,
            text=True,
            timeout=CLIENT_SECONDS,
            check=True,
        ).stdout
    except subprocess.TimeoutExpired:
        print(
            f"  ERROR: the client did not finish within {CLIENT_SECONDS} s (stopped): the "
            "server is overwhelmed"
        )
        return [f"the submissions' client did not finish within {CLIENT_SECONDS} s"]
    finally:
        Path(f.name).unlink()
    data = json.loads(out.strip().splitlines()[-1])
    first, retries = data["first"], data["retries"]
    codes = Counter(status for status, _ in first)
    retry_codes = Counter(status for status, _ in retries)
    latencies = [seconds for _, seconds in first]
    reports = Report.objects.filter(game_id__in=game_ids)
    per_submitter = Counter(reports.values_list("game_id", "by_team_id"))
    keys = set(reports.values_list("idempotency_key", flat=True))
    expected_keys = {job["body"]["idempotency_key"] for job in jobs}
    confirmed = Game.objects.filter(pk__in=game_ids, status=Game.Status.CONFIRMED).count()
    version_after = Event.objects.get(slug=slug).version
    print(
        f"{len(jobs)} submissions (both captains of {len(game_ids)} tables of a new round, "
        f"in random order) from {min(CONCURRENT, len(jobs))} concurrent threads of a second "
        f"process, then {len(retries)} retries with the same idempotency keys"
    )
    print(
        f"  answers: {dict(sorted(codes.items()))} (201 created); retries: "
        f"{dict(sorted(retry_codes.items()))} (200 = already stored)"
    )
    print(
        f"  wall time {data['wall']:.1f} s ({len(jobs) / data['wall']:.0f} submissions/s); "
        f"latency p50 {percentile(latencies, 50) * 1000:.0f} ms, "
        f"p95 {percentile(latencies, 95) * 1000:.0f} ms, "
        f"p99 {percentile(latencies, 99) * 1000:.0f} ms, max {max(latencies) * 1000:.0f} ms"
    )
    stored_once = (
        reports.count() == len(jobs)
        and set(per_submitter.values()) == {1}
        and keys == expected_keys
    )
    answers = codes + retry_codes
    server_errors = sum(n for code, n in answers.items() if code >= 500)
    no_answer = answers[0]  # the client gave up after 60 s: capacity, checked below for loss
    print(
        f"  in the database: {reports.count()} reports for {len(jobs)} submissions, each "
        f"stored exactly once: {'yes' if stored_once else 'NO'}; lost: "
        f"{len(expected_keys - keys)}; games confirmed by agreement: {confirmed}/"
        f"{len(game_ids)}; event version +{version_after - version_before}; "
        f"5xx: {server_errors}; no answer within 60 s: {no_answer}"
    )
    reads = data["reads"]
    if reads:
        times = [seconds for _, seconds in reads]
        ok = sum(1 for status, _ in reads if status == 200)
        print(
            f"  meanwhile {len(reads)} views of the standings page ({readers_rate:g} a second, "
            f"as {readers_rate * 30:.0f} phones refreshing every 30 s): {ok} answered 200; "
            f"p50 {percentile(times, 50) * 1000:.0f} ms, p95 {percentile(times, 95) * 1000:.0f}"
            f" ms, p99 {percentile(times, 99) * 1000:.0f} ms"
        )
    if not stored_once or server_errors or confirmed != len(game_ids):
        print("  ERROR: submissions lost, duplicated or failed")
        return ["score submissions lost, duplicated or failed"]
    if no_answer:
        print(
            f"  OVERWHELMED: {no_answer} requests waited more than 60 s (load average "
            f"{os.getloadavg()[0]:.1f}); each was stored once all the same"
        )
    return []


def ensure_event(slug: str, teams: int, rounds: int) -> None:
    from tournaments.management.commands.generate_event import generate
    from tournaments.models import Event

    if not Event.objects.filter(slug=slug).exists():
        print(f"{slug} is absent: generating it (bench_web builds it otherwise)")
        generate(teams=teams, rounds=rounds, seed=webenv.SEED, slug=slug)


def parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--teams", type=int, default=1000, help="the event's teams (1000)")
    parser.add_argument("--rounds", type=int, default=8, help="its rounds if built here (8)")
    parser.add_argument(
        "--seconds", type=int, default=LOAD_SECONDS, help=f"each wrk run ({LOAD_SECONDS})"
    )
    parser.add_argument(
        "--tables", type=int, default=GAMES_SUBMITTED, help="tables reported per part (250)"
    )
    parser.add_argument(
        "--phones", type=float, default=PHONES_PER_SECOND, help="page views a second (20)"
    )
    parser.add_argument(
        "--servers",
        type=int,
        choices=(1, 2),
        default=2,
        help="also measure two web servers against one (2, the default)",
    )
    return parser


def main(argv: list[str] | None = None) -> None:
    args = parser().parse_args([] if argv is None else argv)
    if 2 * args.tables > args.teams // 2:
        raise ValueError(
            f"--tables {args.tables}: at most {args.teams // 4} for {args.teams} teams"
        )
    env = webenv.configure(fresh=False)
    if not env["DATABASE_URL"].startswith("postgres") or not env["REDIS_URL"]:
        print("The load benchmark needs PostgreSQL and Redis on this machine: skipped.")
        return
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    slug = webenv.slug_for(args.teams)
    ensure_event(slug, args.teams, args.rounds)
    print(webenv.machine(), f"(commit {webenv.git_commit()})")
    port = free_port()
    proc = start_gunicorn(server_env(env, port), port)
    problems = []
    try:
        problems += read_load(port, slug, args.teams, args.seconds)
        if args.servers == 2:
            stop(proc)  # the two servers below have the machine to themselves
            problems += two_servers(env, slug, args.seconds)
            proc = start_gunicorn(server_env(env, port), port)
        print("\nScore submissions, alone:")
        problems += submissions(port, slug, part=0, tables=args.tables)
        print("\nScore submissions while phones read the standings page:")
        problems += submissions(port, slug, part=1, readers_rate=args.phones, tables=args.tables)
    finally:
        stop(proc)
        try:
            import redis

            redis.Redis.from_url(env["REDIS_URL"]).flushdb()
        except Exception as exc:  # cleaning up only
            print(f"(could not empty the benchmark's Redis database: {exc})")
    if problems:
        raise BenchmarkError("; ".join(problems))


if __name__ == "__main__":
    if len(sys.argv) in (4, 5) and sys.argv[1] == "--client":
        client_main(int(sys.argv[2]), sys.argv[3], *sys.argv[4:])
    else:
        main(sys.argv[1:])
