import { randomUUID } from "node:crypto";
import { sql, type Kysely } from "kysely";
import type { SiteEvent } from "~/content/events";
import { eventFormSchema, foundationsPriceCents, type EventForm } from "~/lib/workshop-schema";
import { recordAdminAction } from "../core/audit-log";
import type { Database } from "../core/db/schema";
import { invalidInput, type InvalidInput } from "../core/invalid-input";
import type { ServiceDeps } from "../core/service-deps";
import type { WorkshopEventTable } from "./workshops-tables";
import { cohortTerms, eventsToday, isRegistrationOpen, type CohortTerms } from "./cohort-terms";
import { tellAttendeesOfMove } from "./cohort-changes";
import { offerFreeSeats } from "./waitlist";

type Db = Kysely<Database>;

/** Every dated appearance as the contact page lists them: read from the database, no deploy. */
export async function listSiteEvents(db: Db): Promise<SiteEvent[]> {
  const rows = await db
    .selectFrom("workshop_events")
    .select(["title", "kind", "start_date", "end_date", "location", "description"])
    .where("cancelled_at", "is", null)
    .orderBy("start_date")
    .execute();
  return rows.map((row) => ({
    title: row.title,
    kind: row.kind,
    date: row.start_date,
    ...(row.end_date ? { endDate: row.end_date } : {}),
    location: row.location,
    description: row.description,
  }));
}

export type OpenCohort = {
  id: string;
  title: string;
  location: string;
  venue: string | null;
  startDate: string;
  endDate: string | null;
  seatsLeft: number;
  terms: CohortTerms;
};

/** The cohorts the site offers now, soonest first, with the seats nobody holds or bought. */
export async function openCohorts(db: Db, now: Date): Promise<OpenCohort[]> {
  const today = eventsToday(now);
  const rows = await db
    .selectFrom("workshop_events")
    .selectAll()
    .where("kind", "=", "Workshop")
    .where("seats", "is not", null)
    .where("start_date", ">", today)
    .orderBy("start_date")
    .execute();
  return rows
    .filter((row) => isRegistrationOpen(row, today))
    .map((row) => ({
      id: row.id,
      title: row.title,
      location: row.location,
      venue: row.venue,
      startDate: row.start_date,
      endDate: row.end_date,
      seatsLeft: Math.max(0, row.seats! - row.held - row.sold),
      terms: cohortTerms(row, today),
    }));
}

/** The console's list: every event, newest first. */
export async function listEventsForOwner(db: Db) {
  return db.selectFrom("workshop_events").selectAll().orderBy("start_date", "desc").execute();
}

export async function loadEvent(db: Db, id: string) {
  return db.selectFrom("workshop_events").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The form's fields as the console shows them back for an event. */
export function eventFormValues(event: WorkshopEventTable | undefined): Record<string, string> {
  const money = (cents: number | null) => (cents === null ? "" : String(cents / 100));
  if (!event) return { kind: "Workshop", price: String(foundationsPriceCents / 100) };
  return {
    kind: event.kind,
    title: event.title,
    description: event.description,
    location: event.location,
    venue: event.venue ?? "",
    startDate: event.start_date,
    endDate: event.end_date ?? "",
    seats: event.seats === null ? "" : String(event.seats),
    price: money(event.price_cents),
    deposit: money(event.deposit_cents),
    earlyPrice: money(event.early_price_cents),
    earlyDeadline: event.early_deadline ?? "",
    opensOn: event.registration_opens_on ?? "",
    closesOn: event.registration_closes_on ?? "",
    balanceDueDays: String(event.balance_due_days),
    fullRefundUntil: event.full_refund_until ?? "",
  };
}

const formFields = [
  "kind",
  "title",
  "description",
  "location",
  "venue",
  "startDate",
  "endDate",
  "seats",
  "price",
  "deposit",
  "earlyPrice",
  "earlyDeadline",
  "opensOn",
  "closesOn",
  "balanceDueDays",
  "fullRefundUntil",
] as const;

function columnsOf(form: EventForm) {
  const cohort = form.seats !== null;
  return {
    kind: form.kind,
    title: form.title,
    description: form.description,
    location: form.location,
    venue: form.venue,
    start_date: form.startDate,
    end_date: form.endDate,
    seats: form.seats,
    price_cents: cohort ? (form.price ?? foundationsPriceCents) : form.price,
    deposit_cents: form.deposit,
    early_price_cents: form.earlyPrice,
    early_deadline: form.earlyDeadline,
    registration_opens_on: form.opensOn,
    registration_closes_on: form.closesOn,
    balance_due_days: form.balanceDueDays,
    full_refund_until: form.fullRefundUntil,
  };
}

export type SaveEventOutcome =
  InvalidInput | { outcome: "saved"; id: string } | { outcome: "not-found" };

/**
 * Creates an event or changes one, with its audit entry, in one transaction. Seats never drop
 * below those held and sold (checked in the UPDATE itself, so a checkout starting meanwhile
 * cannot slip between); a change of dates or place raises the invites' sequence and sends
 * each attendee the new invite.
 */
export async function saveEvent(
  deps: Pick<ServiceDeps, "db" | "clock" | "config" | "outbox">,
  { id, fields, actor }: { id?: string; fields: URLSearchParams; actor: string },
): Promise<SaveEventOutcome> {
  const raw = Object.fromEntries(formFields.map((name) => [name, fields.get(name) ?? ""]));
  const parsed = eventFormSchema.safeParse(raw);
  if (!parsed.success) return invalidInput(parsed.error);
  const columns = columnsOf(parsed.data);
  const now = deps.clock.now();
  let queued = 0;
  const saved = await deps.db.transaction().execute(async (trx): Promise<SaveEventOutcome> => {
    if (!id) {
      const newId = randomUUID();
      await trx
        .insertInto("workshop_events")
        .values({
          id: newId,
          ...columns,
          held: 0,
          sold: 0,
          invite_sequence: 0,
          cancelled_at: null,
          created_at: now.toISOString(),
          updated_at: now.toISOString(),
        })
        .execute();
      await recordAdminAction(trx, {
        actor,
        action: "workshops.event-created",
        subject: newId,
        detail: { title: columns.title, kind: columns.kind, seats: columns.seats },
        now,
      });
      return { outcome: "saved", id: newId };
    }
    const before = await trx
      .selectFrom("workshop_events")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirst();
    if (!before) return { outcome: "not-found" };
    const moved =
      before.start_date !== columns.start_date ||
      before.end_date !== columns.end_date ||
      before.location !== columns.location ||
      before.venue !== columns.venue;
    const changed = await trx
      .updateTable("workshop_events")
      .set({
        ...columns,
        invite_sequence: moved ? before.invite_sequence + 1 : before.invite_sequence,
        updated_at: now.toISOString(),
      })
      .where("id", "=", id)
      .where((eb) =>
        columns.seats === null
          ? eb(sql<number>`held + sold`, "=", 0)
          : eb(sql<number>`held + sold`, "<=", columns.seats),
      )
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) === 0) {
      const taken = before.held + before.sold;
      return {
        outcome: "invalid",
        error: `Seats cannot go below the ${taken} already held or sold`,
        fieldErrors: { seats: [`Seats cannot go below the ${taken} already held or sold`] },
      };
    }
    await recordAdminAction(trx, {
      actor,
      action: "workshops.event-changed",
      subject: id,
      detail: { title: columns.title, seats: columns.seats, moved },
      now,
    });
    if (moved && before.seats !== null) {
      const after = await trx
        .selectFrom("workshop_events")
        .selectAll()
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      queued += await tellAttendeesOfMove(trx, deps, before, after);
    }
    // More seats than before: the people waiting get them first.
    if (columns.seats !== null) queued += await offerFreeSeats(trx, deps, id);
    return { outcome: "saved", id };
  });
  if (queued > 0) deps.outbox.wake();
  return saved;
}
