import { useScriptNonce } from "./script-nonce";

/** The type that keeps the island's module script inert until the loader below runs it. */
const deferredType = "text/x-deferred-module";
/** How long a form sent before hydration waits for React before the browser sends it itself. */
const heldSubmitMs = 8000;

/**
 * Fetches the page's modules once it has loaded and painted (its styles, fonts and images first,
 * so the first paint does not wait for JavaScript), and runs them at the visitor's first sign of
 * interaction (a pointer moving, a key, a focus, a click), once that interaction's frame has
 * painted: the menu a tap opens does not wait for the island's work, and the first tap finds
 * every module in the cache, and a page that is only read never spends a phone's main thread on
 * hydration. A button pressed before React arrived is pressed again once it has hydrated, and an
 * island's form sent then is sent again through its own handler, so an early tap is not lost;
 * links work natively meanwhile. Inline, so it costs no request. The island marks the page
 * `data-hydrated` once it has hydrated.
 */
const loader = `(() => {
  const nonce = document.currentScript && document.currentScript.nonce;
  const events = ["pointermove", "keydown", "focusin", "click"];
  const root = document.documentElement;
  let started = false;
  let preloaded = false;
  let pressed = null;
  const deferred = document.querySelector('script[type="${deferredType}"]');
  function preload() {
    if (preloaded || !deferred) return;
    preloaded = true;
    // Every module at once: the module script alone would find them import by import.
    for (const href of JSON.parse(deferred.dataset.modules || "[]")) {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = href;
      document.head.append(link);
    }
  }
  function start() {
    if (started) return;
    started = true;
    for (const type of events) removeEventListener(type, start, true);
    if (!deferred) return;
    preload();
    // After the frame the interaction paints (the menu opened, the field focused), not before it.
    requestAnimationFrame(() => setTimeout(run));
  }
  function run() {
    const script = document.createElement("script");
    script.type = "module";
    if (nonce) script.nonce = nonce;
    script.textContent = deferred.textContent;
    // A module that cannot be fetched: a held form goes natively rather than never.
    script.addEventListener("error", () => sendHeld(true));
    document.head.append(script);
  }
  function remember(event) {
    if (root.dataset.hydrated) return removeEventListener("click", remember, true);
    // The island's own buttons only: the menu and the dialogs answered the tap already (the
    // inline islands), and a second click would close them again (decision 130).
    const button = event.target instanceof Element && event.target.closest('[id$="-island"] button:not([type=submit])');
    if (button) pressed = button;
  }
  // An island's form sent before React arrived waits for it and is sent again through its own
  // handler, which checks it and keeps the page (decision 318); if the scripts never come, the
  // browser sends it as it would have.
  let held = null;
  let letThrough = false;
  let holdTimer;
  function hold(event) {
    const form = event.target;
    if (letThrough || root.dataset.hydrated || !deferred || !form.closest || !form.closest('[id$="-island"]')) return;
    event.preventDefault();
    held = { form, submitter: event.submitter };
    if (!started) start();
    clearTimeout(holdTimer);
    holdTimer = setTimeout(() => sendHeld(true), ${heldSubmitMs});
  }
  function sendHeld(natively) {
    const form = held && held.form;
    const submitter = held && held.submitter;
    held = null;
    clearTimeout(holdTimer);
    if (!form || !form.isConnected) return;
    letThrough = natively;
    form.requestSubmit(submitter && submitter.isConnected && submitter.form === form ? submitter : undefined);
    letThrough = false;
  }
  new MutationObserver((_, observer) => {
    if (!root.dataset.hydrated) return;
    observer.disconnect();
    removeEventListener("click", remember, true);
    removeEventListener("submit", hold, true);
    if (pressed && pressed.isConnected) pressed.click();
    if (held) sendHeld(false);
  }).observe(root, { attributes: true, attributeFilter: ["data-hydrated"] });
  for (const type of events) addEventListener(type, start, { capture: true, passive: true });
  addEventListener("click", remember, true);
  addEventListener("submit", hold, true);
  // After the load and the first contentful paint: fetched before the paint, the modules would
  // compete with what it needs on a slow connection.
  function afterPaint() {
    const painted = () => performance.getEntriesByName("first-contentful-paint").length > 0;
    if (painted() || !PerformanceObserver.supportedEntryTypes.includes("paint")) return preload();
    new PerformanceObserver((_, observer) => {
      if (!painted()) return;
      observer.disconnect();
      preload();
    }).observe({ type: "paint" });
  }
  if (document.readyState === "complete") afterPaint();
  else addEventListener("load", afterPaint, { once: true });
})();`;

/**
 * A form page's island script (decision 077): the browser fetches no JavaScript until the page has
 * loaded; the island's modules arrive then, all at once, and run at the first interaction. The
 * page's HTML, links and forms work before that. `modules`: the island's module first, then every
 * module it imports.
 */
export function DeferredScripts({ modules }: { modules: string[] }) {
  const nonce = useScriptNonce();
  if (modules.length === 0) return null;
  return (
    <>
      <script
        type={deferredType}
        data-modules={JSON.stringify(modules)}
        dangerouslySetInnerHTML={{ __html: `import ${JSON.stringify(modules[0])};` }}
      />
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: loader }} />
    </>
  );
}
