import type { Clock } from "../core/clock";
import type { Db } from "../core/db/database";
import type { AttemptRecorder, DeliveryOutcome } from "./outbox-attempt-records";
import type { ClaimedEmail, OutboxClaims } from "./outbox-claims";
import type { BulkCompletion, BulkPause, OutboxHooks } from "./outbox-hooks";
import { NoFinalReply, Withdrawn, type MailTransport } from "./mail-transport";
import type { SharedBody } from "./shared-body";
import type { bulkRefusalBreaker, serverRefusalBreaker } from "./refusal-breakers";
import { classifySendFailure, isTemporaryRefusal, type SendFailure } from "./smtp-refusal";
import type { EmailAttachment } from "./templates/email-template";
import {
  renderStoredEmail,
  UnrenderableEmail,
  type EmailTemplates,
} from "./templates/template-registry";

type LogFields = Record<string, string | number | boolean | undefined>;

/** Structured lines (pino's order: fields, then words): ids, counts and the server's reply only. */
export type OutboxLogger = {
  info(fields: LogFields, message: string): void;
  warn(fields: LogFields, message: string): void;
  error(fields: LogFields, message: string): void;
};

export type DeliveryContext = {
  db: Db;
  transport: MailTransport;
  clock: Clock;
  workerId: string;
  maxAttempts: number;
  retryBaseMs: number;
  retryMaxMs: number;
  leaseMs: number;
  claims: OutboxClaims;
  hooks: OutboxHooks;
  logger: OutboxLogger;
  bulkBreaker: ReturnType<typeof bulkRefusalBreaker>;
  serverBreaker: ReturnType<typeof serverRefusalBreaker>;
  /** The breaker's share, for the reason the owner reads. */
  pauseRefusalPercent: number;
  /** What draws an email stored as a template's name and data. */
  templates: EmailTemplates;
  /** Writes each finished attempt, batched with the others finishing meanwhile. */
  recorder: AttemptRecorder;
};

export type { DeliveryOutcome };

/** SMTP replies often quote the recipient; logs carry no email addresses. */
export function withoutAddresses(text: string) {
  return text.replace(/[^\s<>"'@]+@[^\s<>"'@]+/g, "[address]");
}

export function retryDelayMs(attempt: number, baseMs: number, maxMs: number) {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
}

/**
 * The back-off after a refusal for now, lengthened by up to half at random: emails refused
 * together (a provider's storage or rate limit) do not all come back at the same moment.
 */
export function jitteredRetryDelayMs(
  attempt: number,
  baseMs: number,
  maxMs: number,
  random = Math.random,
) {
  return Math.round(retryDelayMs(attempt, baseMs, maxMs) * (1 + random() / 2));
}

/** Refusals for now in a row, on every email, that make a storm (see `bulkPause`). */
const stormRefusals = 10;

/** Why the engine stops a bulk batch (complaints come from after delivery, not from it). */
export type PauseCause = Exclude<BulkPause["cause"], "complaints">;

/** `550 5.1.1 No such mailbox`: what the outbox stores as the attempt's error. */
function describe(failure: SendFailure) {
  return failure.code && !failure.words.startsWith(String(failure.code))
    ? `${failure.code} ${failure.words}`
    : failure.words;
}

/** The fields an operator reads on a failed attempt, and nothing else (never an error object). */
function failureFields(email: ClaimedEmail, failure: SendFailure, maxAttempts: number): LogFields {
  return {
    emailId: email.id,
    purpose: email.purpose,
    attempt: email.attempts,
    maxAttempts,
    kind: failure.kind,
    code: failure.code,
    status: failure.status,
    reply: withoutAddresses(failure.words),
  };
}

/** Puts a claimed email back without using up its attempt: it was not the email's fault. */
function unclaimed(email: ClaimedEmail, status: "held" | "pending", nextAttemptAt?: string) {
  return {
    status,
    attempts: Math.max(0, email.attempts - 1),
    ...(nextAttemptAt ? { next_attempt_at: nextAttemptAt } : {}),
  };
}

/**
 * Sends one claimed email and records what happened, in one transaction with the hooks' writes. A
 * bulk email comes with its completion (the hooks complete a claimed batch at once).
 */
export async function deliverEmail(
  context: DeliveryContext,
  claimed: ClaimedEmail,
  completion?: BulkCompletion,
): Promise<DeliveryOutcome> {
  const { db, clock, workerId, logger, maxAttempts } = context;
  let email = claimed;
  let sharedBody: SharedBody | undefined;
  const batchId = email.broadcast_id;
  const release = (set: Record<string, unknown>) =>
    db
      .updateTable("outbox_emails")
      .set({ ...set, locked_by: null, locked_until: null })
      .where("id", "=", email.id)
      .where("locked_by", "=", workerId)
      .execute();

  if (batchId) {
    if (!completion) throw new Error("A bulk email came without its completion");
    if ("skip" in completion) {
      await release({ status: "cancelled", last_error: completion.skip });
      return "skipped";
    }
    if ("hold" in completion) {
      await release(unclaimed(email, "held"));
      return "held";
    }
    email = {
      ...email,
      html_body: completion.send.html,
      text_body: completion.send.text,
      headers: JSON.stringify(completion.send.headers),
    };
    sharedBody = completion.send.sharedBody;
  }

  // The lease is renewed from here on: the first email after a start waits for the templates
  // and the SMTP thread to load, which under load outlasted a short lease (another worker then
  // claimed the email again, spending its attempts).
  const renewal = setInterval(() => {
    context.claims
      .renewLease(email.id)
      .catch((cause: unknown) =>
        logger.warn(
          { emailId: email.id, reply: withoutAddresses((cause as Error).message) },
          "outbox: could not renew a lease",
        ),
      );
  }, context.leaseMs / 3);
  let startedAt: string;
  let failure: SendFailure | undefined;
  let noReply: NoFinalReply | undefined;
  // A bulk email is asked about again by its hooks once a connection is free for it.
  let withdrawn: { skip: string } | { hold: string } | undefined;
  const lastCheck = context.hooks.lastCheck;
  const claimedRef = email;
  const stillWanted =
    batchId && lastCheck
      ? async () => {
          withdrawn = await lastCheck(claimedRef);
          return withdrawn === undefined;
        }
      : undefined;
  try {
    let attachments: EmailAttachment[] = [];
    const template = email.template;
    if (template) {
      // Rendered here, when it is sent, not in the request that queued it (decision 087).
      try {
        const body = await renderStoredEmail(
          template,
          email.template_data ?? "null",
          context.templates,
        );
        email = { ...email, html_body: body.html, text_body: body.text };
        attachments = body.attachments;
      } catch (error) {
        if (!(error instanceof UnrenderableEmail)) throw error;
        logger.error(
          { emailId: email.id, purpose: email.purpose, template },
          "OUTBOX GAVE UP: the email cannot be rendered",
        );
        await release({ status: "failed", last_error: error.message });
        return "failed";
      }
    }

    startedAt = clock.now().toISOString();
    try {
      await context.transport.send({
        id: email.id,
        createdAt: email.created_at,
        to: email.to_address,
        from: email.from_address,
        replyTo: email.reply_to ?? undefined,
        subject: email.subject,
        text: email.text_body,
        html: email.html_body ?? undefined,
        headers: JSON.parse(email.headers) as Record<string, string>,
        attachments,
        sharedBody,
        stillWanted,
      });
    } catch (cause) {
      if (cause instanceof Withdrawn) withdrawn ??= { skip: cause.message };
      else if (cause instanceof NoFinalReply) noReply = cause;
      else failure = classifySendFailure(cause);
    }
  } finally {
    clearInterval(renewal);
  }

  if (withdrawn) {
    if ("hold" in withdrawn) {
      await release(unclaimed(email, "held"));
      return "held";
    }
    await release({ status: "cancelled", last_error: withdrawn.skip });
    return "skipped";
  }
  const finished = clock.now();
  const finishedAt = finished.toISOString();
  if (noReply) return deliveryUncertain(context, email, startedAt, finished, noReply);
  context.serverBreaker.record(failure?.kind ?? "sent");
  const temporary = failure !== undefined && isTemporaryRefusal(failure);
  // A refusal is a reply from the server; a lost connection says nothing about the list. A refusal
  // for now counts only once it persists after a back-off (the email's second attempt or later):
  // the first is simply retried.
  const tripped =
    batchId !== null &&
    !(temporary && email.attempts <= 1) &&
    context.bulkBreaker.record(batchId, failure?.code !== undefined, finished.getTime());
  // Refused for now, every email in a row: each email's attempts stay at 1 while the server is
  // waited for, so only the storm itself can pause the batch. Ten in a row, not the three that
  // hold transactional mail back: a server refusing every second email is no storm.
  const storm =
    batchId !== null &&
    temporary &&
    failure?.kind === "provider" &&
    context.serverBreaker.refusalsInARow >= stormRefusals &&
    (context.hooks.stormPauses?.(email) ?? false);
  const pause = bulkPause(context, email, failure, { temporary, tripped, storm });

  let outcome: DeliveryOutcome;
  let update: Record<string, unknown>;
  if (!failure) {
    outcome = "sent";
    update = { status: "sent", sent_at: finishedAt, last_error: null };
  } else if (pause) {
    outcome = "held";
    update = { ...unclaimed(email, "held"), last_error: describe(failure) };
  } else if (failure.kind === "mailbox" || failure.kind === "message") {
    outcome = "failed";
    update = { status: "failed", last_error: describe(failure) };
  } else if (failure.kind === "provider" && context.serverBreaker.refusingEverything) {
    // The server refuses everyone: wait for it without spending the email's attempts.
    outcome = "retry";
    const due = new Date(finished.getTime() + context.retryBaseMs).toISOString();
    update = { ...unclaimed(email, "pending", due), last_error: describe(failure) };
  } else if (email.attempts >= maxAttempts) {
    outcome = "failed";
    update = { status: "failed", last_error: describe(failure) };
  } else {
    outcome = "retry";
    const delay = temporary
      ? jitteredRetryDelayMs(email.attempts, context.retryBaseMs, context.retryMaxMs)
      : retryDelayMs(email.attempts, context.retryBaseMs, context.retryMaxMs);
    update = {
      status: "pending",
      last_error: describe(failure),
      next_attempt_at: new Date(finished.getTime() + delay).toISOString(),
    };
  }

  const paused = await context.recorder.record({
    email,
    startedAt,
    finished,
    failure: failure && { ...failure, described: describe(failure) },
    update,
    outcome,
    pause: failure && pause && batchId ? { batchId, ...pause, tripped } : undefined,
  });

  if (failure) {
    const fields = failureFields(email, failure, maxAttempts);
    if (paused)
      logger.warn(
        { ...fields, batchId: batchId!, cause: pause?.cause, refusalClass: failure.kind },
        "outbox: bulk batch paused",
      );
    else if (outcome === "failed") logger.error(fields, "OUTBOX GAVE UP: will not be retried");
    else if (outcome === "retry") logger.warn(fields, "outbox: attempt failed, will retry");
  }
  return outcome;
}

/**
 * The server took the whole message and never answered: it may have delivered it, so the email
 * is "may not have gone out", whatever its kind, and waits for the owner's "send again" (a resend
 * on its own risks a second copy). No refusal: nothing is counted against the batch or the server.
 */
async function deliveryUncertain(
  context: DeliveryContext,
  email: ClaimedEmail,
  startedAt: string,
  finished: Date,
  noReply: NoFinalReply,
): Promise<DeliveryOutcome> {
  const words = noReply.message;
  await context.recorder.record({
    email,
    startedAt,
    finished,
    failure: { kind: "transient", words, described: words },
    update: { status: "uncertain", uncertain_at: finished.toISOString(), last_error: words },
    outcome: "uncertain",
  });
  context.logger.warn(
    { emailId: email.id, purpose: email.purpose, attempt: email.attempts, reply: words },
    "outbox: no reply to the end of the message, it may have gone out (not sent again)",
  );
  return "uncertain";
}

/**
 * Whether a bulk email's failure stops its batch, and why: a refusal no retry fixes (a policy
 * block, 5.7.1) at once; permanent refusals past the breaker's share; refusals for now (4xx) only
 * once they persist after back-off (past the share on retries, or an email out of attempts), or
 * as a storm (the server refusing every email) where the batch's hooks want it paused.
 * Everything else is the email's own affair: retried, bounced or given up.
 */
function bulkPause(
  context: DeliveryContext,
  email: ClaimedEmail,
  failure: SendFailure | undefined,
  { temporary, tripped, storm }: { temporary: boolean; tripped: boolean; storm: boolean },
): { reason: string; cause: PauseCause } | undefined {
  if (!failure || email.broadcast_id === null) return undefined;
  const share = `more than ${context.pauseRefusalPercent}% of the latest sends were refused`;
  if (temporary) {
    if (storm)
      return {
        cause: "temporary",
        reason: `The server refuses every email for now, one after another (the last: ${describe(failure)})`,
      };
    if (tripped)
      return {
        cause: "temporary",
        reason: `Refusals for now persisted after retrying: ${share} again after waiting (the last: ${describe(failure)})`,
      };
    if (email.attempts >= context.maxAttempts)
      return {
        cause: "temporary",
        reason: `An email was refused for now ${email.attempts} times in a row (the last: ${describe(failure)})`,
      };
    return undefined;
  }
  if (failure.kind === "provider" && failure.code !== undefined)
    return { cause: "block", reason: `The provider refused to send: ${describe(failure)}` };
  if (tripped)
    return {
      cause: "burst",
      reason: `A burst of refusals: ${share} (the last: ${describe(failure)})`,
    };
  return undefined;
}
