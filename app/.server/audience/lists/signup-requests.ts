import { randomUUID } from "node:crypto";
import { whenAnswered } from "../../core/after-answer";
import { emailKey } from "../../core/email-key";
import { logFailure } from "../../core/logger";
import type { ServiceDeps } from "../../core/service-deps";
import { requestMembership, type MembershipRequest } from "./list-memberships";

/** Rows younger than this belong to an answer whose after-work may still be running. */
export const signupReplayAfterMs = 60_000;
const replayBatch = 100;

/** Turns a kept request into its membership (and email), then lets the request go. */
async function settleSignupRequest(deps: ServiceDeps, id: string, request: MembershipRequest) {
  await requestMembership(deps, request);
  // A crash between the two replays the request; the confirmation's cooling period keeps that
  // from sending a second email.
  await deps.db.deleteFrom("signup_requests").where("id", "=", id).execute();
}

/**
 * A newsletter or waitlist signup that passed its checks. One insert before the answer, the same
 * for a known and a new address, keeps it; what differs between them (rows, the email) runs after
 * the answer, so neither the time nor a database failure after the answer tells or loses anything.
 */
export async function receiveSignupRequest(deps: ServiceDeps, request: MembershipRequest) {
  const id = randomUUID();
  await deps.db
    .insertInto("signup_requests")
    .values({
      id,
      email_key: emailKey(request.email),
      request: JSON.stringify(request),
      received_at: deps.clock.now().toISOString(),
    })
    .execute();
  await whenAnswered(deps, `${request.list} signup`, () => settleSignupRequest(deps, id, request));
}

/**
 * Signups whose after-answer work failed (or whose instance stopped before it ran): each is
 * settled again. Resolves true when a full batch was read (more may be waiting).
 */
export async function replaySignupRequests(deps: ServiceDeps): Promise<boolean> {
  const before = new Date(deps.clock.now().getTime() - signupReplayAfterMs).toISOString();
  const rows = await deps.db
    .selectFrom("signup_requests")
    .select(["id", "request"])
    .where("received_at", "<", before)
    .orderBy("received_at")
    .limit(replayBatch)
    .execute();
  let settled = 0;
  for (const row of rows) {
    try {
      await settleSignupRequest(deps, row.id, JSON.parse(row.request) as MembershipRequest);
      settled += 1;
    } catch (error) {
      logFailure("a kept signup could not be settled", error, { signupRequest: row.id });
    }
  }
  return rows.length === replayBatch && settled > 0;
}
