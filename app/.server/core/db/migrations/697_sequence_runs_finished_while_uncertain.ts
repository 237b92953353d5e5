import { sql, type Kysely } from "kysely";

/**
 * Runs that read "finished" before decision 326 while one of their emails may not have gone out
 * (issue 49 point 4) are set aside as `uncertain`, as the pass sets such a run aside now: once,
 * so the sequence's page counts them and a "Send again" or "Dismiss" moves them on.
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    update sequence_enrollments
    set status = 'uncertain', ended_reason = 'an email may not have gone out', next_due_at = null
    where status = 'finished'
      and id in (
        select send.enrollment_id
        from sequence_sends send
        join outbox_emails email on email.id = send.id
        where email.status = 'uncertain'
      )
  `.execute(db);
}
