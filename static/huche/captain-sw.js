/* The captains' service worker (HTTPS only; served at /c/sw.js so that it may answer for /c/).
 * Pages: network first, the last copy when there is no network, so a captain's games and score
 * forms open in a hall with no network; the page's own script (report.js) then shows the
 * reports queued on the phone and sends them when the network returns. Static files: the cached
 * copy first. Posts always go to the network: report.js keeps and re-sends them itself.
 *
 * A captain's page shows scores and receipts: it is kept only for the unlock that fetched it
 * (one phone, one team: accounts/unlock.py). The server names that unlock on each private page
 * (X-Huche-Unlock: "<id> <end, epoch seconds>"); the copies live in one cache per unlock, and
 * there is never more than one: they are dropped when
 *   - a private page of another unlock arrives (another team's PIN was typed on this phone),
 *   - a captain's page arrives without an unlock (the PIN page: the captain left, the day
 *     ended, the event closed) or answers 4xx (404: the link was replaced by a new slip),
 *   - "Not my phone: forget this code" is posted (or report.js says so by a message),
 *   - the unlock's end has passed (never shown offline after it),
 *   - a page of the site is loaded with the network (menu.js, on every page, asks {check: true};
 *     at most once a minute): the kept link's home page is asked again, and a 404 (the link was
 *     replaced by a new slip while the phone kept it) or the PIN page drops the copies, even if
 *     the captain never opens the old link again (issue 51). */
"use strict";

var STATIC = "huche-captain-static-v2";
var PRIVATE = "huche-captain-private-";  // + "<unlock id>-<end>"
var UNLOCK = "X-Huche-Unlock";

self.addEventListener("install", function () { self.skipWaiting(); });
self.addEventListener("activate", function (event) {
  // Older versions kept every captain's pages in one cache, whoever unlocked them: dropped.
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (n) {
      return n.indexOf("huche-captain-") === 0 && n !== STATIC && n.indexOf(PRIVATE) !== 0;
    }).map(function (n) { return caches.delete(n); }));
  }).then(function () { return self.clients.claim(); }));
});

function keepable(response) {
  return response && response.ok && response.type === "basic";
}

/* The private cache a response belongs to ("huche-captain-private-<id>-<end>"), or null. */
function unlockOf(response) {
  var parts = (response.headers.get(UNLOCK) || "").trim().split(/\s+/);
  if (parts.length !== 2 || !/^[\w-]+$/.test(parts[0]) || !/^\d+$/.test(parts[1])) return null;
  return PRIVATE + parts[0] + "-" + parts[1];
}

function endOf(name) { return Number(name.slice(name.lastIndexOf("-") + 1)) * 1000; }

/* Every private cache but `keep` is deleted. */
function dropPrivate(keep) {
  return caches.keys().then(function (names) {
    return Promise.all(names.filter(function (n) { return n.indexOf(PRIVATE) === 0 && n !== keep; })
      .map(function (n) { return caches.delete(n); }));
  });
}

/* The one private cache whose unlock has not ended, if any (an ended one is deleted). */
function current() {
  return caches.keys().then(function (names) {
    var mine = names.filter(function (n) { return n.indexOf(PRIVATE) === 0; });
    var live = mine.filter(function (n) { return endOf(n) > Date.now(); });
    return dropPrivate(live.length === 1 ? live[0] : null).then(function () {
      return live.length === 1 ? live[0] : null;
    });
  });
}

/* What the server answered for a captain's page decides what is kept of the private copies. */
function kept(request, response) {
  if (!keepable(response)) {
    return response.status >= 400 && response.status < 500 ? dropPrivate() : Promise.resolve();
  }
  var name = unlockOf(response);
  if (!name) return dropPrivate();  // the PIN page: this phone acts for nobody here now
  return dropPrivate(name).then(function () {
    if (response.redirected) return null;  // another page than the one asked for
    return caches.open(name).then(function (cache) { return cache.put(request, response); });
  });
}

/* The kept link's home page ("/c/<token>/"), or the first page kept, asked again: what the
 * server answers decides, as for any captain's page (kept). At most once a minute. */
var CHECK_EVERY = 60 * 1000;
var checkedAt = 0;
function check() {
  if (Date.now() - checkedAt < CHECK_EVERY) return Promise.resolve();
  checkedAt = Date.now();
  return current().then(function (name) {
    if (!name) return undefined;
    return caches.open(name).then(function (cache) { return cache.keys(); }).then(function (keys) {
      if (!keys.length) return undefined;
      var home = keys.filter(function (r) { return /^\/c\/[^/]+\/$/.test(new URL(r.url).pathname); })[0];
      var request = new Request((home || keys[0]).url, { credentials: "same-origin" });
      return fetch(request).then(function (response) {
        if (response.status >= 500) return undefined;  // the server in trouble: keep them
        return kept(request, response);
      });
    });
  }).catch(function () { checkedAt = 0; });  // no network after all: next time
}

function fromPrivate(request) {
  return current().then(function (name) {
    if (!name) return undefined;
    // ignoreVary: Huche varies on Cookie and Accept-Language; this cache is one unlock's.
    return caches.open(name).then(function (cache) { return cache.match(request, { ignoreVary: true }); });
  });
}

function privatePage(event) {
  var request = event.request;
  return fetch(request).then(function (response) {
    if (response.status >= 500) {  // the server in trouble: as with no network
      return fromPrivate(request).then(function (hit) { return hit || response; });
    }
    var keeping = kept(request, response.clone());
    try { event.waitUntil(keeping); } catch (e) { /* the event ended: it still runs */ }
    return response;
  }).catch(function () {
    return fromPrivate(request).then(function (hit) { return hit || Response.error(); });
  });
}

function staticFile(request) {
  return caches.open(STATIC).then(function (cache) {
    return cache.match(request, { ignoreVary: true }).then(function (hit) {
      return hit || fetch(request).then(function (response) {
        if (keepable(response) && !response.redirected) cache.put(request, response.clone());
        return response;
      });
    });
  });
}

// The page names what it needs offline: itself, the captain's games, their score forms, its
// files. {forget: true}: the captain leaves this phone.
self.addEventListener("message", function (event) {
  var data = event.data || {};
  if (data.forget) {
    event.waitUntil(dropPrivate());
    return;
  }
  if (data.check) {
    event.waitUntil(check());
    return;
  }
  var urls = data.cache || [];
  event.waitUntil(Promise.all(urls.map(function (url) {
    var request = new Request(url, { credentials: "same-origin" });
    if (new URL(request.url).pathname.indexOf("/static/") === 0) return staticFile(request).catch(function () {});
    return fetch(request).then(function (response) { return kept(request, response); })
      .catch(function () {});
  })));
});

self.addEventListener("fetch", function (event) {
  var request = event.request;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method === "POST" && /^\/c\/[^/]+\/forget\/$/.test(url.pathname)) {
    event.waitUntil(dropPrivate());  // the post itself goes to the network
    return;
  }
  if (request.method !== "GET") return;
  if (url.pathname.indexOf("/static/") === 0) event.respondWith(staticFile(request));
  else if (url.pathname.indexOf("/c/") === 0) event.respondWith(privatePage(event));
});

if (typeof module !== "undefined") module.exports = { check: check, kept: kept };  // tests/js
