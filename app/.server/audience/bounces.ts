import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { emailKey } from "../services/email-key";

/**
 * Whether a send failed because the receiving server refused the address for good: a 5xx reply
 * to RCPT TO (nodemailer's `responseCode` and `command`). Other 5xx (a refused sender, a full
 * disk said permanently) are not the reader's fault and do not mark them.
 */
export function isPermanentRefusal(cause: unknown) {
  const { responseCode, command } = (cause ?? {}) as { responseCode?: number; command?: string };
  return (
    typeof responseCode === "number" &&
    responseCode >= 500 &&
    responseCode < 600 &&
    /RCPT/i.test(command ?? "")
  );
}

/** Marks the person with this address as bounced: later broadcasts leave them out. */
export async function markBounced(
  trx: Kysely<Database>,
  { address, reason, now }: { address: string; reason: string; now: Date },
) {
  await trx
    .updateTable("people")
    .set({ bounced_at: now.toISOString(), bounce_reason: reason.slice(0, 500) })
    .where("email_key", "=", emailKey(address))
    .where("bounced_at", "is", null)
    .execute();
}
