import { randomUUID } from "node:crypto";
import type { Db } from "~/.server/core/db/database";
import { personRow } from "./seed-person";

export type SeededReader = {
  email: string;
  status?: "pending" | "confirmed" | "unsubscribed";
  interests?: string[];
  waitlist?: boolean;
};

/** Writes people with their newsletter membership (and waitlist one), 500 people a statement. */
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
      .values(slice.map((reader) => personRow({ id: reader.id, email: reader.email, at })))
      .execute();
    const membership = (reader: (typeof slice)[number], list: "newsletter" | "waitlist") => ({
      id: randomUUID(),
      person_id: reader.id,
      list,
      status: list === "waitlist" ? ("confirmed" as const) : (reader.status ?? "confirmed"),
      interests: JSON.stringify(list === "newsletter" ? (reader.interests ?? []) : []),
      source: "/signup",
      consent_text: "yes",
      consented_at: at,
      confirmation_sent_at: at,
      confirmed_at: list === "newsletter" && reader.status === "pending" ? null : at,
      unsubscribed_at: null,
      notified_at: null,
      created_at: at,
      updated_at: at,
    });
    await db
      .insertInto("list_memberships")
      .values([
        ...slice.map((reader) => membership(reader, "newsletter")),
        ...slice
          .filter((reader) => reader.waitlist)
          .map((reader) => membership(reader, "waitlist")),
      ])
      .execute();
  }
  return ids;
}
