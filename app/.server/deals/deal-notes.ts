import { randomUUID } from "node:crypto";
import { z } from "~/lib/zod";
import { recordAdminAction } from "../core/audit-log";
import { invalidInput, type InvalidInput } from "../core/invalid-input";
import type { ServiceDeps } from "../core/service-deps";

type Deps = Pick<ServiceDeps, "db" | "clock">;

const noteSchema = z.object({
  note: z
    .string()
    .trim()
    .min(1, "Write the note")
    .max(5000, "A note must be at most 5000 characters"),
});

export type AddNoteOutcome =
  InvalidInput | { outcome: "added"; id: string } | { outcome: "not-found" };

/** A note the owner adds on a deal's page, for its timeline; audited without its text. */
export async function addDealNote(
  deps: Deps,
  { dealId, fields, actor }: { dealId: string; fields: URLSearchParams; actor: string },
): Promise<AddNoteOutcome> {
  const parsed = noteSchema.safeParse({ note: fields.get("note") ?? "" });
  if (!parsed.success) return invalidInput(parsed.error);
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx): Promise<AddNoteOutcome> => {
    const deal = await trx
      .selectFrom("deals")
      .select("id")
      .where("id", "=", dealId)
      .executeTakeFirst();
    if (!deal) return { outcome: "not-found" };
    const id = randomUUID();
    await trx
      .insertInto("deal_notes")
      .values({
        id,
        deal_id: dealId,
        body: parsed.data.note,
        author: actor,
        created_at: now.toISOString(),
      })
      .execute();
    await recordAdminAction(trx, {
      actor,
      action: "deals.note-added",
      subject: dealId,
      detail: { note: id },
      now,
    });
    return { outcome: "added", id };
  });
}
