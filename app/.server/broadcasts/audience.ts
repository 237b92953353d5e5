import { emitPersonEvent } from "../core/person-events";
import { sql, type Kysely, type SelectQueryBuilder } from "kysely";
import type { Db } from "../core/db/database";
import type { BroadcastList } from "./broadcast-tables";
import type { Database } from "../core/db/schema";
import { newsletterInterests, type NewsletterInterest } from "~/lib/newsletter-interests";
import { audienceGroup } from "./audience-groups";

/**
 * Who a broadcast goes to: the confirmed members of a list (`list_memberships`, decision 065), or
 * a group another capability names (`group`, decision 265). Every question the broadcasts ask of
 * their audience is in this file.
 */
export type Audience = {
  list: BroadcastList;
  interests: NewsletterInterest[];
  group?: { key: string; label: string };
};

/** What every question below reads: `member.person_id` beside the person's row. */
type Members = SelectQueryBuilder<
  Database & { member: { person_id: string } },
  "member" | "people",
  object
>;

/** The group's people, not bounced; nobody when its kind is not registered. */
function groupMembers(db: Kysely<Database>, key: string): Members {
  const found = audienceGroup(key);
  const people = found
    ? found.group.members(db, found.ref)
    : db
        .selectFrom("people")
        .select("id as person_id")
        .where(sql<boolean>`1 = 0`);
  return db
    .selectFrom(people.as("member"))
    .innerJoin("people", "people.id", "member.person_id")
    .where("people.bounced_at", "is", null);
}

/** Confirmed members, not bounced, in person-id order (the order queueing walks them in). */
function members(db: Kysely<Database>, audience: Audience): Members {
  if (audience.list === "group") return groupMembers(db, audience.group?.key ?? "");
  return db
    .selectFrom("list_memberships as member")
    .innerJoin("people", "people.id", "member.person_id")
    .where("member.list", "=", audience.list)
    .where("member.status", "=", "confirmed")
    .where("people.bounced_at", "is", null)
    .$if(audience.list === "newsletter" && audience.interests.length > 0, (query) =>
      // Interests are a JSON array of keys; a key in quotes matches that key alone.
      query.where((eb) =>
        eb.or(audience.interests.map((key) => eb("member.interests", "like", `%"${key}"%`))),
      ),
    ) as unknown as Members;
}

/** The exact number of people a broadcast to this audience would reach now. */
export async function countRecipients(db: Kysely<Database>, audience: Audience) {
  const row = await members(db, audience)
    .select((eb) => eb.fn.count<string | number>("people.id").distinct().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Members after `afterPersonId` in person-id order (a range of the queue-walk index). */
function membersAfter(db: Kysely<Database>, audience: Audience, afterPersonId: string | null) {
  return members(db, audience).$if(afterPersonId !== null, (query) =>
    query.where("member.person_id", ">", afterPersonId!),
  );
}

/**
 * The next `size` recipients after `afterPersonId`, in person-id order: a range of the queue-walk
 * index, read once by the INSERT that queues them.
 */
export function nextRecipients(
  db: Kysely<Database>,
  audience: Audience,
  afterPersonId: string | null,
  size: number,
) {
  return membersAfter(db, audience, afterPersonId).orderBy("member.person_id").limit(size);
}

/** Whether anyone in the audience comes after `afterPersonId` (one probe of the index). */
export async function recipientsRemainAfter(
  db: Kysely<Database>,
  audience: Audience,
  afterPersonId: string,
): Promise<boolean> {
  const row = await membersAfter(db, audience, afterPersonId)
    .select("member.person_id")
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Asked just before a batch of emails goes out: of these people, those still in the audience (an
 * unsubscribe or a bounce since queueing stops their email).
 */
export async function stillRecipients(
  db: Kysely<Database>,
  audience: Audience,
  personIds: string[],
): Promise<Set<string>> {
  if (personIds.length === 0) return new Set();
  // Named on the membership too: Postgres then reads these people's rows by the (person, list)
  // index instead of joining the whole list (350 ms a batch at 100,000 members).
  const rows = await members(db, audience)
    .select("people.id")
    .where("member.person_id", "in", personIds)
    .where("people.id", "in", personIds)
    .execute();
  return new Set(rows.map((row) => row.id));
}

const interestLabels = Object.fromEntries(
  newsletterInterests.map((item) => [item.key, item.label]),
);

/** The lists a person is on, in words, once they have left `leaving` (for the unsubscribe page). */
export async function listsKept(db: Db, personId: string, leaving?: Audience): Promise<string[]> {
  const memberships = await db
    .selectFrom("list_memberships")
    .select(["list", "status", "interests"])
    .where("person_id", "=", personId)
    .execute();
  const subscriber = memberships.find((membership) => membership.list === "newsletter");
  const waitlist = memberships.find((membership) => membership.list === "waitlist");
  const lists: string[] = [];
  if (subscriber?.status === "confirmed") {
    const keys = JSON.parse(subscriber.interests) as NewsletterInterest[];
    const kept =
      leaving?.list === "newsletter"
        ? keys.filter((key) => leaving.interests.length > 0 && !leaving.interests.includes(key))
        : keys;
    if (kept.length > 0) lists.push(...kept.map((key) => interestLabels[key]!));
    else if (leaving?.list !== "newsletter") lists.push("The newsletter");
  }
  if (waitlist?.status === "confirmed" && leaving?.list !== "waitlist")
    lists.push("The book's waitlist");
  return lists;
}

/** The list a broadcast's unsubscribe link leaves, in words. */
export function audienceLabel(audience: Audience) {
  if (audience.list === "group") return audience.group?.label ?? "This group's letters";
  if (audience.list === "waitlist") return "The book's waitlist";
  if (audience.interests.length === 0) return "The newsletter";
  return audience.interests.map((key) => interestLabels[key]).join(", ");
}

/**
 * Takes the person off what this broadcast was sent to: the waitlist, the interests it was
 * narrowed to (the newsletter itself once none is left), or the whole newsletter.
 */
export async function leaveAudience(
  trx: Kysely<Database>,
  audience: Audience,
  { personId, now }: { personId: string; now: Date },
) {
  if (audience.list === "group") {
    const found = audienceGroup(audience.group?.key ?? "");
    await found?.group.leave(trx, found.ref, { personId, now });
    return;
  }
  const nowIso = now.toISOString();
  const membership = await trx
    .selectFrom("list_memberships")
    .select(["id", "interests"])
    .where("person_id", "=", personId)
    .where("list", "=", audience.list)
    .where("status", "!=", "unsubscribed")
    .executeTakeFirst();
  if (!membership) return;
  const kept = (JSON.parse(membership.interests) as string[]).filter(
    (key) => !audience.interests.includes(key as NewsletterInterest),
  );
  if (audience.list === "newsletter" && audience.interests.length > 0 && kept.length > 0) {
    await trx
      .updateTable("list_memberships")
      .set({ interests: JSON.stringify(kept), updated_at: nowIso })
      .where("id", "=", membership.id)
      .execute();
    return;
  }
  await trx
    .updateTable("list_memberships")
    .set({ status: "unsubscribed", unsubscribed_at: nowIso, updated_at: nowIso })
    .where("id", "=", membership.id)
    .execute();
  // The email sequences of this list stop for them too (decision 170).
  await emitPersonEvent(trx, { kind: "list-left", personId, list: audience.list, now });
}
