// Projector view: a standings or seating list longer than the screen pages itself, a screenful
// at a time, then back to the top, so everyone in the hall finds their team without a mouse.
(function () {
  var every = 12000, pause = 0;
  function step() {
    var bottom = document.documentElement.scrollHeight - window.innerHeight;
    if (bottom <= 0) return;
    if (window.scrollY >= bottom - 2) {
      if (pause++ < 1) return;  // linger once on the last screen
      pause = 0;
      window.scrollTo(0, 0);
    } else {
      window.scrollTo(0, Math.min(bottom, window.scrollY + Math.round(window.innerHeight * 0.85)));
    }
  }
  setInterval(step, every);
})();
