import { randomUUID } from "node:crypto";
import type { Db } from "~/.server/db/database";

export type SeededReader = {
  email: string;
  status?: "pending" | "confirmed" | "unsubscribed";
  interests?: string[];
  waitlist?: boolean;
};

/** Writes people with their newsletter subscription (and waitlist signup), 500 a statement. */
export async function seedReaders(
  db: Db,
  readers: SeededReader[],
  at = "2026-11-01T00:00:00.000Z",
) {
  const ids: string[] = [];
  for (let start = 0; start < readers.length; start += 500) {
    const slice = readers
      .slice(start, start + 500)
      .map((reader) => ({ ...reader, id: randomUUID() }));
    ids.push(...slice.map((reader) => reader.id));
    await db
      .insertInto("people")
      .values(
        slice.map((reader) => ({
          id: reader.id,
          email: reader.email,
          email_key: reader.email.toLowerCase(),
          first_name: null,
          last_name: null,
          source: "/signup",
          first_seen_at: at,
          last_seen_at: at,
          bounced_at: null,
          bounce_reason: null,
        })),
      )
      .execute();
    await db
      .insertInto("subscribers")
      .values(
        slice.map((reader) => ({
          id: randomUUID(),
          email: reader.email,
          email_key: reader.email.toLowerCase(),
          first_name: null,
          interests: JSON.stringify(reader.interests ?? []),
          source: "/signup",
          consent_text: "yes",
          consented_at: at,
          status: reader.status ?? "confirmed",
          confirmation_sent_at: at,
          confirmed_at: reader.status === "pending" ? null : at,
          unsubscribed_at: null,
          person_id: reader.id,
          created_at: at,
          updated_at: at,
        })),
      )
      .execute();
    const waiting = slice.filter((reader) => reader.waitlist);
    if (waiting.length > 0) {
      await db
        .insertInto("waitlist_signups")
        .values(
          waiting.map((reader) => ({
            id: randomUUID(),
            email: reader.email,
            email_key: reader.email.toLowerCase(),
            status: "confirmed" as const,
            created_at: at,
            confirmation_sent_at: at,
            confirmed_at: at,
            notified_at: null,
            person_id: reader.id,
          })),
        )
        .execute();
    }
  }
  return ids;
}
