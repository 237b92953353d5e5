import { randomUUID } from "node:crypto";
import type { Db } from "../../app/.server/core/db/database";

/**
 * An active newsletter sequence for the benches, written directly (no console): its steps have
 * these delays in days, subjects `subjects[i]` (or "Step i+1"). Resolves with its id.
 */
export async function seedSequence(
  db: Db,
  {
    at,
    sendHour,
    exitProduct,
    delays,
    subjects = [],
  }: {
    at: string;
    sendHour: number;
    exitProduct: string | null;
    delays: number[];
    subjects?: string[];
  },
) {
  const sequenceId = randomUUID();
  await db
    .insertInto("sequences")
    .values({
      id: sequenceId,
      name: "Welcome",
      trigger: "newsletter_confirmed",
      trigger_detail: null,
      list: "newsletter",
      send_hour: sendHour,
      exit_product: exitProduct,
      exit_on_booking: 0,
      exit_on_registration: 0,
      exit_on_sequence_id: null,
      restart: "none",
      status: "active",
      created_at: at,
      updated_at: at,
    })
    .execute();
  await db
    .insertInto("sequence_steps")
    .values(
      delays.map((delay, position) => ({
        id: randomUUID(),
        sequence_id: sequenceId,
        position,
        subject: subjects[position] ?? `Step ${position + 1}`,
        body_markdown:
          "# Hello\n\nA step of a realistic length, with a [link](https://presence.example/about).",
        delay_days: delay,
        removed_at: null,
        created_at: at,
        updated_at: at,
      })),
    )
    .execute();
  return sequenceId;
}
