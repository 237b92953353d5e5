import type { Kysely } from "kysely";
import type { Database } from "./db/schema";

/**
 * What happens to a person that a capability on a higher floor may want to act on, inside the
 * transaction that records it: the email sequences start on a confirmed list or a purchase and
 * stop on an unsubscribe, a bounce or an erasure. The capability where it happens emits the event;
 * the wiring registers the listeners, so a lower floor never imports a higher one.
 */
export type PersonEvent =
  | { kind: "list-confirmed"; personId: string; list: string; now: Date }
  | { kind: "list-left"; personId: string; list: string; now: Date }
  | { kind: "bounced"; emailKey: string; now: Date }
  | { kind: "erased"; personId: string; now: Date }
  | { kind: "order-paid"; personId: string; productIds: string[]; now: Date }
  | { kind: "session-booked"; personId: string; now: Date }
  /** The newsletter interests a person chose, once their membership is confirmed. */
  | { kind: "interests-chosen"; personId: string; interests: string[]; now: Date }
  /** A guide downloaded from a link in one of our emails, which names the reader (`guide`: its key). */
  | { kind: "guide-downloaded"; personId: string; guide: string; now: Date }
  /** A workshop seat paid for; `cohortId` names the cohort (a `workshop_events` row). */
  | { kind: "workshop-registered"; personId: string; cohortId: string; now: Date }
  /** A contact message stored (`messageId`: its row); quoted work opens a deal from it. */
  | { kind: "contact-message"; personId: string; messageId: string; interest: string; now: Date };

export type PersonEventListener = (trx: Kysely<Database>, event: PersonEvent) => Promise<void>;

const listeners = new Map<string, PersonEventListener>();

/** Registers a listener under a name (registering the same name again replaces it). */
export function onPersonEvent(name: string, listener: PersonEventListener) {
  listeners.set(name, listener);
}

/** Runs every listener in the caller's transaction: what they write commits with the event. */
export async function emitPersonEvent(trx: Kysely<Database>, event: PersonEvent) {
  for (const listener of listeners.values()) await listener(trx, event);
}
