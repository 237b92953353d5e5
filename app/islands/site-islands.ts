import { openInNewTab } from "~/lib/scheduling";
import { trackVideoPlay } from "~/lib/analytics";
import { videoEmbedUrl } from "~/components/video-dialog/video-embed-url";
import { fetchFormTokensOnFocus } from "./form-tokens";
import { startOrderSummary } from "./order-summary";
import { browserTimeZone } from "~/lib/time-zone-field";

/**
 * What reacts to a tap on a page that ships no framework (decision 077): the mobile menu, the
 * dialogs (video, audio notice), the scheduling links, the newsletter boxes' form tokens and the
 * purchase form's order summary (decision 131).
 * Listeners sit on the document, so the same code serves the server's HTML and, on hydrated pages,
 * whatever React renders later.
 */
export function startIslands() {
  const root = document.documentElement;
  if (root.dataset.islands) return;
  root.dataset.islands = "ready";
  shareThisAddress();
  document.addEventListener("click", onClick);
  document.addEventListener("keydown", onKeydown);
  // `close` does not bubble; the capture phase still sees it.
  document.addEventListener("close", onDialogClose, true);
  fetchFormTokensOnFocus();
  startOrderSummary();
  // Before any form's own handler reads it (capture phase): the reader's zone for their morning.
  document.addEventListener("submit", fillTimeZones, true);
}

function fillTimeZones(event: Event) {
  if (!(event.target instanceof HTMLFormElement)) return;
  for (const field of event.target.querySelectorAll<HTMLInputElement>("input[data-time-zone]"))
    field.value = browserTimeZone();
}

/**
 * A share link's body names the page's canonical address (all a prerendered page knows); the spec
 * wants the address the visitor is on.
 */
function shareThisAddress() {
  for (const link of document.querySelectorAll<HTMLAnchorElement>("a[data-share-url]")) {
    const canonical = encodeURIComponent(link.dataset.shareUrl ?? "");
    const href = link.getAttribute("href") ?? "";
    link.setAttribute("href", href.replace(canonical, encodeURIComponent(location.href)));
  }
}

const controlled = (control: Element) =>
  document.getElementById(control.getAttribute("aria-controls") ?? "");

function setMenuOpen(toggle: Element, open: boolean) {
  toggle.setAttribute("aria-expanded", String(open));
  const menu = controlled(toggle);
  if (menu) menu.hidden = !open;
}

const openMenuToggle = () => document.querySelector('[data-menu-toggle][aria-expanded="true"]');

function isPlainLeftClick(event: MouseEvent) {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

function onClick(event: MouseEvent) {
  if (!(event.target instanceof Element)) return;
  const target = event.target;

  const menuToggle = target.closest("[data-menu-toggle]");
  if (menuToggle)
    return setMenuOpen(menuToggle, menuToggle.getAttribute("aria-expanded") !== "true");

  // A choice in the open menu closes it (the spec's "closed on selecting a link").
  const openToggle = openMenuToggle();
  if (openToggle && target.closest("a") && controlled(openToggle)?.contains(target))
    setMenuOpen(openToggle, false);

  const dialogTrigger = target.closest("[data-dialog-trigger]");
  if (dialogTrigger) return openDialog(dialogTrigger);

  if (target.closest("[data-dialog-close]")) return target.closest("dialog")?.close();
  // A press on a modal dialog's own box outside its content is on the backdrop.
  if (target instanceof HTMLDialogElement && target.open) return target.close();

  const schedule = target.closest<HTMLAnchorElement>("a[data-schedule]");
  if (schedule && !event.defaultPrevented && isPlainLeftClick(event)) {
    event.preventDefault();
    openInNewTab(schedule.href);
  }
}

function onKeydown(event: KeyboardEvent) {
  const toggle = openMenuToggle();
  if (event.key !== "Escape" || !toggle) return;
  setMenuOpen(toggle, false);
  (toggle as HTMLElement).focus();
}

function openDialog(trigger: Element) {
  const dialog = controlled(trigger);
  if (!(dialog instanceof HTMLDialogElement) || dialog.open) return;
  trigger.setAttribute("aria-expanded", "true");
  const videoId = dialog.dataset.videoId;
  const frameBox = dialog.querySelector("[data-video-frame]");
  if (videoId && frameBox) {
    const title = dialog.dataset.videoTitle ?? "";
    const frame = document.createElement("iframe");
    frame.src = videoEmbedUrl(videoId);
    frame.title = title;
    frame.className = "absolute inset-0 size-full";
    frame.allow =
      "accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture";
    frame.allowFullscreen = true;
    frame.addEventListener("load", () => {
      dialog.dataset.loaded = "true";
      trackVideoPlay({ videoId, title });
    });
    frameBox.append(frame);
  }
  dialog.showModal();
}

function onDialogClose(event: Event) {
  const dialog = event.target;
  if (!(dialog instanceof HTMLDialogElement)) return;
  document
    .querySelector(`[data-dialog-trigger][aria-controls="${dialog.id}"]`)
    ?.setAttribute("aria-expanded", "false");
  // Closing a video stops it: the frame goes, and the next opening loads it afresh.
  if (dialog.dataset.videoId) {
    dialog.querySelector("[data-video-frame] iframe")?.remove();
    dialog.dataset.loaded = "false";
  }
}
