import { randomUUID } from "node:crypto";
import { whenAnswered } from "../core/after-answer";
import { logFailure } from "../core/logger";
import type { ServiceDeps } from "../core/service-deps";
import type { DeliveryProvider } from "./deliverability-tables";
import { recordDeliveryEvent } from "./delivery-events";
import { mailgunWebhook } from "./providers/mailgun";
import { postmarkWebhook } from "./providers/postmark";
import type { ProviderWebhook } from "./providers/provider";
import { resendWebhook } from "./providers/resend";
import { sendgridWebhook } from "./providers/sendgrid";
import { sesWebhook } from "./providers/ses";

export type WebhookProvider = Exclude<DeliveryProvider, "imap">;

const webhooks: Partial<Record<WebhookProvider, ProviderWebhook>> = {
  mailgun: mailgunWebhook,
  postmark: postmarkWebhook,
  resend: resendWebhook,
  sendgrid: sendgridWebhook,
  ses: sesWebhook,
};

/** Kept bodies younger than this belong to an answer whose after-work may still be running. */
export const webhookReplayAfterMs = 30_000;
const replayBatch = 100;
/** A body whose events fail this often is left with its error, for the owner to look at. */
const maxAttempts = 10;
/**
 * Kept bodies this process reads at once. Unbounded, a burst of posts queued thousands of
 * transactions on the database's connections and each answer's insert waited behind them all.
 */
const readersAtOnce = 2;
let reading = 0;
const waitingReaders: (() => void)[] = [];

/** Runs `work` once fewer than `readersAtOnce` are running (a freed turn passes to the next). */
async function inTurn(work: () => Promise<void>) {
  if (reading < readersAtOnce) reading += 1;
  else await new Promise<void>((resolve) => waitingReaders.push(resolve));
  try {
    await work();
  } finally {
    const next = waitingReaders.shift();
    if (next) next();
    else reading -= 1;
  }
}

export type WebhookAnswer =
  { status: 200; outcome: "kept" | "ignored" } | { status: 400 | 401 | 403 | 404; message: string };

/**
 * A provider's webhook (issue 48, point 1): its signature is checked on the raw body; a signed
 * body with bounces or complaints is kept with one insert before the answer and read after it,
 * so the answer is fast and an event answered is never lost (the replay loop reads a body whose
 * after-work did not finish). A provider without its setting answers 404.
 */
export async function receiveProviderWebhook(
  deps: ServiceDeps,
  { provider, headers, body }: { provider: string; headers: Headers; body: string },
): Promise<WebhookAnswer> {
  const webhook = webhooks[provider as WebhookProvider];
  if (!webhook || !webhook.configured(deps.config))
    return { status: 404, message: "No such webhook here." };
  const now = deps.clock.now();
  const verified = await webhook.verify(deps.config, { headers, body, now });
  if (verified.outcome === "refuse") return { status: verified.status, message: verified.message };
  if (verified.outcome === "ignore") {
    if (verified.afterAnswer) await whenAnswered(deps, `${provider} webhook`, verified.afterAnswer);
    return { status: 200, outcome: "ignored" };
  }
  const id = randomUUID();
  await deps.db
    .insertInto("provider_webhook_events")
    .values({
      id,
      provider: provider as WebhookProvider,
      body,
      received_at: now.toISOString(),
      processed_at: null,
      attempts: 0,
      last_error: null,
    })
    .execute();
  await whenAnswered(deps, `${provider} webhook`, () => inTurn(() => processKept(deps, id)));
  return { status: 200, outcome: "kept" };
}

/** Reads a kept body's events into `recordDeliveryEvent`; a replay of it changes nothing. */
async function processKept(deps: ServiceDeps, id: string) {
  const row = await deps.db
    .selectFrom("provider_webhook_events")
    .select(["provider", "body", "processed_at"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row || row.processed_at) return;
  const webhook = webhooks[row.provider as WebhookProvider];
  try {
    for (const event of webhook?.events(row.body) ?? []) await recordDeliveryEvent(deps, event);
    await deps.db
      .updateTable("provider_webhook_events")
      .set({ processed_at: deps.clock.now().toISOString() })
      .where("id", "=", id)
      .execute();
  } catch (error) {
    await deps.db
      .updateTable("provider_webhook_events")
      .set((eb) => ({
        attempts: eb("attempts", "+", 1),
        last_error: error instanceof Error ? error.message.slice(0, 500) : "failed",
      }))
      .where("id", "=", id)
      .execute();
    throw error;
  }
}

/**
 * Kept bodies whose after-answer work failed or never ran (the instance stopped): each is read
 * again. Resolves true when a full batch was read (more may be waiting).
 */
export async function replayKeptWebhooks(deps: ServiceDeps): Promise<boolean> {
  const before = new Date(deps.clock.now().getTime() - webhookReplayAfterMs).toISOString();
  const rows = await deps.db
    .selectFrom("provider_webhook_events")
    .select("id")
    .where("processed_at", "is", null)
    .where("received_at", "<", before)
    .where("attempts", "<", maxAttempts)
    .orderBy("received_at")
    .limit(replayBatch)
    .execute();
  for (const row of rows) {
    try {
      await processKept(deps, row.id);
    } catch (error) {
      logFailure("a kept provider webhook could not be read", error, { webhookEvent: row.id });
    }
  }
  return rows.length === replayBatch;
}
