import { useEffect, useRef } from "react";
import {
  requestCheckout,
  sendCheckoutPress,
  type CheckoutRequest,
  type PreparedCheckout,
} from "~/lib/checkout-client";

/** The form still this long: the buyer has stopped typing, a session is made for what it holds. */
const stillBeforePreparingMs = 500;
/** Sessions one page view may prepare; past that the press opens its own, as before. */
const maxPreparedPerPage = 4;
/** Stripe lets a session lapse after 24 hours; a page left open longer opens a fresh one. */
const preparedLifetimeMs = 60 * 60 * 1000;

/** What a session is for: the request without its spam traps, which change nothing bought. */
function keyOf(payload: CheckoutRequest) {
  const { hp_comment: _honeypot, formToken: _token, ...bought } = payload;
  return JSON.stringify(bought);
}

type Preparation = {
  key: string;
  done: Promise<PreparedCheckout | null>;
  ready?: PreparedCheckout;
  readyAt?: number;
};

/**
 * The Checkout session made before the press (decision 275): once the form is complete and has
 * been still a moment, a session is prepared for exactly what it holds, each new one replacing the
 * last (which the server expires). At the press the page goes straight to it when the form still
 * holds the same; otherwise the press opens a session as it always did.
 */
export function usePreparedCheckout(
  readPayload: () => CheckoutRequest | null,
  /** Resolves once the form's token passes the time trap (the press waits for it too). */
  tokenAged: () => Promise<void>,
) {
  const latest = useRef<Preparation | null>(null);
  const lastSessionId = useRef<string | undefined>(undefined);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const made = useRef(0);
  useEffect(() => () => clearTimeout(timer.current), []);

  function prepare() {
    const payload = readPayload();
    if (!payload) return;
    const key = keyOf(payload);
    if (latest.current?.key === key || made.current >= maxPreparedPerPage) return;
    made.current += 1;
    const previous = latest.current?.done ?? Promise.resolve(null);
    const preparation: Preparation = { key, done: Promise.resolve(null) };
    // One after another, so each names the session it supersedes.
    preparation.done = previous.then(tokenAged).then(() =>
      requestCheckout(payload, { prepare: true, replaces: lastSessionId.current }).then(
        ({ url, sessionId }) => {
          if (!sessionId) return null;
          lastSessionId.current = sessionId;
          preparation.ready = { url, sessionId };
          preparation.readyAt = Date.now();
          return preparation.ready;
        },
        // A failed preparation costs nothing: the press opens its own session.
        () => null,
      ),
    );
    latest.current = preparation;
  }

  const matching = (payload: CheckoutRequest) => {
    const preparation = latest.current;
    if (preparation?.key !== keyOf(payload)) return undefined;
    const stale = preparation.readyAt && Date.now() - preparation.readyAt > preparedLifetimeMs;
    return stale ? undefined : preparation;
  };

  return {
    /** The form changed: prepare once it has been still a moment. */
    formChanged() {
      clearTimeout(timer.current);
      timer.current = setTimeout(prepare, stillBeforePreparingMs);
    },
    /** The session ready for exactly this payload, without waiting, or undefined. */
    readyFor: (payload: CheckoutRequest) => matching(payload)?.ready,
    /**
     * The press takes over (nothing more is prepared): the session being prepared for this
     * payload, once it answers; null when there is none.
     */
    async awaitFor(payload: CheckoutRequest) {
      clearTimeout(timer.current);
      return (await matching(payload)?.done) ?? null;
    },
    /** Going to a prepared session: the server opens its order (a beacon, the page does not wait). */
    press(session: PreparedCheckout) {
      clearTimeout(timer.current);
      sendCheckoutPress(session.sessionId);
    },
    /** The prepared session a press-time session supersedes. */
    replaces: () => lastSessionId.current,
  };
}
