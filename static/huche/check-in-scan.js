// The desk's camera check-in (tournaments/views/registration_desk.py, check_in_scan): reads the QR
// code of a captain's slip or of a registration confirmation and posts its text; the server
// finds the team and marks it present. The browser's BarcodeDetector where it has one (Chrome
// on Android and macOS), otherwise jsQR served from Huche's own static files (no internet at
// the hall). The same code is not posted twice within a few seconds.
(function () {
  var root = document.getElementById("scanner");
  if (!root) return;
  var video = root.querySelector("video");
  var status = document.getElementById("scan-status");
  var log = document.getElementById("scan-log");
  var form = document.getElementById("scan-form");
  var canvas = document.createElement("canvas");
  var context = canvas.getContext("2d", { willReadFrequently: true });
  var detector = null;
  var last = { code: "", at: 0 };

  function say(text, ok) {
    status.textContent = text;
    status.className = "big scan-status " + (ok ? "scan-ok" : "scan-error");
  }

  function send(code) {
    var now = Date.now();
    if (code === last.code && now - last.at < 4000) return;
    last = { code: code, at: now };
    var data = new FormData(form);
    data.set("code", code);
    fetch(form.action, { method: "POST", body: data, credentials: "same-origin" })
      .then(function (response) { return response.json(); })
      .then(function (answer) {
        say(answer.message, answer.ok);
        if (answer.ok) {
          var item = document.createElement("li");
          item.textContent = answer.message;
          log.insertBefore(item, log.firstChild);
        }
      })
      .catch(function () { say(root.dataset.offline, false); });
  }

  function readFrame() {
    if (video.readyState < 2) return Promise.resolve(null);
    if (detector) {
      return detector.detect(video).then(function (codes) {
        return codes.length ? codes[0].rawValue : null;
      });
    }
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    var image = context.getImageData(0, 0, canvas.width, canvas.height);
    var found = window.jsQR(image.data, image.width, image.height, { inversionAttempts: "dontInvert" });
    return Promise.resolve(found ? found.data : null);
  }

  function loop() {
    readFrame()
      .then(function (code) { if (code) send(code); })
      .catch(function () {})
      .then(function () { setTimeout(loop, 250); });
  }

  function loadDecoder() {
    if ("BarcodeDetector" in window) {
      return window.BarcodeDetector.getSupportedFormats().then(function (formats) {
        if (formats.indexOf("qr_code") >= 0) {
          detector = new window.BarcodeDetector({ formats: ["qr_code"] });
          return;
        }
        return loadScript();
      });
    }
    return loadScript();
  }

  function loadScript() {
    return new Promise(function (resolve, reject) {
      var script = document.createElement("script");
      script.src = root.dataset.decoder;
      script.onload = resolve;
      script.onerror = reject;
      document.head.appendChild(script);
    });
  }

  form.addEventListener("submit", function (event) {
    event.preventDefault();
    var typed = form.elements.code.value.trim();
    if (typed) send(typed);
  });

  if (!navigator.mediaDevices || !navigator.mediaDevices.getUserMedia) {
    say(root.dataset.noCamera, false);
    return;
  }
  loadDecoder()
    .then(function () {
      return navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false });
    })
    .then(function (stream) {
      video.srcObject = stream;
      return video.play();
    })
    .then(function () {
      say(root.dataset.ready, true);
      root.dataset.scanning = "1";
      loop();
    })
    .catch(function () { say(root.dataset.noCamera, false); });
})();
