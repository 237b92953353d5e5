import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "./db/schema";

export type AdminAction = {
  actor: string;
  action: string;
  subject?: string;
  detail?: Record<string, unknown>;
  now: Date;
};

/** Writes who did what, when. Call it with the transaction of the change it records. */
export async function recordAdminAction(trx: Kysely<Database>, entry: AdminAction) {
  await trx
    .insertInto("admin_audit_log")
    .values({
      id: randomUUID(),
      actor_email: entry.actor,
      action: entry.action,
      subject: entry.subject ?? null,
      detail: JSON.stringify(entry.detail ?? {}),
      created_at: entry.now.toISOString(),
    })
    .execute();
}
