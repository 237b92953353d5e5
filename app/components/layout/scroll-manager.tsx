import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/** Navigation state a link may carry to delay its hash scroll (the spec's scroll-to-form links). */
export type ScrollState = { scrollDelayMs?: number };

/** Retry once after this short tick when the hash target is not rendered yet. */
const HASH_RETRY_MS = 100;

function scrollBehavior(): ScrollBehavior {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth";
}

/**
 * On every route change: scroll to the hash target when there is one, otherwise to the top. Not on
 * the first render: the browser placed the page already, and hydration may come after the visitor
 * scrolled (decision 002).
 */
export function ScrollManager() {
  const { pathname, hash, key, state } = useLocation();
  const firstRender = useRef(true);

  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    const timers: number[] = [];
    const id = decodeURIComponent(hash.slice(1));
    const delay = (state as ScrollState | null)?.scrollDelayMs ?? 0;

    function scrollToTarget(retry: boolean) {
      const target = document.getElementById(id);
      if (target) target.scrollIntoView({ behavior: scrollBehavior(), block: "start" });
      else if (retry) timers.push(window.setTimeout(() => scrollToTarget(false), HASH_RETRY_MS));
    }

    if (id) timers.push(window.setTimeout(() => scrollToTarget(true), delay));
    else window.scrollTo({ top: 0, left: 0, behavior: scrollBehavior() });
    return () => timers.forEach((timer) => window.clearTimeout(timer));
  }, [pathname, hash, key, state]);

  return null;
}
