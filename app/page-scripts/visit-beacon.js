// First-party, cookieless analytics (decision 082). Loaded by every page as a static file, which
// the script policy's 'self' allows. It sends each page view to /beacon, defines the global
// gtag() the video dialog calls (spec §7), and keeps the visit's source in sessionStorage, which
// every posted form carries in a hidden `attribution` field. No cookie, no identifier.
(function () {
  var visitKey = "ps_visit";
  var doc = document;
  var loc = location;

  function send(name, fields) {
    var body = { n: name, u: loc.pathname + loc.search, w: innerWidth };
    for (var key in fields) body[key] = fields[key];
    var text = JSON.stringify(body);
    if (!(navigator.sendBeacon && navigator.sendBeacon("/beacon", text)))
      fetch("/beacon", { method: "POST", body: text, keepalive: true });
  }

  function storedVisit() {
    try {
      return JSON.parse(sessionStorage.getItem(visitKey)) || undefined;
    } catch {
      return undefined;
    }
  }

  // The visit's source is its first page, unless a campaign link starts a new one.
  function rememberVisit() {
    var query = new URLSearchParams(loc.search);
    var campaign = query.get("utm_source") || query.get("utm_campaign");
    if (storedVisit() && !campaign) return;
    var visit = { l: loc.pathname, r: "" };
    try {
      var from = new URL(doc.referrer);
      if (from.host !== loc.host) visit.r = from.hostname;
    } catch {
      // No referrer, or one that is not a URL: a direct visit.
    }
    ["source", "medium", "campaign"].forEach(function (key) {
      visit[key.charAt(0)] = query.get("utm_" + key) || "";
    });
    try {
      sessionStorage.setItem(visitKey, JSON.stringify(visit));
    } catch {
      // Storage is off (a private window may refuse it): the visit is counted, not attributed.
    }
  }

  function pageview(referrer) {
    rememberVisit();
    send("pageview", { r: referrer });
  }

  window.gtag =
    window.gtag ||
    function (command, name, params) {
      if (command === "event" && name === "video_play" && params)
        send(name, { t: params.event_label, i: params.video_id });
    };

  // A posted form carries the visit's source and the page it was sent from.
  doc.addEventListener(
    "submit",
    function (event) {
      var form = event.target;
      if (!form || form.method !== "post") return;
      var field = form.elements.attribution;
      if (!field) {
        field = doc.createElement("input");
        field.type = "hidden";
        field.name = "attribution";
        form.appendChild(field);
      }
      var visit = storedVisit() || {};
      visit.p = loc.pathname;
      field.value = JSON.stringify(visit);
    },
    true,
  );

  // Pages the router changes without a load (the console, the form pages) are views too.
  var pushState = history.pushState;
  history.pushState = function () {
    var from = loc.href;
    if (!doc.prerendering) sendFirstView();
    pushState.apply(history, arguments);
    pageview(from);
  };

  // The first view is sent once the page has loaded and its largest content is on screen, so its
  // request never stands before what the visitor came to read (decision 302); hiding or leaving the
  // page sends it at once. A browser that does not report the largest paint sends it a frame after
  // the load.
  var firstViewSent = false;
  function sendFirstView() {
    if (firstViewSent) return;
    firstViewSent = true;
    send("pageview", { r: doc.referrer });
  }
  function afterLargestPaint() {
    var types = window.PerformanceObserver && PerformanceObserver.supportedEntryTypes;
    // A tab opened in the background paints nothing to wait for.
    if (doc.visibilityState === "hidden") return sendFirstView();
    if (!types || types.indexOf("largest-contentful-paint") < 0)
      return requestAnimationFrame(function () {
        setTimeout(sendFirstView);
      });
    new PerformanceObserver(function (entries, observer) {
      observer.disconnect();
      setTimeout(sendFirstView);
    }).observe({ type: "largest-contentful-paint", buffered: true });
  }

  // A page the browser prerenders is counted when the visitor actually opens it.
  function viewed() {
    rememberVisit();
    addEventListener("pagehide", sendFirstView, { once: true });
    doc.addEventListener("visibilitychange", function () {
      if (doc.visibilityState === "hidden") sendFirstView();
    });
    if (doc.readyState === "complete") afterLargestPaint();
    else addEventListener("load", afterLargestPaint, { once: true });
  }
  if (doc.prerendering) doc.addEventListener("prerenderingchange", viewed, { once: true });
  else viewed();
})();
