import { randomUUID } from "node:crypto";
import { ianaTimeZone } from "~/lib/time-zone-field";
import { isUniqueViolation } from "../../core/db/unique-violation";
import {
  recordAttribution,
  recordConfirmationAttribution,
  recordServerEvent,
  type VisitSource,
} from "../../analytics";
import { recordAdminAction } from "../../core/audit-log";
import { emitPersonEvent } from "../../core/person-events";
import type { Db } from "../../core/db/database";
import type { ListMembershipTable } from "../audience-tables";
import type { ServiceDeps } from "../../core/service-deps";
import { liftErasure } from "../erasure/erased-addresses";
import { notifyWaitlist } from "./waitlist-announcement";
import { enqueueConfirmationEmail, enqueueNewsletterWelcome } from "./list-emails";
import { verifyListToken, type ListLinkPurpose } from "./list-links";
import { rememberPerson } from "../people/people";
import type { ListName } from "~/lib/lists";

/** No second confirmation email to one address for one list within this time. */
export const confirmationCoolingMs = 60 * 60_000;

export type MembershipRequest = {
  list: ListName;
  email: string;
  firstName?: string;
  /** Newsletter interest keys; an empty list keeps the ones already chosen. */
  interests?: readonly string[];
  /** The page of the form. */
  source: string;
  /** Where the visit that signed up came from (the form's `attribution` field). */
  visitSource?: VisitSource;
  /** The consent wording the form showed, stored word for word. */
  consentText: string;
  /** The browser's IANA time zone (the reader's morning for sequences). */
  timeZone?: string;
};

export type MembershipRequestOutcome = "confirmation-sent" | "already-confirmed" | "cooling";

/**
 * A signup to a list. The caller answers the same way whatever happens here, so nobody can learn
 * who is on a list: a new address gets a confirmation email; a pending or unsubscribed one gets
 * another only after the cooling period, with its fresh consent; a confirmed one gets nothing.
 */
export async function requestMembership(
  deps: ServiceDeps,
  request: MembershipRequest,
): Promise<MembershipRequestOutcome> {
  const { db, clock } = deps;
  const attempt = () =>
    db.transaction().execute(async (trx) => {
      const now = clock.now();
      const nowIso = now.toISOString();
      const personId = await rememberPerson(trx, {
        email: request.email,
        firstName: request.firstName,
        source: request.source,
        timeZone: request.timeZone,
        now,
      });
      const existing = await trx
        .selectFrom("list_memberships")
        .selectAll()
        .where("person_id", "=", personId)
        .where("list", "=", request.list)
        .executeTakeFirst();
      if (existing?.status === "confirmed") return "already-confirmed" as const;
      const lastSent = existing?.confirmation_sent_at
        ? Date.parse(existing.confirmation_sent_at)
        : undefined;
      if (lastSent !== undefined && now.getTime() - lastSent < confirmationCoolingMs) {
        return "cooling" as const;
      }
      const interests = request.interests?.length
        ? JSON.stringify(request.interests)
        : (existing?.interests ?? "[]");
      const membership: ListMembershipTable = {
        id: existing?.id ?? randomUUID(),
        person_id: personId,
        list: request.list,
        status: "pending",
        interests,
        source: request.source,
        consent_text: request.consentText,
        consented_at: nowIso,
        confirmation_sent_at: nowIso,
        confirmed_at: existing?.confirmed_at ?? null,
        unsubscribed_at: null,
        notified_at: existing?.notified_at ?? null,
        created_at: existing?.created_at ?? nowIso,
        updated_at: nowIso,
        // The person takes these only when this signup is confirmed (decision 307).
        signup_first_name: request.firstName ?? null,
        signup_time_zone: ianaTimeZone(request.timeZone) ?? null,
      };
      if (existing) {
        await trx
          .updateTable("list_memberships")
          .set(membership)
          .where("id", "=", existing.id)
          .execute();
      } else {
        await trx.insertInto("list_memberships").values(membership).execute();
      }
      const person = await trx
        .selectFrom("people")
        .select(["first_name"])
        .where("id", "=", personId)
        .executeTakeFirstOrThrow();
      await enqueueConfirmationEmail(deps, trx, request.list, {
        membershipId: membership.id,
        email: request.email,
        firstName: request.firstName ?? person.first_name,
      });
      const conversion = request.list === "waitlist" ? "waitlist_signup" : "newsletter_signup";
      await recordServerEvent(trx, { name: conversion, at: now, path: request.source });
      await recordAttribution(trx, {
        conversion,
        subjectId: membership.id,
        personId,
        source: request.visitSource,
        at: now,
      });
      return "confirmation-sent" as const;
    });
  let outcome: MembershipRequestOutcome;
  try {
    outcome = await attempt();
  } catch (error) {
    // The same address submitted twice at once: the second insert loses; read it again.
    if (!isUniqueViolation(error)) throw error;
    outcome = await attempt();
  }
  if (outcome === "confirmation-sent") deps.outbox.wake();
  return outcome;
}

/** A membership with its person's address and name, as a list link finds it. */
function membershipWithPerson(db: Db, id: string) {
  return db
    .selectFrom("list_memberships")
    .innerJoin("people", "people.id", "list_memberships.person_id")
    .select([
      "list_memberships.id",
      "list_memberships.list",
      "list_memberships.status",
      "list_memberships.interests",
      "people.id as personId",
      "people.email",
      "people.first_name as firstName",
      "list_memberships.signup_first_name as signupFirstName",
      "list_memberships.signup_time_zone as signupTimeZone",
    ])
    .where("list_memberships.id", "=", id)
    .executeTakeFirst();
}

/** A link as its page receives it: the list its path names and its token. */
export type ListLink = { list: ListName; token: string };

/** The membership a link names, if the token is good and the membership is on that list. */
async function linkedMembership(
  deps: Pick<ServiceDeps, "config" | "clock">,
  db: Db,
  purpose: ListLinkPurpose,
  link: ListLink,
) {
  const verified = verifyListToken(deps.config, purpose, link.token, deps.clock.now());
  if (!verified.ok) return verified.reason;
  const membership = await membershipWithPerson(db, verified.subject);
  return membership?.list === link.list ? membership : "invalid";
}

/**
 * The person an unsubscribe link names, if it is valid for `list`: a sequence's "leave this
 * sequence" link carries the same token (the reader's copy holds one personal token).
 */
export async function unsubscribeLinkPerson(
  deps: Pick<ServiceDeps, "db" | "config" | "clock">,
  link: ListLink,
): Promise<string | undefined> {
  const membership = await linkedMembership(deps, deps.db, "unsubscribe", link);
  return typeof membership === "string" ? undefined : membership.personId;
}

/** Whether a confirm or unsubscribe link can be used, without using it (its page asks for a click). */
export async function readListLink(
  deps: Pick<ServiceDeps, "db" | "config" | "clock">,
  purpose: ListLinkPurpose,
  link: ListLink,
): Promise<"ready" | "invalid" | "expired"> {
  const membership = await linkedMembership(deps, deps.db, purpose, link);
  return typeof membership === "string" ? membership : "ready";
}

export type ConfirmOutcome = "confirmed" | "already-confirmed" | "invalid" | "expired";

/**
 * Follows a confirmation link: the address now counts as on the list. The newsletter sends its
 * welcome; the waitlist's 'now available' email goes at once when sales are already open.
 */
export async function confirmMembership(
  deps: ServiceDeps,
  link: ListLink,
): Promise<ConfirmOutcome> {
  const { db, clock } = deps;
  const now = clock.now();
  const { list } = link;
  const outcome = await db.transaction().execute(async (trx): Promise<ConfirmOutcome> => {
    const membership = await linkedMembership(deps, trx, "confirm", link);
    if (typeof membership === "string") return membership;
    if (membership.status === "unsubscribed") return "invalid";
    if (membership.status === "confirmed") return "already-confirmed";
    const nowIso = now.toISOString();
    const changed = await trx
      .updateTable("list_memberships")
      .set({
        status: "confirmed",
        confirmed_at: nowIso,
        updated_at: nowIso,
        signup_first_name: null,
        signup_time_zone: null,
      })
      .where("id", "=", membership.id)
      .where("status", "=", "pending")
      .executeTakeFirst();
    // Two clicks at once: only the one that changed the row sends what follows.
    if (Number(changed.numUpdatedRows) === 0) return "already-confirmed";
    // The person's own new double opt-in: an earlier erasure no longer keeps them off the lists.
    await liftErasure(trx, deps.config, membership.email);
    // Following the link proves the address receives mail again, and is the person's own word
    // for the name and zone their signup gave (decision 307).
    await trx
      .updateTable("people")
      .set({
        bounced_at: null,
        bounce_reason: null,
        ...(membership.signupFirstName && { first_name: membership.signupFirstName }),
        ...(membership.signupTimeZone && { time_zone: membership.signupTimeZone }),
      })
      .where("id", "=", membership.personId)
      .execute();
    await recordConfirmationAttribution(trx, {
      membershipId: membership.id,
      personId: membership.personId,
      at: now,
    });
    await recordServerEvent(trx, {
      name: "newsletter_confirmation",
      at: now,
      path: `/lists/${list}/confirm`,
      item: list,
    });
    // The email sequences this list starts (wired, decision 170), in this transaction.
    await emitPersonEvent(trx, {
      kind: "list-confirmed",
      personId: membership.personId,
      list,
      now,
    });
    const interests = JSON.parse(membership.interests) as string[];
    if (interests.length > 0)
      await emitPersonEvent(trx, {
        kind: "interests-chosen",
        personId: membership.personId,
        interests,
        now,
      });
    if (list === "newsletter") {
      await enqueueNewsletterWelcome(deps, trx, {
        membershipId: membership.id,
        email: membership.email,
        firstName: membership.signupFirstName ?? membership.firstName,
      });
    }
    return "confirmed";
  });
  if (outcome !== "confirmed") return outcome;
  if (list === "waitlist") await notifyWaitlist(deps);
  deps.outbox.wake();
  return outcome;
}

/** Follows an unsubscribe link (or a mail client's one-click POST). Saying it twice is harmless. */
export async function unsubscribeMembership(
  deps: Pick<ServiceDeps, "db" | "config" | "clock">,
  link: ListLink,
): Promise<"unsubscribed" | "invalid"> {
  const { db, clock } = deps;
  const membership = await linkedMembership(deps, db, "unsubscribe", link);
  if (typeof membership === "string") return "invalid";
  const now = clock.now();
  const nowIso = now.toISOString();
  await db.transaction().execute(async (trx) => {
    const left = await trx
      .updateTable("list_memberships")
      .set({ status: "unsubscribed", unsubscribed_at: nowIso, updated_at: nowIso })
      .where("id", "=", membership.id)
      .where("status", "!=", "unsubscribed")
      .executeTakeFirst();
    // Every sequence email of this list not yet sent is cancelled with it (decision 170).
    if (Number(left.numUpdatedRows) > 0)
      await emitPersonEvent(trx, {
        kind: "list-left",
        personId: membership.personId,
        list: link.list,
        now,
      });
  });
  return "unsubscribed";
}

export type ResendOutcome = "sent" | "cooling" | "not-pending";

/**
 * The owner sends a pending member their confirmation link again (from the person's page). Only
 * a pending membership gets one (an unsubscribed person must sign up again themselves), at most
 * one per cooling period, the same allowance a signup has. Audited in the same transaction.
 */
export async function resendConfirmation(
  deps: ServiceDeps,
  { personId, list, actor }: { personId: string; list: ListName; actor: string },
): Promise<ResendOutcome> {
  const { db, clock } = deps;
  const now = clock.now();
  const outcome = await db.transaction().execute(async (trx): Promise<ResendOutcome> => {
    const membership = await trx
      .selectFrom("list_memberships")
      .innerJoin("people", "people.id", "list_memberships.person_id")
      .select([
        "list_memberships.id",
        "list_memberships.confirmation_sent_at",
        "people.email",
        "people.first_name",
      ])
      .where("list_memberships.person_id", "=", personId)
      .where("list_memberships.list", "=", list)
      .where("list_memberships.status", "=", "pending")
      .executeTakeFirst();
    if (!membership) return "not-pending";
    const coolingSince = new Date(now.getTime() - confirmationCoolingMs).toISOString();
    // Claimed by a conditional UPDATE: two clicks at once send one email.
    const claimed = await trx
      .updateTable("list_memberships")
      .set({ confirmation_sent_at: now.toISOString(), updated_at: now.toISOString() })
      .where("id", "=", membership.id)
      .where((eb) =>
        eb.or([
          eb("confirmation_sent_at", "is", null),
          eb("confirmation_sent_at", "<=", coolingSince),
        ]),
      )
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) return "cooling";
    await enqueueConfirmationEmail(deps, trx, list, {
      membershipId: membership.id,
      email: membership.email,
      firstName: membership.first_name,
    });
    await recordAdminAction(trx, {
      actor,
      action: "person.resend-confirmation",
      subject: personId,
      detail: { list },
      now,
    });
    return "sent";
  });
  if (outcome === "sent") deps.outbox.wake();
  return outcome;
}
