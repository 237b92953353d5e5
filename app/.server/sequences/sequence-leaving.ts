import { unsubscribeLinkPerson } from "../audience";
import { checkRateLimits } from "../core/rate-limit";
import type { ServiceDeps } from "../core/service-deps";
import { listNames } from "~/lib/lists";
import { endEnrollments } from "./sequence-enrollment";

type Deps = Pick<ServiceDeps, "db" | "config" | "clock">;

/** Leaves per client address in the shared window: a reader leaves once or twice, a bot more. */
const leavesPerWindow = 30;

/**
 * The path of a sequence email's "leave this sequence" link: the sequence, its list, and the
 * reader's unsubscribe token for that list (the one personal value a shared body carries).
 */
export const leavePath = (sequenceId: string, list: string, token: string) =>
  `/sequences/${sequenceId}/leave/${list}/${token}`;

export type LeaveLink = { sequenceId: string; list: string; token: string };

async function linkedReader(deps: Deps, link: LeaveLink) {
  const list = listNames.find((name) => name === link.list);
  if (!list) return undefined;
  const sequence = await deps.db
    .selectFrom("sequences")
    .select(["id", "name", "list"])
    .where("id", "=", link.sequenceId)
    .executeTakeFirst();
  if (!sequence || sequence.list !== list) return undefined;
  const personId = await unsubscribeLinkPerson(deps, { list, token: link.token });
  return personId ? { sequence, personId } : undefined;
}

/** Whether a leave link can be used, and the sequence's name for its page (opening changes nothing). */
export async function readLeaveLink(deps: Deps, link: LeaveLink) {
  const reader = await linkedReader(deps, link);
  return reader
    ? { state: "ready" as const, name: reader.sequence.name }
    : { state: "invalid" as const };
}

/**
 * The reader leaves this one sequence (their run ends, its emails not yet handed over are
 * cancelled); the list and other sequences stay. Saying it twice is harmless.
 */
export async function leaveSequence(
  deps: Deps,
  { link, clientAddress }: { link: LeaveLink; clientAddress: string },
): Promise<
  | { outcome: "left"; name: string }
  | { outcome: "invalid" }
  | { outcome: "rate-limited"; retryAfterSeconds: number }
> {
  const limited = await checkRateLimits(deps, {
    bucket: "sequence-leave",
    keys: [`ip:${clientAddress}`],
    limit: leavesPerWindow,
  });
  if (!limited.allowed)
    return { outcome: "rate-limited", retryAfterSeconds: limited.retryAfterSeconds };
  const reader = await linkedReader(deps, link);
  if (!reader) return { outcome: "invalid" };
  await deps.db.transaction().execute((trx) =>
    endEnrollments(trx, {
      personId: reader.personId,
      status: "cancelled",
      reason: "left the sequence",
      onlySequenceId: reader.sequence.id,
      now: deps.clock.now(),
    }),
  );
  return { outcome: "left", name: reader.sequence.name };
}
