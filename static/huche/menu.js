// The site menu is a <details> (works without JavaScript): folded on a phone so the header
// stays one line, unfolded on a wide screen where its links fit in the header row.
(function () {
  var menu = document.querySelector("details.menu");
  if (!menu || !window.matchMedia) return;
  var wide = window.matchMedia("(min-width: 721px)");
  function follow() { menu.open = wide.matches; }
  follow();
  if (wide.addEventListener) wide.addEventListener("change", follow);
})();

// Every page loaded with the network asks the captains' service worker (if this phone has one)
// to check the captain's pages it keeps for offline: a link replaced by a new slip meanwhile is
// then dropped from the phone, even if its old link is never opened again (captain-sw.js).
(function () {
  if (!navigator.serviceWorker || !navigator.onLine) return;
  navigator.serviceWorker.getRegistration("/c/").then(function (registration) {
    if (registration && registration.active) registration.active.postMessage({ check: true });
  }).catch(function () { /* no worker: nothing kept */ });
})();
