// Refresh the #live part of the page in place while the event runs (no full reload, so a
// phone keeps its scroll position; a failed fetch on poor Wi-Fi just waits for the next try).
// A form inside the box that someone is filling in (focused, or changed since the last
// refresh) is never wiped: the refresh waits until it is sent or left untouched.
(function () {
  var box = document.getElementById("live");
  if (!box || !box.dataset.refresh) return;
  var every = parseInt(box.dataset.refresh, 10) * 1000;
  var touched = false;
  box.addEventListener("input", function () { touched = true; });
  box.addEventListener("change", function () { touched = true; });
  box.addEventListener("submit", function () { touched = false; });
  function busy() {
    return touched || (document.activeElement && document.activeElement !== document.body &&
      box.contains(document.activeElement) && /^(INPUT|SELECT|TEXTAREA)$/.test(document.activeElement.tagName));
  }
  function refresh() {
    if (busy()) { setTimeout(refresh, every); return; }
    fetch(window.location.href, { headers: { "X-Requested-With": "fetch" }, cache: "no-store" })
      .then(function (r) { return r.ok ? r.text() : null; })
      .then(function (html) {
        if (!html || busy()) return;
        var fresh = new DOMParser().parseFromString(html, "text/html").getElementById("live");
        if (fresh) {
          box.innerHTML = fresh.innerHTML;
          box.dataset.refreshedAt = String(Date.now());
        }
      })
      .catch(function () {})
      .finally(function () { setTimeout(refresh, every); });
  }
  setTimeout(refresh, every);
})();
