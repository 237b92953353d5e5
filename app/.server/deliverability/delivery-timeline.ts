import type { TimelineEvent } from "../audience";
import type { Db } from "../core/db/database";

const bounceTitle = { hard: "Hard bounce", soft: "Soft bounce" } as const;
const outcomeNote = {
  recorded: "",
  suppressed: " · the address is suppressed",
  unsubscribed: " · taken off every list",
} as const;

/**
 * A person's delivery events for their page: each bounce and complaint a provider reported, and
 * each lift of a suppression with the owner's reason (from the audit log).
 */
export async function personDeliveryTimeline(db: Db, personId: string): Promise<TimelineEvent[]> {
  const [reported, lifts] = await Promise.all([
    db
      .selectFrom("delivery_events")
      .select(["kind", "bounce", "provider", "occurred_at", "detail", "outcome", "purpose"])
      .where("person_id", "=", personId)
      // Oldest first, events reported for one instant in the order they came.
      .orderBy("occurred_at")
      .orderBy("received_at")
      .orderBy("id")
      .execute(),
    db
      .selectFrom("admin_audit_log")
      .select(["created_at", "actor_email", "detail"])
      .where("action", "=", "deliverability.lift")
      .where("subject", "=", personId)
      .orderBy("created_at")
      .orderBy("id")
      .execute(),
  ]);
  const events: TimelineEvent[] = reported.map((row) => ({
    at: row.occurred_at,
    kind: "delivery",
    title: `${row.kind === "complaint" ? "Spam complaint" : bounceTitle[row.bounce ?? "hard"]} (${row.provider})${outcomeNote[row.outcome]}`,
    detail: [row.purpose, row.detail].filter(Boolean).join(" · ") || undefined,
  }));
  for (const lift of lifts) {
    const { reason } = JSON.parse(lift.detail) as { reason?: string };
    events.push({
      at: lift.created_at,
      kind: "delivery",
      title: `Suppression lifted by ${lift.actor_email}`,
      detail: reason ? `Reason: ${reason}` : undefined,
    });
  }
  return events;
}
