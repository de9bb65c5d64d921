/* The captains' service worker (HTTPS only; served at /c/sw.js so that it may answer for /c/).
 * Pages: network first, the last copy when there is no network, so a captain's games and score
 * forms open in a hall with no network; the page's own script (report.js) then shows the
 * reports queued on the phone and sends them when the network returns. Static files: the cached
 * copy first. Posts always go to the network: report.js keeps and re-sends them itself. */
"use strict";

var CACHE = "huche-captain-v1";

self.addEventListener("install", function () { self.skipWaiting(); });
self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (n) { return n.indexOf("huche-captain-") === 0 && n !== CACHE; })
      .map(function (n) { return caches.delete(n); }));
  }).then(function () { return self.clients.claim(); }));
});

// The page names what it needs offline: itself, the captain's games, their score forms, its files.
self.addEventListener("message", function (event) {
  var urls = (event.data && event.data.cache) || [];
  event.waitUntil(caches.open(CACHE).then(function (cache) {
    return Promise.all(urls.map(function (url) {
      return fetch(url, { credentials: "same-origin" }).then(function (response) {
        if (keepable(response)) return cache.put(url, response);
      }).catch(function () {});
    }));
  }));
});

function keepable(response) {
  return response && response.ok && response.type === "basic" && !response.redirected;
}

function networkFirst(request) {
  return fetch(request).then(function (response) {
    if (keepable(response)) {
      var copy = response.clone();
      caches.open(CACHE).then(function (cache) { cache.put(request, copy); });
    }
    return response;
  }).catch(function () {
    // ignoreVary: Huche varies on Cookie and Accept-Language, the same phone and session here.
    return caches.match(request, { ignoreVary: true }).then(function (hit) { return hit || Response.error(); });
  });
}

function cacheFirst(request) {
  return caches.match(request, { ignoreVary: true }).then(function (hit) {
    return hit || fetch(request).then(function (response) {
      if (keepable(response)) {
        var copy = response.clone();
        caches.open(CACHE).then(function (cache) { cache.put(request, copy); });
      }
      return response;
    });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.indexOf("/static/") === 0) event.respondWith(cacheFirst(request));
  else if (url.pathname.indexOf("/c/") === 0) event.respondWith(networkFirst(request));
});
