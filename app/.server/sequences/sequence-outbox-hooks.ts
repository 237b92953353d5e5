import type { OutboxEmailTable } from "../core/db/schema";
import type { ServiceDeps } from "../core/service-deps";
import type { BulkCompletion, OutboxHooks } from "../mail";
import { guideReaderToken, membershipLinks } from "../audience";
import { consentJoin } from "./sequence-consent";
import { renderStep, stepCopy } from "./sequence-content";
import { sequenceEmailPurpose } from "./sequence-pass";

/** Whether a bulk email is a sequence's (the wiring routes its completion here). */
export const isSequenceEmail = (email: Pick<OutboxEmailTable, "purpose">) =>
  email.purpose === sequenceEmailPurpose;

type Deps = Pick<ServiceDeps, "db" | "config" | "clock">;

/** Each send with what decides whether it still goes: its run, its reader's consent, its step. */
function sendsWithConsent(db: Deps["db"], ids: string[]) {
  return db
    .selectFrom("sequence_sends as send")
    .innerJoin("sequence_enrollments as enrollment", "enrollment.id", "send.enrollment_id")
    .innerJoin("sequences", "sequences.id", "send.sequence_id")
    .innerJoin("sequence_steps as step", "step.id", "send.step_id")
    .innerJoin("people", "people.id", "send.person_id")
    .leftJoin("list_memberships as member", (join) => join.on(consentJoin("send.person_id")))
    .select([
      "send.id",
      "enrollment.status as enrollmentStatus",
      "sequences.status as sequenceStatus",
      "sequences.list",
      "sequences.id as sequenceId",
      "step.id as stepId",
      "step.subject",
      "step.body_markdown",
      "step.removed_at",
      "step.version",
      "send.step_version",
      "people.bounced_at",
      "send.person_id",
      "member.id as membershipId",
    ])
    .where("send.id", "in", ids);
}

type SendWithConsent = Awaited<ReturnType<ReturnType<typeof sendsWithConsent>["execute"]>>[number];

/**
 * Whether a send still goes: the run still on (an unsubscribe, a bounce or an exit since queueing
 * ends it), the reader still a confirmed member of the sequence's list, the step not removed, the
 * sequence not paused (then the email is held until it resumes). Undefined: it goes.
 */
function verdict(send: SendWithConsent): { skip: string } | { hold: string } | undefined {
  if (send.enrollmentStatus === "cancelled" || send.enrollmentStatus === "exited")
    return { skip: "The reader's sequence ended" };
  if (!send.membershipId || send.bounced_at)
    return { skip: "No longer on the list (unsubscribed or bounced)" };
  if (send.removed_at) return { skip: "The step was removed" };
  if (send.sequenceStatus !== "active") return { hold: "Sequence paused" };
  return undefined;
}

/**
 * Just before a batch of sequence emails goes out: each send's verdict, then the reader's copy:
 * the step drawn in the broadcasts' layout with the postal address, their list's unsubscribe link
 * and the RFC 8058 headers.
 */
export function sequenceCompletion({ db, config, clock }: Deps) {
  return async (emails: OutboxEmailTable[]): Promise<Map<string, BulkCompletion>> => {
    const completions = new Map<string, BulkCompletion>();
    if (emails.length === 0) return completions;
    const sends = await sendsWithConsent(
      db,
      emails.map((email) => email.id),
    ).execute();
    const rendered = new Map<string, Awaited<ReturnType<typeof renderStep>>>();
    // Sends whose step was edited after they were queued: they go out as the step is now.
    const redrawn: { id: string; version: number }[] = [];
    for (const send of sends) {
      const stopped = verdict(send);
      if (stopped) {
        completions.set(send.id, stopped);
        continue;
      }
      let frozen = rendered.get(send.stepId);
      if (!frozen) {
        frozen = await renderStep(config, {
          sequenceId: send.sequenceId,
          list: send.list,
          subject: send.subject,
          bodyMarkdown: send.body_markdown,
        });
        rendered.set(send.stepId, frozen);
      }
      const links = membershipLinks(
        config,
        { list: send.list, membershipId: send.membershipId! },
        clock.now(),
      );
      if (send.step_version !== send.version) redrawn.push({ id: send.id, version: send.version });
      completions.set(send.id, {
        send: stepCopy(config, frozen, {
          list: send.list,
          membershipUnsubscribeUrl: links.unsubscribe,
          readerToken: guideReaderToken(config, send.person_id),
        }),
      });
    }
    await recordDrawnVersions(db, redrawn);
    for (const email of emails) {
      if (!completions.has(email.id)) completions.set(email.id, { skip: "No send for this email" });
    }
    return completions;
  };
}

/**
 * The same verdict at the last moment, once a connection is free for the email: a claimed batch
 * can wait in the transport's queue, and an unsubscribe meanwhile must cancel it (issue 49).
 */
export function sequenceLastCheck({ db }: Pick<Deps, "db">) {
  return async (email: Pick<OutboxEmailTable, "id">) => {
    const [send] = await sendsWithConsent(db, [email.id]).execute();
    return send ? verdict(send) : { skip: "No send for this email" };
  };
}

/** What the sequences register with the outbox (composed with the broadcasts' by the wiring). */
export function sequenceOutboxHooks(deps: Deps) {
  return {
    completeBulk: sequenceCompletion(deps),
    lastCheck: sequenceLastCheck(deps),
    /**
     * The outbox stopped a sequence's batch (policy or volume refusals): the sequence pauses, its
     * emails already held. Resolves whether the batch was a sequence's.
     */
    async bulkPaused(
      trx: Parameters<NonNullable<OutboxHooks["bulkPaused"]>>[0],
      pause: { batchId: string; now: Date },
    ): Promise<boolean> {
      const sequence = await trx
        .selectFrom("sequences")
        .select("id")
        .where("id", "=", pause.batchId)
        .executeTakeFirst();
      if (!sequence) return false;
      await trx
        .updateTable("sequences")
        .set({ status: "paused", updated_at: pause.now.toISOString() })
        .where("id", "=", sequence.id)
        .where("status", "=", "active")
        .execute();
      return true;
    },
  };
}

/** Each reader's history says which version of the step they received: the one drawn here. */
async function recordDrawnVersions(
  db: Pick<ServiceDeps, "db">["db"],
  sends: { id: string; version: number }[],
) {
  for (const version of new Set(sends.map((send) => send.version))) {
    await db
      .updateTable("sequence_sends")
      .set({ step_version: version })
      .where(
        "id",
        "in",
        sends.filter((send) => send.version === version).map((send) => send.id),
      )
      .execute();
  }
}
