import { systemClock } from "../../core/clock";
import { dkimSigning, type AppConfig } from "../../core/config";
import { backgroundDatabase, type AppDatabase } from "../../core/db/database";
import { logger, logLines } from "../../core/logger";
import { broadcastOutboxHooks } from "../../broadcasts";
import { isSequenceEmail, sequenceOutboxHooks } from "../../sequences";
import type { OutboxHooks } from "../../mail";
import type { OutboxEmailTable } from "../../core/db/schema";
import { createMailTransport } from "../../mail/mail-transport";
import { startOutboxWorker } from "../../mail/outbox-worker";
import { registerSiteEmails } from "../wiring/site-emails";

/** What the rest of the process holds of the outbox's sender, wherever it runs. */
export type OutboxSender = {
  /** Looks for due emails now (after a request queued one) instead of at the next poll. */
  wake(): void;
  /** Stops claiming; resolves once the emails in hand are settled and connections are closed. */
  stop(): Promise<void>;
};

/**
 * The outbox's hooks for every bulk email: a batch is a broadcast's or a sequence's (by purpose),
 * each completed by its own capability; refusals and pauses are the broadcasts' (a refused address
 * is marked bounced, which stops the reader's sequences too).
 */
export function siteOutboxHooks(deps: { db: AppDatabase["db"]; config: AppConfig }): OutboxHooks {
  const broadcasts = broadcastOutboxHooks(deps);
  const sequences = sequenceOutboxHooks({ ...deps, clock: systemClock });
  return {
    ...broadcasts,
    async completeBulk(emails: OutboxEmailTable[]) {
      const ofSequences = emails.filter(isSequenceEmail);
      const ofBroadcasts = emails.filter((email) => !isSequenceEmail(email));
      const [forBroadcasts, forSequences] = await Promise.all([
        broadcasts.completeBulk!(ofBroadcasts),
        sequences.completeBulk!(ofSequences),
      ]);
      return new Map([...forBroadcasts, ...forSequences]);
    },
    // Only a sequence's emails are asked again at the last moment (a broadcast's at claim time).
    lastCheck: (email) =>
      isSequenceEmail(email) ? sequences.lastCheck(email) : Promise.resolve(undefined),
    // A sequence paused waits for the owner: through a storm its emails wait for the server.
    stormPauses: (email) => !isSequenceEmail(email),
    async bulkPaused(trx, pause) {
      // A sequence's batch is its id: it pauses (its emails stay held until the owner resumes).
      if (!(await sequences.bulkPaused(trx, pause))) await broadcasts.bulkPaused?.(trx, pause);
    },
  };
}

/** The outbox worker as the settings describe it, with its transport, beside `database`. */
export async function startConfiguredOutbox(
  config: AppConfig,
  database: AppDatabase,
  { roomToSend }: { roomToSend?: (signal: AbortSignal) => Promise<void> } = {},
): Promise<OutboxSender> {
  const workerDatabase = await backgroundDatabase(config.DATABASE_URL, database);
  const dkim = dkimSigning(config);
  const transport = createMailTransport({
    smtpUrl: config.SMTP_URL,
    smtpTimeoutMs: config.SMTP_TIMEOUT_MS,
    smtpDataReplyTimeoutMs: config.SMTP_DATA_REPLY_TIMEOUT_MS,
    pool: {
      connections: config.SMTP_POOL_CONNECTIONS,
      maxConnections: config.SMTP_POOL_MAX_CONNECTIONS ?? config.SMTP_POOL_CONNECTIONS * 4,
      messagesPerConnection: config.SMTP_POOL_MESSAGES,
    },
    mailDir: config.MAIL_DIR,
    dkim,
    bounceAddress: config.BOUNCE_ADDRESS,
  });
  const worker = startOutboxWorker({
    db: workerDatabase.db,
    transport,
    clock: systemClock,
    pollIntervalMs: config.OUTBOX_POLL_INTERVAL_MS,
    maxAttempts: config.OUTBOX_MAX_ATTEMPTS,
    retryBaseMs: config.OUTBOX_RETRY_BASE_MS,
    leaseMs: config.OUTBOX_LEASE_MS,
    // Four per connection: the pool queues the rest, so each connection always has the next
    // email ready, and claims and writes go in larger batches (decision 078: about 15 % more
    // emails per second than two per connection); and enough for every connection a slow server
    // opens (decision 280).
    concurrency: Math.max(config.SMTP_POOL_CONNECTIONS * 4, config.SMTP_POOL_MAX_CONNECTIONS ?? 0),
    logger: logLines,
    hooks: siteOutboxHooks({ db: database.db, config }),
    // The capabilities' emails, handed to the engine like the hooks (in a thread or process too).
    templates: registerSiteEmails(),
    bulkRatePerMinute: config.BROADCAST_RATE_PER_MINUTE,
    pauseRefusalPercent: config.BROADCAST_PAUSE_REFUSAL_PERCENT,
    roomToSend,
  });
  logger.info(
    {
      mail: transport.description,
      dkim: dkim ? `${dkim.keySelector}._domainkey.${dkim.domainName}` : "off",
    },
    "outbox: sending",
  );
  return {
    wake: worker.wake,
    async stop() {
      await worker.stop();
      transport.close();
      await workerDatabase.destroy();
    },
  };
}
