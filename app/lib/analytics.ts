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
