/* Score entry that survives the hall's Wi-Fi: nothing typed is lost, a report is sent by itself
 * when the network returns, and the captain gets a receipt.
 *
 * - Every field of the final-score form and of the hand-by-hand sheet is kept in localStorage as
 *   it is typed, under the team and the game (never the link's token): a reload, a closed
 *   browser or a lost connection find it again, and no other team's or game's draft is shown.
 * - "Send" is sent with fetch (Accept: application/json) and the draft's own idempotency key. No
 *   answer (no network, 12 s without a reply, a 5xx) keeps it queued: it is sent again with the
 *   same key on the browser's "online" event, on a timer that backs off, and at the next page
 *   load (this page or the captain's games), so a report whose answer was lost is stored once.
 * - The draft is forgotten only when the server answers "received" (the receipt is then shown),
 *   when the captain asks (this score, or "Not my phone: forget this code" for the whole
 *   team), or when the link it was typed with was replaced: then the page says so, score
 *   included. A refusal in words (a wrong count, a closed event) keeps the draft.
 * The queue's logic (drafts, sending once, dropping) is static/huche/report-queue.js, loaded
 * before this file and tested by node (tests/js/). This file is the page: fields, words, fetch.
 * Without this script the forms post as before. Its words are in the page (#report-words). */
(function () {
  "use strict";

  var words = document.getElementById("report-words");
  var Q = window.HucheReportQueue;
  if (!words || !Q || !window.fetch || !window.FormData) return;
  try { window.localStorage.getItem("huche"); } catch (e) { return; }  // storage refused

  var TIMEOUT = 12000;
  var queue = new Q.Queue(window.localStorage, words.dataset.team, words.dataset.link);
  var senders = [];

  function word(name) {
    var node = words.querySelector("[data-word='" + name + "']");
    return node ? node.textContent : name;
  }
  function csrf() {
    var input = words.querySelector("input[name=csrfmiddlewaretoken]");
    return input ? input.value : "";
  }
  function load(game) { return queue.load(game); }
  function forget(game) { queue.forget(game); }
  function newKey() {
    var bytes = new Uint8Array(16);
    window.crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) {
      return (b < 16 ? "0" : "") + b.toString(16);
    }).join("");
  }
  var typed = Q.typed;

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text) node.textContent = text;
    return node;
  }
  function button(text, className, onClick) {
    var b = el("button", className, text);
    b.type = "button";
    b.addEventListener("click", onClick);
    return b;
  }
  function link(text, href, className) {
    var a = el("a", className, text);
    a.href = href;
    return a;
  }

  /* --- sending ---------------------------------------------------------------------------- */

  // The report's fields posted to `url` as the form would; the server's answer in JSON, or
  // {state: "retry"} when there is none to trust (no network, no answer in time, a page).
  function post(url) {
    return function (queued) {
      var body = new FormData();
      Object.keys(queued.fields).forEach(function (name) { body.append(name, queued.fields[name]); });
      body.set("mode", queued.mode);
      body.set("idempotency_key", queued.key);
      body.set("csrfmiddlewaretoken", csrf());
      var controller = window.AbortController ? new AbortController() : null;
      var timeout = setTimeout(function () { if (controller) controller.abort(); }, TIMEOUT);
      return fetch(url, {
        method: "POST",
        body: body,
        credentials: "same-origin",
        cache: "no-store",
        headers: { "Accept": "application/json", "X-Requested-With": "fetch" },
        signal: controller ? controller.signal : undefined
      }).then(function (response) {
        var type = response.headers.get("Content-Type") || "";
        if (type.indexOf("application/json") < 0) {
          // A page instead of an answer: an expired form (403) or the server in trouble.
          return { state: "retry", reason: response.status === 403 ? "expired" : "server" };
        }
        return response.json();
      }).catch(function () {
        return { state: "retry", reason: "offline" };  // no network, or no answer in time
      }).then(function (answer) {
        clearTimeout(timeout);
        return answer;
      });
    };
  }

  // One queued report, sent to `url` until the server answers; `show(state, answer)` tells the page.
  function sender(game, url, show) {
    var one = new Q.Sender(queue, game, post(url), show);
    senders.push(one);
    return one;
  }

  function sendAllNow() { senders.forEach(function (s) { s.now(); }); }
  window.addEventListener("online", sendAllNow);
  window.addEventListener("pageshow", function (event) { if (event.persisted) sendAllNow(); });

  // "121 – 60" (from our side) or "a hand-by-hand sheet": what a dropped draft held.
  function scoreOf(draft) { return Q.typedScore(draft) || word("a-sheet"); }

  /* --- what the captain sees -------------------------------------------------------------- */

  function stateLine(state) {
    var line = el("p", "send-state send-state-" + state);
    line.appendChild(el("span", "status", word(state)));
    return line;
  }

  function waitingBox(box, answer, actions) {
    box.textContent = "";
    box.appendChild(stateLine("waiting"));
    var reason = answer.reason === "offline" ? "offline" : answer.reason || "offline";
    var banner = el("p", "offline-banner", word(reason));
    banner.setAttribute("role", "alert");
    banner.setAttribute("data-offline-report", "");
    box.appendChild(banner);
    if (actions) box.appendChild(actions);
    box.hidden = false;
  }

  function sendingBox(box) {
    box.textContent = "";
    box.appendChild(stateLine("sending"));
    box.hidden = false;
  }

  function receiptBox(box, answer) {
    box.textContent = "";
    var holder = el("div", "card receipt-card");
    holder.innerHTML = answer.receipt_html;  // rendered by Huche itself (the same as the home page)
    if (answer.message) holder.appendChild(el("p", "hint", answer.message));
    box.appendChild(holder);
    box.hidden = false;
  }

  function refusedBox(box, answer, extra) {
    box.textContent = "";
    box.appendChild(stateLine("refused"));
    var message = el("p", "error warning-banner", answer.message);
    message.id = "form-error";
    message.setAttribute("role", "alert");
    box.appendChild(message);
    if (extra) box.appendChild(extra);
    box.hidden = false;
  }

  // The link was replaced (or the team withdrew): the score left the phone; say which.
  function droppedBox(box, answer, draft) {
    refusedBox(box, answer, el("p", "warning-banner", word("dropped") + " " + scoreOf(draft)));
  }

  /* --- the score form (final score or hand-by-hand sheet) ----------------------------------- */

  function reportPage(form) {
    var game = form.dataset.game;
    var mode = form.querySelector("input[name=mode]").value;
    var keyInput = form.querySelector("input[name=idempotency_key]");
    var box = document.querySelector("[data-send-status]");
    var kept = el("p", "hint kept-hint", word("kept"));
    kept.hidden = true;
    form.insertBefore(kept, form.querySelector("button[type=submit]").parentNode);
    var one = sender(game, window.location.pathname, show);

    function fields() {
      var out = {};
      form.querySelectorAll("input, select, textarea").forEach(function (f) {
        if (!f.name || f.type === "hidden" || f.type === "submit") return;
        if (f.type === "checkbox") { if (f.checked) out[f.name] = f.value || "on"; }
        else if (f.type === "radio") { if (f.checked) out[f.name] = f.value; }
        else if (f.value !== "") out[f.name] = f.value;
      });
      return out;
    }

    function restore(values) {
      form.querySelectorAll("input, select, textarea").forEach(function (f) {
        if (!f.name || f.type === "hidden" || f.type === "submit") return;
        var v = values[f.name];
        if (f.type === "checkbox") f.checked = !!v;
        else if (f.type === "radio") f.checked = v === f.value;
        else f.value = v === undefined ? "" : v;
      });
      form.querySelectorAll("details").forEach(function (d) {
        d.querySelectorAll("input").forEach(function (f) {
          var filled = f.type === "radio" || f.type === "checkbox" ? f.checked : f.value;
          if (filled) d.open = true;  // a radio's value is always there: only a choice opens it
        });
      });
      document.dispatchEvent(new Event("huche:restored"));  // forms.js names each hand's side
    }

    function lock(locked) {
      form.classList.toggle("locked", locked);
      form.querySelectorAll("input, select, textarea, button").forEach(function (f) {
        if (f.type === "hidden") return;
        if (f.tagName === "INPUT" && f.type !== "checkbox") f.readOnly = locked;
        else f.disabled = locked;
      });
    }

    function clearMarks() {
      form.querySelectorAll("[aria-invalid=true]").forEach(function (f) {
        f.removeAttribute("aria-invalid");
        f.classList.remove("invalid");
      });
      form.querySelectorAll(".error[data-from-script]").forEach(function (e) { e.remove(); });
      var old = document.getElementById("form-error");
      if (old && !box.contains(old)) old.remove();  // the server's, from a post without script
    }

    function markField(name, message) {
      var field = name && form.querySelector("[name='" + name + "']");
      if (!field) return;
      var details = field.closest("details");
      if (details) details.open = true;
      field.setAttribute("aria-invalid", "true");
      field.classList.add("invalid");
      var note = el("span", "error", message);
      note.setAttribute("data-from-script", "");
      // A question of radio buttons (who pegged out first) is told under its choices, not
      // between a button and its label.
      var group = field.type === "radio" && field.closest("fieldset");
      if (group) group.insertAdjacentElement("beforeend", note);
      else field.insertAdjacentElement("afterend", note);
      field.focus();
    }

    function change() {  // the queued report is taken back to be changed: it becomes a new report
      if (!load(game) || one.inflight) return;
      // the old key may already be stored: a change is a new version
      var draft = queue.unqueue(game, newKey());
      keyInput.value = draft.key;
      one.stop();
      box.hidden = true;
      lock(false);
    }

    function forgetAll() {
      if (!window.confirm(word("forget-sure"))) return;
      forget(game);
      restore({});
      clearMarks();
      keyInput.value = newKey();
      box.hidden = true;
    }

    function show(state, answer, dropped) {
      if (state === "sending") { sendingBox(box); lock(true); return; }
      if (state === "waiting") {
        var actions = el("p", "send-actions");
        actions.appendChild(button(word("send-now"), "", function () { one.now(); }));
        actions.appendChild(document.createTextNode(" "));
        actions.appendChild(button(word("change"), "secondary", change));
        waitingBox(box, answer, actions);
        lock(true);
        seen();
        return;
      }
      if (state === "received") {
        receiptBox(box, answer);
        var back = el("p");
        back.appendChild(link(word("home"), words.dataset.home, "button"));
        box.firstChild.appendChild(back);
        form.hidden = true;
        document.querySelectorAll("[data-mode-switch]").forEach(function (s) { s.hidden = true; });
        clearMarks();
        seen();
        return;
      }
      lock(false);
      clearMarks();
      if (state === "dropped") {  // the fields still show it: to note, for an official
        droppedBox(box, answer, dropped);
        seen();
        return;
      }
      // refused: said in words; the draft stays, to be corrected or shown to an official.
      var extra = el("p", "send-actions");
      if (answer.code === "pin") extra.appendChild(link(word("home"), words.dataset.home, "button"));
      extra.appendChild(document.createTextNode(" "));
      extra.appendChild(button(word("forget"), "secondary", forgetAll));
      refusedBox(box, answer, extra);
      // Every mistake of a sheet beside its box at once (answer.errors), else the one refused.
      var faults = (answer.errors || [{ field: answer.field, message: answer.message }])
        .filter(function (f) { return f.field && form.querySelector("[name='" + f.field + "']"); });
      faults.slice().reverse().forEach(function (f) { markField(f.field, f.message); });
      if (!faults.length) seen();
    }

    // The state is shown above the form: after "Send" at the foot of a long sheet, bring it
    // into view (once per change of state, not at every retry).
    var lastSeen = "";
    function seen() {
      var state = box.firstChild ? box.firstChild.className : "";
      if (state === lastSeen) return;
      lastSeen = state;
      if (box.scrollIntoView) box.scrollIntoView({ block: "start" });
    }

    // A new draft has a key of its own: a page from the service worker's cache carries the key
    // of a report already sent, which would make this one "already received".
    function fresh() {
      keyInput.value = newKey();
      return { fields: {}, key: keyInput.value };
    }

    function keep() {
      if (!load(game)) fresh();
      queue.keep(game, mode, fields(), keyInput.value);
      kept.hidden = false;
    }

    form.addEventListener("input", keep);
    form.addEventListener("change", keep);
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      if (one.inflight) return;  // a double tap sends one request
      if (!form.reportValidity()) return;
      if (!load(game)) fresh();
      queue.enqueue(game, mode, fields(), keyInput.value);
      clearMarks();
      one.now();
    });

    // What this phone kept for this game comes back, and a queued report goes at once.
    var draft = load(game);
    if (!draft) return;
    if (draft.key) keyInput.value = draft.key;
    var mine = draft.queued ? draft.queued : null;
    if (mine && mine.mode === mode) restore(mine.fields);
    else if (draft.fields && typed(draft.fields[mode])) restore(draft.fields[mode]);
    if (draft.queued) { show("waiting", { reason: "offline" }); one.now(); }
    else if (draft.refused) show("refused", draft.refused);
    else kept.hidden = false;
  }

  /* --- the captain's games: queued reports are shown and sent from here too ----------------- */

  function homePage(cards) {
    cards.forEach(function (card) {
      var game = card.dataset.game;
      var draft = load(game);
      var box = card.querySelector("[data-send-status]");
      if (!draft || !box) return;
      var open = card.dataset.reportUrl + (draft.queued && draft.queued.mode === "sheet" ||
        !draft.queued && draft.fields && typed(draft.fields.sheet) ? "?mode=sheet" : "");
      var one = sender(game, card.dataset.reportUrl, function (state, answer, dropped) {
        if (state === "sending") sendingBox(box);
        else if (state === "waiting") waitingBox(box, answer, null);
        else if (state === "received") receiptBox(box, answer);
        else if (state === "dropped") {
          droppedBox(box, answer, dropped);
          box.querySelector("#form-error").removeAttribute("id");
        } else {
          var extra = el("p");
          extra.appendChild(link(word("open-refused"), open, "button secondary"));
          refusedBox(box, answer, extra);
          box.querySelector("#form-error").removeAttribute("id");
        }
      });
      if (draft.queued) {
        waitingBox(box, { reason: "offline" }, null);
        one.now();
      } else if (draft.refused) {
        one.show("refused", draft.refused);
      } else if (draft.fields && (typed(draft.fields.final) || typed(draft.fields.sheet))) {
        box.textContent = "";
        var p = el("p");
        p.appendChild(link(word("open-draft"), open, "button"));
        box.appendChild(p);
        box.hidden = false;
      }
    });
  }

  /* --- scores typed with a replaced link, and "Not my phone: forget this code" -------------- */

  // A list of the scores that leave the phone, under a sentence that says why.
  function goneList(text, items) {
    var box = el("div", "warning-banner");
    box.setAttribute("role", "alert");
    box.setAttribute("data-dropped", "");
    box.appendChild(el("p", "", text));
    var list = el("ul");
    items.forEach(function (item) { list.appendChild(el("li", "", scoreOf(item.draft))); });
    box.appendChild(list);
    return box;
  }

  // The page was opened with a new slip's link: what the old one typed is not sent through it.
  function dropReplaced() {
    var dropped = queue.adopt();
    if (!dropped.length) return;
    var main = document.querySelector("main") || document.body;
    main.insertBefore(goneList(word("dropped-replaced"), dropped), main.firstChild);
  }

  // The captain leaves: unsent scores of the team go too, after the captain saw which.
  function leaving(leave) {
    leave.addEventListener("submit", function (event) {
      var unsent = queue.unsent();
      if (unsent.length) {
        var list = unsent.map(function (item) { return "• " + scoreOf(item.draft); }).join("\n");
        if (!window.confirm(word("leave-sure") + "\n" + list)) {
          event.preventDefault();
          return;
        }
      }
      queue.leave();
      senders.forEach(function (s) { s.stop(); });
      if (navigator.serviceWorker && navigator.serviceWorker.controller) {
        navigator.serviceWorker.controller.postMessage({ forget: true });
      }
    });
  }

  /* --- over HTTPS only: a service worker opens the captain's pages with no network ---------- */

  function serviceWorker() {
    if (window.location.protocol !== "https:" || !navigator.serviceWorker || !words.dataset.sw) return;
    navigator.serviceWorker.register(words.dataset.sw).then(function () {
      return navigator.serviceWorker.ready;
    }).then(function (registration) {
      var urls = [window.location.pathname + window.location.search, words.dataset.home];
      document.querySelectorAll("script[src], link[rel=stylesheet], link[rel=icon]")
        .forEach(function (n) { urls.push(n.src || n.href); });
      document.querySelectorAll(".captain-game a[href*='/games/']")
        .forEach(function (a) { urls.push(a.getAttribute("href")); });
      if (registration.active) registration.active.postMessage({ cache: urls });
    }).catch(function () { /* the page works without it */ });
  }

  dropReplaced();
  var leave = document.querySelector("form[data-leave]");
  if (leave) leaving(leave);
  var form = document.querySelector("form[data-report-form]");
  if (form) reportPage(form);
  else homePage(Array.prototype.slice.call(document.querySelectorAll(".captain-game[data-report-url]")));
  serviceWorker();
})();
