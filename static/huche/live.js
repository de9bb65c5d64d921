// Refresh the #live part of the page in place while the event runs (no full reload, so a
// phone keeps its scroll position; a failed fetch on poor Wi-Fi just waits for the next try).
(function () {
  var box = document.getElementById("live");
  if (!box || !box.dataset.refresh) return;
  var every = parseInt(box.dataset.refresh, 10) * 1000;
  function refresh() {
    fetch(window.location.href, { headers: { "X-Requested-With": "fetch" }, cache: "no-store" })
      .then(function (r) { return r.ok ? r.text() : null; })
      .then(function (html) {
        if (!html) return;
        var fresh = new DOMParser().parseFromString(html, "text/html").getElementById("live");
        if (fresh) box.innerHTML = fresh.innerHTML;
      })
      .catch(function () {})
      .finally(function () { setTimeout(refresh, every); });
  }
  setTimeout(refresh, every);
})();
