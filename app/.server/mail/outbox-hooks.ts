import type { Kysely } from "kysely";
import type { Database, OutboxEmailTable } from "../core/db/schema";
import type { SharedBody } from "./shared-body";
import type { SendFailure } from "./smtp-refusal";

/**
 * A bulk email's body for its reader just before it goes out, or why it does not go out now:
 * `skip` cancels it (the reader left, the send was stopped), `hold` keeps it aside until its batch
 * is released (the send is paused). `sharedBody` says what the body was filled in from, so the
 * transport encodes it once for the whole batch.
 */
export type BulkCompletion =
  | {
      send: {
        html: string;
        text: string;
        headers: Record<string, string>;
        sharedBody?: SharedBody;
      };
    }
  | { skip: string }
  | { hold: string };

/** An email the outbox is dealing with, as its hooks see it. */
export type OutboxEmailRef = Pick<
  OutboxEmailTable,
  "id" | "purpose" | "to_address" | "broadcast_id" | "attempts"
>;

/**
 * What the outbox's users register with it (the wiring passes one object): the outbox knows only
 * "transactional" and "bulk" emails (a bulk email belongs to a batch, its `broadcast_id`), and asks
 * these hooks what to do. Hooks called with `trx` run inside the transaction that records the
 * attempt, so what they write commits with it or not at all.
 */
export type OutboxHooks = {
  /**
   * Completes a claimed batch of bulk emails, each for its reader (by email id; an email left out
   * is skipped); without it bulk emails are not claimed.
   */
  completeBulk?(emails: OutboxEmailTable[]): Promise<Map<string, BulkCompletion>>;
  /**
   * Asked again of each bulk email at the last moment, once a connection is free for it and just
   * before it is handed over: a claimed batch may wait in the transport's queue for seconds, and a
   * reader who left meanwhile must not get it. Undefined sends it; `skip` cancels it, `hold` keeps
   * it with its paused batch.
   */
  lastCheck?(email: OutboxEmailRef): Promise<{ skip: string } | { hold: string } | undefined>;
  /**
   * Whether a storm (the server refusing every email for now, 421 after 421) pauses this bulk
   * email's batch: yes for a batch that probes and resumes by itself (a broadcast); otherwise its
   * emails wait out the storm without spending their attempts.
   */
  stormPauses?(email: OutboxEmailRef): boolean;
  /** The receiving server refused this address for good (5.1.x): it will never be retried. */
  addressRefused?(
    trx: Kysely<Database>,
    refusal: { email: OutboxEmailRef; failure: SendFailure; now: Date },
  ): Promise<void>;
  /**
   * A bulk batch must stop for now: a policy, reputation or volume refusal, or a burst of
   * refusals past the breaker's share. Its pending emails are already held; the hook records why
   * and tells the owner. Called once per pause by the worker that saw it.
   */
  bulkPaused?(trx: Kysely<Database>, pause: BulkPause): Promise<void>;
  /**
   * A bulk email's attempt failed, and what the engine does about it (`retried` later, `held`
   * with its paused batch, `bounced`, `failed` for good): for the batch's report.
   */
  bulkRefused?(
    trx: Kysely<Database>,
    refusal: {
      email: OutboxEmailRef;
      failure: SendFailure;
      now: Date;
      outcome: "retried" | "held" | "bounced" | "failed";
    },
  ): Promise<void>;
};

/**
 * Why a bulk batch stops: `block`, a refusal no retry fixes (5.7.1); `burst`, permanent refusals
 * past the breaker's share; `temporary`, refusals for now (4xx) that persisted after back-off (a
 * probe may find the provider accepting again); `complaints`, readers' spam complaints past the
 * owner's share, reported by the provider after delivery (no refusal: the engine never sees it).
 */
export type BulkPause = { batchId: string; reason: string; now: Date } & (
  | { cause: "block" | "burst" | "temporary"; failure: SendFailure }
  | { cause: "complaints"; failure?: undefined }
);
