type Gtag = (command: "event", action: string, params: Record<string, unknown>) => void;

declare global {
  interface Window {
    gtag?: Gtag;
  }
}

/** Sends the spec's 'video_play' event when the page has a global analytics function. */
export function trackVideoPlay({ videoId, title }: { videoId: string; title: string }) {
  if (typeof window === "undefined" || typeof window.gtag !== "function") return;
  window.gtag("event", "video_play", {
    event_category: "engagement",
    event_label: title,
    video_id: videoId,
    value: 1,
  });
}

/**
 * The visit's source the page script keeps (app/page-scripts/visit-beacon.js), with the page the
 * visitor is on: what a form posted as JSON sends as `attribution`, as posted forms do by field.
 */
export function visitAttribution(): string | undefined {
  try {
    const visit = JSON.parse(window.sessionStorage.getItem("ps_visit") ?? "null") as Record<
      string,
      string
    > | null;
    return JSON.stringify({ ...visit, p: window.location.pathname });
  } catch {
    // Storage is off: the order is kept without a source.
    return undefined;
  }
}
