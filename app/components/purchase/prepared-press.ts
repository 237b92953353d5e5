import { useEffect, useEffectEvent, type RefObject } from "react";

/**
 * How far a finger may wander and still tap: under the browser's own slop (8 dip on Android, 15 on
 * Aura), so a touch taken here is one the browser would also take as a tap.
 */
const tapSlopPx = 8;
/** A touch held longer may be a long press (400-500 ms in Chrome): the browser decides, at click. */
const longestTapMs = 300;
/**
 * A touch on a scrolling page stops it and is no tap. Where `scrollend` is not fired (Safari), a
 * page scrolled this recently counts as scrolling.
 */
const scrollSettleMs = 200;

type Touch = { pointerId: number; x: number; y: number; at: number };

/**
 * The press on a prepared form (decisions 276 and 299): `goIfReady` navigates and answers true when
 * the form holds exactly what a session was prepared for. A touch or pen tap on the button is taken
 * at its release, before the browser's own work up to `click` (the pressed style's frame, the
 * compatibility mouse events, the focus move); the `click` that follows is then cancelled, so a
 * press is never sent twice. Every other press (a mouse, a key, assistive technology, a touch the
 * browser may not call a tap) goes at `click`, as a button does; without JavaScript the form posts.
 */
export function usePreparedPress(
  buttonRef: RefObject<HTMLButtonElement | null>,
  goIfReady: () => boolean,
) {
  const go = useEffectEvent(goIfReady);
  // The document's capture listeners run before the browser submits the form and before React's
  // own listeners on the island's root: nothing of the page's runs first.
  useEffect(() => {
    const onButton = (target: EventTarget | null) => {
      const button = buttonRef.current;
      return button && !button.disabled && target instanceof Node && button.contains(target)
        ? button
        : null;
    };
    let touch: Touch | null = null;
    let scrolling = false;
    let lastScrollAt = -Infinity;
    const scrollEnds = "onscrollend" in window;
    // The tap taken at its release: its click (and only that) is cancelled.
    let taken = false;
    const forget = () => (touch = null);
    const plain = (event: MouseEvent) =>
      !event.ctrlKey && !event.metaKey && !event.shiftKey && !event.altKey;
    const wandered = (event: PointerEvent, from: Touch) =>
      Math.hypot(event.clientX - from.x, event.clientY - from.y) > tapSlopPx;

    const onPointerDown = (event: PointerEvent) => {
      taken = false;
      const settled = scrollEnds ? !scrolling : event.timeStamp - lastScrollAt > scrollSettleMs;
      touch =
        event.isPrimary &&
        event.pointerType !== "mouse" &&
        event.button === 0 &&
        plain(event) &&
        settled &&
        onButton(event.target)
          ? { pointerId: event.pointerId, x: event.clientX, y: event.clientY, at: event.timeStamp }
          : null;
    };
    const onPointerMove = (event: PointerEvent) => {
      if (touch?.pointerId === event.pointerId && wandered(event, touch)) forget();
    };
    const onPointerUp = (event: PointerEvent) => {
      const from = touch;
      forget();
      if (from?.pointerId !== event.pointerId || wandered(event, from) || !plain(event)) return;
      if (event.timeStamp - from.at > longestTapMs) return;
      const button = onButton(event.target);
      const box = button?.getBoundingClientRect();
      const inside =
        box &&
        event.clientX >= box.left &&
        event.clientX <= box.right &&
        event.clientY >= box.top &&
        event.clientY <= box.bottom;
      if (inside && go()) taken = true;
    };
    const onClick = (event: MouseEvent) => {
      if (!onButton(event.target)) return;
      if (taken) {
        taken = false;
        event.preventDefault();
      } else if (go()) event.preventDefault();
    };
    const onScroll = (event: Event) => {
      scrolling = true;
      lastScrollAt = event.timeStamp;
      forget();
    };
    const onScrollEnd = () => (scrolling = false);
    const onKeyDown = () => (taken = false);
    // Back from Stripe, the page may come from the back/forward cache with its state.
    const onPageShow = () => {
      taken = false;
      forget();
    };
    const captured: [string, EventListener][] = [
      ["pointerdown", onPointerDown as EventListener],
      ["pointermove", onPointerMove as EventListener],
      ["pointerup", onPointerUp as EventListener],
      ["pointercancel", forget],
      ["contextmenu", forget],
      ["click", onClick as EventListener],
      ["keydown", onKeyDown],
      ["scroll", onScroll],
      ["scrollend", onScrollEnd],
    ];
    for (const [type, listener] of captured)
      document.addEventListener(type, listener, { capture: true, passive: type !== "click" });
    window.addEventListener("pageshow", onPageShow);
    return () => {
      for (const [type, listener] of captured)
        document.removeEventListener(type, listener, { capture: true });
      window.removeEventListener("pageshow", onPageShow);
    };
  }, [buttonRef]);
}
