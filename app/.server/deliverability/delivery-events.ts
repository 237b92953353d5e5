import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { markBounced, markComplained } from "../audience";
import { pauseOverComplaints } from "../broadcasts";
import { recordAdminAction } from "../core/audit-log";
import type { AppConfig } from "../core/config";
import type { Database } from "../core/db/schema";
import { emailKey } from "../core/email-key";
import type { ServiceDeps } from "../core/service-deps";
import type { DeliveryOutcome, DeliveryProvider } from "./deliverability-tables";

/** One thing a provider (or the bounce mailbox) reported after it accepted an email. */
export interface DeliveryEvent {
  provider: DeliveryProvider;
  /** Unique per provider; a replay changes nothing. */
  providerEventId: string;
  kind: "bounce" | "complaint";
  bounce?: "hard" | "soft";
  /** The recipient's address. */
  email: string;
  /** Our Message-ID header when the event quotes it, `<id@domain>`. */
  messageId?: string;
  /** The email reported on, where the report names it otherwise (the bounce mailbox's VERP). */
  outboxEmailId?: string;
  occurredAt: Date;
  /** The provider's short diagnostic; no secrets. */
  detail: string;
}

export type DeliveryEventResult = "recorded" | "duplicate" | "unknown-email";

type Trx = Kysely<Database>;
type PolicyConfig = Pick<AppConfig, "SOFT_BOUNCE_LIMIT" | "SOFT_BOUNCE_DAYS">;

const day = 24 * 60 * 60_000;

/** `<outboxId@domain>` → `outboxId` (mail/mail-transport.ts makes every Message-ID so). */
export function outboxIdOf(messageId: string | undefined) {
  const match = /^<?([^@<>\s]{1,100})@[^<>\s]+>?$/.exec(messageId?.trim() ?? "");
  return match?.[1];
}

/**
 * Records one event and applies the policy in one transaction (issue 48, point 3): a hard bounce
 * suppresses the address at once, soft bounces after SOFT_BOUNCE_LIMIT in SOFT_BOUNCE_DAYS, a
 * complaint takes the person off every list (their sequences stop with it) and may pause its
 * broadcast (decision 312). Every event is kept,
 * a second bounce too, and audited; a replay (same provider and id) changes nothing.
 */
export async function recordDeliveryEvent(
  deps: Pick<ServiceDeps, "db" | "clock" | "config">,
  event: DeliveryEvent,
): Promise<DeliveryEventResult> {
  const key = emailKey(event.email);
  return deps.db.transaction().execute(async (trx) => {
    const email = await quotedEmail(trx, event.outboxEmailId ?? outboxIdOf(event.messageId), key);
    const person = await trx
      .selectFrom("people")
      .select(["id", "bounced_at", "complained_at"])
      .where("email_key", "=", key)
      .executeTakeFirst();
    if (!person && !email) return "unknown-email";
    const id = randomUUID();
    const now = deps.clock.now();
    const detail = event.detail.replace(/\s+/g, " ").trim().slice(0, 500);
    const inserted = await trx
      .insertInto("delivery_events")
      .values({
        id,
        provider: event.provider,
        provider_event_id: event.providerEventId.slice(0, 200),
        kind: event.kind,
        bounce: event.kind === "bounce" ? (event.bounce ?? "hard") : null,
        email_key: key,
        person_id: person?.id ?? null,
        outbox_email_id: email?.id ?? null,
        broadcast_id: email?.broadcast_id ?? null,
        sequence_step_id: email?.step_id ?? null,
        purpose: email?.purpose ?? null,
        occurred_at: event.occurredAt.toISOString(),
        received_at: now.toISOString(),
        detail,
        outcome: "recorded",
      })
      .onConflict((conflict) => conflict.columns(["provider", "provider_event_id"]).doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!inserted) return "duplicate";
    const outcome = person
      ? await applyPolicy(trx, deps.config, { event, key, person, detail, now })
      : "recorded";
    if (outcome !== "recorded")
      await trx.updateTable("delivery_events").set({ outcome }).where("id", "=", id).execute();
    // Its broadcast may now be past the complaint rate the owner allows (decision 312).
    if (event.kind === "complaint" && email?.broadcast_id)
      await pauseOverComplaints(trx, deps.config, { broadcastId: email.broadcast_id, now });
    await recordAdminAction(trx, {
      actor: `provider:${event.provider}`,
      action: `deliverability.${event.kind}`,
      subject: person?.id,
      detail: {
        bounce: event.kind === "bounce" ? (event.bounce ?? "hard") : undefined,
        outcome,
        outboxEmail: email?.id,
        broadcast: email?.broadcast_id ?? undefined,
        detail,
      },
      now,
    });
    return "recorded";
  });
}

/** The outbox email a Message-ID names, when it was sent to this address. */
async function quotedEmail(trx: Trx, id: string | undefined, key: string) {
  if (!id) return undefined;
  const email = await trx
    .selectFrom("outbox_emails")
    .leftJoin("sequence_sends", "sequence_sends.id", "outbox_emails.id")
    .select([
      "outbox_emails.id",
      "outbox_emails.to_address",
      "outbox_emails.broadcast_id",
      "outbox_emails.purpose",
      "sequence_sends.step_id",
    ])
    .where("outbox_emails.id", "=", id)
    .executeTakeFirst();
  // An email named for another address names nothing of this event's.
  return email && emailKey(email.to_address) === key ? email : undefined;
}

async function applyPolicy(
  trx: Trx,
  config: PolicyConfig,
  {
    event,
    key,
    person,
    detail,
    now,
  }: {
    event: DeliveryEvent;
    key: string;
    person: { id: string; bounced_at: string | null; complained_at?: string | null };
    detail: string;
    now: Date;
  },
): Promise<DeliveryOutcome> {
  if (event.kind === "complaint") {
    const left = await markComplained(trx, { personId: person.id, now });
    return left.length > 0 || !person.complained_at ? "unsubscribed" : "recorded";
  }
  if (person.bounced_at !== null) return "recorded";
  if (event.bounce === "soft") {
    const since = new Date(event.occurredAt.getTime() - config.SOFT_BOUNCE_DAYS * day);
    const { count } = await trx
      .selectFrom("delivery_events")
      .select((eb) => eb.fn.countAll<string | number>().as("count"))
      .where("email_key", "=", key)
      .where("kind", "=", "bounce")
      .where("bounce", "=", "soft")
      .where("occurred_at", ">=", since.toISOString())
      .where("occurred_at", "<=", event.occurredAt.toISOString())
      .executeTakeFirstOrThrow();
    if (Number(count) < config.SOFT_BOUNCE_LIMIT) return "recorded";
    await markBounced(trx, {
      address: event.email,
      reason: `${Number(count)} soft bounces in ${config.SOFT_BOUNCE_DAYS} days (${event.provider}): ${detail}`,
      now,
    });
    return "suppressed";
  }
  await markBounced(trx, {
    address: event.email,
    reason: `Hard bounce (${event.provider}): ${detail}`,
    now,
  });
  return "suppressed";
}
