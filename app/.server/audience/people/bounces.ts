import type { Kysely } from "kysely";
import type { Database } from "../../core/db/schema";
import { emailKey } from "../../core/email-key";
import { emitPersonEvent } from "../../core/person-events";

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
  // Their sequences stop with every email not yet sent (decision 170).
  await emitPersonEvent(trx, { kind: "bounced", emailKey: emailKey(address), now });
}
