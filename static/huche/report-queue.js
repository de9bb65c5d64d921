/* The captain's queue of scores kept on the phone: the logic of static/huche/report.js without
 * the page, so that node's own test runner checks it (tests/js/report-queue.test.js).
 *
 * A draft is kept per team and game in `storage` (localStorage in the browser) under
 * "huche.report.t<team>.g<game>", never under the link's token. It holds what was typed, and
 * once "Send" was pressed the queued report with its idempotency key. A queued report is sent
 * again with the same key until the server answers, so it is stored once. It leaves the phone
 * only when:
 *   - the server answers "received" (its receipt is shown);
 *   - the captain asks ("Forget this score", or "Not my phone: forget this code" for the team);
 *   - the link it was typed with was replaced (a new slip) or the team withdrew: the server
 *     answers "link_gone", or the page is opened with the new slip's link. It is then dropped
 *     and the page says so, score included: what a lost or stolen slip typed is never sent
 *     through the new one.
 * A refusal in words (a wrong count, a closed event) keeps the draft; "type the PIN again"
 * keeps it queued, to go at the next page load once the PIN is typed.
 * Loaded by the page before report.js (window.HucheReportQueue) and by node (require). */
(function (root, factory) {
  "use strict";
  var api = factory();
  if (typeof module === "object" && module.exports) module.exports = api;
  else root.HucheReportQueue = api;
}(typeof self !== "undefined" ? self : this, function () {
  "use strict";

  var PREFIX = "huche.report.t";
  var FIRST_RETRY = 2000, LAST_RETRY = 60000;

  function typed(fields) { return !!fields && Object.keys(fields).length > 0; }

  /* A draft that holds a score not known to be stored: queued, or typed and not sent. */
  function unsent(draft) {
    return !!draft && (!!draft.queued || typed(draft.fields && draft.fields.final) ||
      typed(draft.fields && draft.fields.sheet));
  }

  /* --- the drafts of one team on this phone ------------------------------------------------ */

  // `storage`: getItem/setItem/removeItem/key/length (localStorage); `link`: the id of the link
  // the page was opened with (a replaced link has another).
  function Queue(storage, team, link) {
    this.storage = storage;
    this.team = String(team);
    this.link = link === undefined || link === null ? "" : String(link);
  }

  Queue.prototype.key = function (game) { return PREFIX + this.team + ".g" + game; };

  Queue.prototype.load = function (game) {
    try { return JSON.parse(this.storage.getItem(this.key(game))); } catch (e) { return null; }
  };

  Queue.prototype.save = function (game, draft, now) {
    draft.savedAt = now === undefined ? Date.now() : now;
    if (this.link) draft.link = this.link;
    try { this.storage.setItem(this.key(game), JSON.stringify(draft)); } catch (e) { /* full */ }
  };

  Queue.prototype.forget = function (game) { this.storage.removeItem(this.key(game)); };

  // The games this team has a draft for on this phone.
  Queue.prototype.games = function () {
    var mine = PREFIX + this.team + ".g", games = [];
    for (var i = 0; i < this.storage.length; i += 1) {
      var name = this.storage.key(i);
      if (name && name.indexOf(mine) === 0) games.push(name.slice(mine.length));
    }
    return games;
  };

  // What is typed for `mode` ("final" or "sheet"), kept as it is typed (not sent).
  Queue.prototype.keep = function (game, mode, fields, key) {
    var draft = this.load(game) || { fields: {}, key: key };
    if (draft.queued) return draft;  // what was sent stays as it was sent
    draft.fields = draft.fields || {};
    draft.fields[mode] = fields;
    if (!typed(draft.fields.final) && !typed(draft.fields.sheet) && !draft.refused) {
      this.forget(game);
      return null;
    }
    this.save(game, draft);
    return draft;
  };

  // "Send": the report is queued with the draft's key until the server answers.
  Queue.prototype.enqueue = function (game, mode, fields, key, now) {
    var draft = this.load(game) || { fields: {}, key: key };
    draft.key = draft.key || key;
    draft.fields = draft.fields || {};
    draft.fields[mode] = fields;
    draft.queued = { mode: mode, fields: fields, key: draft.key, at: now === undefined ? Date.now() : now };
    draft.refused = null;
    this.save(game, draft, now);
    return draft;
  };

  // The queued report taken back to be changed: a new report, with a new key.
  Queue.prototype.unqueue = function (game, key) {
    var draft = this.load(game);
    if (!draft) return null;
    draft.queued = null;
    draft.key = key;
    this.save(game, draft);
    return draft;
  };

  /* The server's answer to a send. Returns what happened: "received" (the draft is gone),
   * "refused" (kept, with the reason), "dropped" (the link was replaced: gone from the phone;
   * `dropped` holds what it was, to say so) or "retry" (no answer: still queued). */
  Queue.prototype.answered = function (game, answer) {
    var draft = this.load(game);
    if (answer.state === "received") {
      this.forget(game);
      return { state: "received" };
    }
    if (answer.state === "refused" && answer.code === "link_gone") {
      this.forget(game);
      return { state: "dropped", dropped: draft };
    }
    if (answer.state === "refused") {
      if (draft) {
        // "pin": this phone must type the PIN again (the day ended, another team's PIN): the
        // report stays queued and goes at the next page load after it. Anything else was
        // refused as it stands: kept, to be corrected or shown to an official.
        if (answer.code !== "pin") draft.queued = null;
        draft.refused = {
          code: answer.code, message: answer.message, field: answer.field, errors: answer.errors,
        };
        this.save(game, draft);
      }
      return { state: "refused" };
    }
    return { state: draft && draft.queued ? "retry" : "idle" };
  };

  /* Drafts typed with a link that has since been replaced (the page is opened with the new
   * slip's link): dropped, and returned so that the page says which scores went. A draft of
   * an older report.js (no link recorded) is this team's: it is kept, with this link. */
  Queue.prototype.adopt = function () {
    var dropped = [];
    this.games().forEach(function (game) {
      var draft = this.load(game);
      if (!draft) return;
      if (draft.link && this.link && draft.link !== this.link) {
        this.forget(game);
        if (unsent(draft)) dropped.push({ game: game, draft: draft });
      } else if (!draft.link && this.link) {
        this.save(game, draft, draft.savedAt);
      }
    }, this);
    return dropped;
  };

  // What "Not my phone: forget this code" would take away: the scores not known to be stored.
  Queue.prototype.unsent = function () {
    return this.games().map(function (game) {
      return { game: game, draft: this.load(game) };
    }, this).filter(function (item) { return unsent(item.draft); });
  };

  // The captain leaves this phone: every draft of the team goes; returns the unsent ones.
  Queue.prototype.leave = function () {
    var gone = this.unsent();
    this.games().forEach(function (game) { this.forget(game); }, this);
    return gone;
  };

  /* --- sending one queued report -------------------------------------------------------- */

  /* Sends `game`'s queued report with `post(queued)` (a promise of the server's answer, or
   * {state: "retry"} when there was none) until the server answers, backing off from 2 s to a
   * minute; `show(state, answer, dropped)` tells the page. One send at a time: a double tap,
   * the "online" event and a timer firing together send it once. `timers`: setTimeout,
   * clearTimeout and random (injected by the tests). */
  function Sender(queue, game, post, show, timers) {
    this.queue = queue;
    this.game = game;
    this.post = post;
    this.show = show;
    this.timers = timers || {
      setTimeout: function (f, ms) { return setTimeout(f, ms); },
      clearTimeout: function (t) { clearTimeout(t); },
      random: Math.random
    };
    this.attempts = 0;
    this.timer = null;
    this.inflight = false;
  }

  Sender.prototype.stop = function () {
    this.timers.clearTimeout(this.timer);
    this.timer = null;
  };

  Sender.prototype.now = function () {
    var self = this;
    self.stop();
    if (self.inflight) return null;
    var draft = self.queue.load(self.game);
    if (!draft || !draft.queued) return null;  // already received (another tab) or changed
    self.inflight = true;
    self.show("sending", {});
    return Promise.resolve().then(function () { return self.post(draft.queued); })
      .catch(function () { return { state: "retry", reason: "offline" }; })
      .then(function (answer) {
        self.inflight = false;
        self.answered(answer || { state: "retry", reason: "offline" });
      });
  };

  Sender.prototype.answered = function (answer) {
    var outcome = this.queue.answered(this.game, answer);
    if (outcome.state === "received" || outcome.state === "dropped") this.attempts = 0;
    if (outcome.state === "received") this.show("received", answer);
    else if (outcome.state === "dropped") this.show("dropped", answer, outcome.dropped);
    else if (outcome.state === "refused") this.show("refused", answer);
    else if (outcome.state === "retry") {
      this.attempts += 1;
      var delay = Math.min(LAST_RETRY, FIRST_RETRY * Math.pow(2, this.attempts - 1));
      this.timer = this.timers.setTimeout(this.now.bind(this), delay + this.timers.random() * 1000);
      this.show("waiting", answer);
    }
  };

  /* The score of a dropped draft, from our side, as the captain typed it ("121 – 60"); the
   * sheet's deals are not summed here: "" then. */
  function typedScore(draft) {
    var fields = draft && (draft.queued ? draft.queued.fields : draft.fields && draft.fields.final);
    if (!fields || fields.score_us === undefined || fields.score_them === undefined) return "";
    return fields.score_us + " – " + fields.score_them;
  }

  return {
    Queue: Queue,
    Sender: Sender,
    typed: typed,
    unsent: unsent,
    typedScore: typedScore,
    FIRST_RETRY: FIRST_RETRY,
    LAST_RETRY: LAST_RETRY
  };
}));
