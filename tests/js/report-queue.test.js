/* The captain's queue of scores (static/huche/report-queue.js), with node's own test runner:
 * `node --test tests/js/` (run by `make test`). A score typed on the phone is queued, sent again
 * with the same key until the server answers, replayed once, and leaves the phone only when
 * received, when the captain leaves, or when the link was replaced (then the page is told
 * which score went). */
"use strict";

const test = require("node:test");
const assert = require("node:assert/strict");
const { Queue, Sender, typedScore, unsent, FIRST_RETRY, LAST_RETRY } =
  require("../../static/huche/report-queue.js");

/* localStorage as the browser has it: strings only, key(i) and length. */
class Storage {
  constructor() { this.items = new Map(); }
  get length() { return this.items.size; }
  key(i) { return [...this.items.keys()][i] ?? null; }
  getItem(name) { return this.items.has(name) ? this.items.get(name) : null; }
  setItem(name, value) { this.items.set(name, String(value)); }
  removeItem(name) { this.items.delete(name); }
}

/* Timers the test fires by hand: nothing waits for real time. */
class Clock {
  constructor() { this.pending = new Map(); this.next = 1; this.delays = []; }
  setTimeout(fn, ms) { const id = this.next++; this.pending.set(id, fn); this.delays.push(ms); return id; }
  clearTimeout(id) { this.pending.delete(id); }
  random() { return 0; }
  fire() {
    const [id, fn] = [...this.pending.entries()][0];
    this.pending.delete(id);
    return fn();
  }
}

/* A server that answers what the test says, and counts what it was sent. */
function server(...answers) {
  const sent = [];
  const post = (queued) => {
    sent.push(queued);
    const answer = answers.length > 1 ? answers.shift() : answers[0];
    return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
  };
  return { post, sent };
}

const FINAL = { score_us: "121", score_them: "60" };
const RECEIVED = { state: "received", number: "K7Q2-M4" };
const OFFLINE = { state: "retry", reason: "offline" };

function setUp(answers, { team = 7, link = 31, game = 12 } = {}) {
  const storage = new Storage();
  const queue = new Queue(storage, team, link);
  const clock = new Clock();
  const srv = server(...answers);
  const shown = [];
  const sender = new Sender(queue, game, srv.post, (state, answer, dropped) => {
    shown.push({ state, answer, dropped });
  }, clock);
  return { storage, queue, clock, srv, shown, sender, game };
}

test("a score sent is queued on the phone with its key before anything goes out", () => {
  const { storage, queue, game } = setUp([RECEIVED]);
  queue.enqueue(game, "final", FINAL, "key-1");
  const kept = JSON.parse(storage.getItem("huche.report.t7.g12"));
  assert.deepEqual(kept.queued.fields, FINAL);
  assert.equal(kept.queued.key, "key-1");
  assert.equal(kept.link, "31");
  assert.ok(unsent(kept));
});

test("no answer: still queued, sent again with the same key, backing off to a minute", async () => {
  const { queue, clock, srv, shown, sender, game } = setUp([OFFLINE, new Error("network"), OFFLINE, RECEIVED]);
  queue.enqueue(game, "final", FINAL, "key-1");
  await sender.now();
  assert.equal(shown.at(-1).state, "waiting");
  assert.ok(queue.load(game).queued, "kept until the server answers");
  await clock.fire();  // a fetch that threw is no answer either
  await clock.fire();
  await clock.fire();
  assert.deepEqual(srv.sent.map((q) => q.key), ["key-1", "key-1", "key-1", "key-1"]);
  assert.deepEqual(clock.delays, [FIRST_RETRY, 2 * FIRST_RETRY, 4 * FIRST_RETRY]);
  assert.equal(shown.at(-1).state, "received");
  assert.equal(queue.load(game), null, "forgotten once received");
});

test("the back-off stops growing at a minute", async () => {
  const { queue, clock, sender, game } = setUp([OFFLINE]);
  queue.enqueue(game, "final", FINAL, "key-1");
  await sender.now();
  for (let i = 0; i < 8; i += 1) await clock.fire();
  assert.equal(Math.max(...clock.delays), LAST_RETRY);
});

test("replayed once: a double tap, the online event and a timer together send it once", async () => {
  const { queue, clock, srv, sender, game } = setUp([RECEIVED]);
  queue.enqueue(game, "final", FINAL, "key-1");
  const first = sender.now();
  assert.equal(sender.now(), null);  // a double tap while it is in flight
  assert.equal(sender.now(), null);  // the "online" event
  await first;
  await sender.now();  // a timer or the next page load after it was received
  assert.equal(clock.pending.size, 0);
  assert.equal(srv.sent.length, 1);
});

test("a refusal in words keeps the score on the phone, with the reason", async () => {
  const refused = { state: "refused", code: "finished", message: "The event is closed.", field: null };
  const { queue, shown, sender, game } = setUp([refused]);
  queue.enqueue(game, "final", FINAL, "key-1");
  await sender.now();
  const draft = queue.load(game);
  assert.equal(shown.at(-1).state, "refused");
  assert.equal(draft.queued, null);  // not sent again by itself
  assert.deepEqual(draft.fields.final, FINAL);  // but kept, to show an official
  assert.equal(draft.refused.code, "finished");
});

test("a sheet refused for several mistakes keeps each one, to mark every box again", async () => {
  const errors = [
    { field: "d1-h1", message: "Deal 1, hand 1: a count of 19 is impossible." },
    { field: "d1-h2", message: "Deal 1, hand 2: a count of 26 is impossible." },
  ];
  const refused = { state: "refused", code: "count_impossible", message: "2 mistakes.", field: "d1-h1", errors };
  const { queue, sender, game } = setUp([refused]);
  queue.enqueue(game, "sheet", { "d1-h1": "19", "d1-h2": "26" }, "key-1");
  await sender.now();
  assert.deepEqual(queue.load(game).refused.errors, errors);  // shown again after a reload
});

test("the PIN to type again: the report stays queued and goes at the next page load", async () => {
  const pin = { state: "refused", code: "pin", message: "This phone must enter the PIN again." };
  const { queue, clock, srv, shown, sender, game } = setUp([pin, RECEIVED]);
  queue.enqueue(game, "final", FINAL, "key-1");
  await sender.now();
  assert.equal(shown.at(-1).state, "refused");
  assert.equal(clock.pending.size, 0);  // not sent again and again meanwhile
  assert.deepEqual(queue.load(game).queued.fields, FINAL);
  await sender.now();  // the captains' games, once the PIN is typed
  assert.deepEqual(srv.sent.map((q) => q.key), ["key-1", "key-1"]);
  assert.equal(queue.load(game), null);
});

test("the link was replaced: the score is dropped and the page is told which", async () => {
  const gone = { state: "refused", code: "link_gone", message: "This link no longer works." };
  const { queue, shown, sender, game } = setUp([gone]);
  queue.enqueue(game, "final", FINAL, "key-1");
  await sender.now();
  assert.equal(queue.load(game), null);
  const last = shown.at(-1);
  assert.equal(last.state, "dropped");
  assert.equal(typedScore(last.dropped), "121 – 60");
});

test("opened with the new slip's link, what the old link typed is dropped and listed", () => {
  const storage = new Storage();
  const old = new Queue(storage, 7, 31);
  old.enqueue(12, "final", FINAL, "key-1");
  old.keep(13, "final", { score_us: "90" }, "key-2");
  new Queue(storage, 8, 40).enqueue(12, "final", { score_us: "60", score_them: "121" }, "key-3");
  const fresh = new Queue(storage, 7, 32);
  const dropped = fresh.adopt();
  assert.deepEqual(dropped.map((d) => d.game).sort(), ["12", "13"]);
  assert.deepEqual(fresh.games(), []);
  assert.deepEqual(new Queue(storage, 8, 40).games(), ["12"]);  // another team's: untouched
});

test("a draft of the previous report.js (no link recorded) stays with its team", () => {
  const storage = new Storage();
  storage.setItem("huche.report.t7.g12", JSON.stringify({ fields: { final: FINAL }, key: "k" }));
  const queue = new Queue(storage, 7, 32);
  assert.deepEqual(queue.adopt(), []);
  assert.equal(queue.load(12).link, "32");
});

test("the captain leaves: the team's scores go, and the unsent ones are listed first", () => {
  const storage = new Storage();
  const queue = new Queue(storage, 7, 31);
  queue.enqueue(12, "final", FINAL, "key-1");
  queue.keep(13, "sheet", { "d1-peg_us": "4" }, "key-2");
  const other = new Queue(storage, 9, 50);
  other.enqueue(12, "final", { score_us: "60", score_them: "121" }, "key-3");
  assert.equal(queue.unsent().length, 2);
  const gone = queue.leave();
  assert.deepEqual(gone.map((g) => g.game).sort(), ["12", "13"]);
  assert.equal(typedScore(gone.find((g) => g.game === "12").draft), "121 – 60");
  assert.equal(typedScore(gone.find((g) => g.game === "13").draft), "");  // a sheet: said in words
  assert.deepEqual(queue.games(), []);
  assert.deepEqual(other.games(), ["12"]);  // the other captain's queue stays on the phone
});

test("a queued report is not sent after the captain left, nor after it was taken back", async () => {
  const { queue, srv, sender, game } = setUp([RECEIVED]);
  queue.enqueue(game, "final", FINAL, "key-1");
  queue.leave();
  assert.equal(sender.now(), null);
  queue.enqueue(game, "final", FINAL, "key-1");
  queue.unqueue(game, "key-2");  // "Change the score": a new report, a new key
  assert.equal(sender.now(), null);
  assert.equal(queue.load(game).key, "key-2");
  assert.equal(srv.sent.length, 0);
});

test("typing keeps a draft; emptying every field forgets it", () => {
  const storage = new Storage();
  const queue = new Queue(storage, 7, 31);
  queue.keep(12, "final", { score_us: "12" }, "key-1");
  assert.deepEqual(queue.load(12).fields.final, { score_us: "12" });
  queue.keep(12, "final", {}, "key-1");
  assert.equal(queue.load(12), null);
});

test("what was sent is not changed by typing while it waits", () => {
  const storage = new Storage();
  const queue = new Queue(storage, 7, 31);
  queue.enqueue(12, "final", FINAL, "key-1");
  queue.keep(12, "final", { score_us: "1" }, "key-1");
  assert.deepEqual(queue.load(12).queued.fields, FINAL);
});
