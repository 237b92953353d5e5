import { saveBroadcastDraft } from "~/.server/broadcasts/broadcast-drafts";
import { sendBroadcast } from "~/.server/broadcasts/broadcast-sending";
import { systemClock } from "~/.server/core/clock";
import { parseConfig } from "~/.server/core/config";
import type { Db } from "~/.server/core/db/database";
import { seedReaders } from "../../support/broadcast-audience";
import { builtServerLinkSecret } from "../../support/built-server";
import type { SmtpSink } from "../../support/smtp-sink";

export const owner = "owner@presence.example";

/** The settings a built server sending broadcasts runs with, beside the test's own. */
export function broadcastServerEnv(databaseUrl: string, smtpUrl: string) {
  return {
    DATABASE_URL: databaseUrl,
    SMTP_URL: smtpUrl,
    SITE_URL: "http://presence.example",
    MAIL_FROM: "Presence Selling <no-reply@presence.example>",
    MAIL_POSTAL_ADDRESS: "Presence Selling LLC, 1942 Broadway Suite 314, Boulder, CO 80302, USA",
    OWNER_EMAIL: owner,
    BROADCAST_QUEUE_INTERVAL_MS: "200",
  };
}

/**
 * Seeds `count` confirmed readers and sends them a broadcast as the console would (frozen, status
 * queued); the built servers on the same database queue and deliver it. Resolves with its id and
 * the readers' addresses.
 */
export async function sendBroadcastToReaders(
  db: Db,
  env: Record<string, string>,
  { count, tag }: { count: number; tag: string },
) {
  const addresses = Array.from(
    { length: count },
    (_, index) => `${tag}-${String(index).padStart(4, "0")}@readers.test`,
  );
  await seedReaders(
    db,
    addresses.map((email) => ({ email })),
  );
  const config = parseConfig({ ...env, NEWSLETTER_LINK_SECRET: builtServerLinkSecret });
  const deps = {
    db,
    clock: systemClock,
    config,
    outbox: { wake: () => {} },
    broadcastQueue: { wake: () => {} },
  };
  const draft = await saveBroadcastDraft(deps, {
    actor: owner,
    input: {
      subject: `The ${tag} letter`,
      previewText: "Three breaths before the ask",
      bodyMarkdown: "Hello reader, a short letter for you.",
      list: "newsletter",
      interests: [],
    },
  });
  if (draft.outcome !== "saved") throw new Error(`The draft was not saved: ${draft.outcome}`);
  const sent = await sendBroadcast(deps, { id: draft.id, actor: owner });
  if (sent !== "queued") throw new Error(`The broadcast was not queued: ${sent}`);
  return { id: draft.id, addresses, deps };
}

/** How many times the sink received the broadcast for each address (absent: never). */
export function receiptsByAddress(sink: SmtpSink, subject: string) {
  const receipts = new Map<string, number>();
  for (const email of sink.received) {
    if (email.parsed.subject !== subject) continue;
    for (const to of email.envelopeTo) receipts.set(to, (receipts.get(to) ?? 0) + 1);
  }
  return receipts;
}
