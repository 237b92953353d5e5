import { sql, type SqlBool } from "kysely";

/**
 * A reader's consent to a sequence, as the condition of a left join of `list_memberships as
 * member` beside `sequences`: a confirmed membership of the sequence's list (one per person and
 * list, by its unique key). `reader` names the column holding the reader's person id. Read when a
 * pass queues a step and again when the email is drawn and handed over.
 */
export function consentJoin(reader: "enrollment.person_id" | "send.person_id") {
  return sql<SqlBool>`${sql.ref("member.person_id")} = ${sql.ref(reader)}
    and ${sql.ref("member.list")} = ${sql.ref("sequences.list")}
    and ${sql.ref("member.status")} = ${"confirmed"}`;
}
