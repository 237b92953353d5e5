/**
 * The site's own address for the external scheduling page. The server redirects it to
 * SCHEDULING_URL, so prerendered pages follow the setting of the running server, not the build's.
 */
export const SCHEDULING_PATH = "/schedule";

type Opener = Pick<Window, "open" | "location">;

/**
 * Opens `url` in a new tab; when the browser refuses (window.open returns null, e.g. a popup
 * blocker), navigates the current window instead. The "noopener" feature is not passed because
 * it makes window.open return null even on success; the opener is cut by hand instead.
 */
export function openInNewTab(url: string, target: Opener = window) {
  const opened = target.open(url, "_blank");
  if (opened) {
    opened.opener = null;
    return "new-tab" as const;
  }
  target.location.assign(url);
  return "same-window" as const;
}
