import type { ExpressionBuilder } from "kysely";
import type { Database, Db } from "../core/db/database";
import { inBatches } from "../core/db/in-batches";
import { pageWithTotal } from "../core/db/page-with-total";
import type { MembershipFilter } from "~/lib/audience-filters";
import type { ListName, MembershipStatus } from "~/lib/lists";

export const peoplePageSize = 50;

export type PeopleFilter = {
  /** Part of a name or an address. */
  search?: string;
  membership?: MembershipFilter;
  /** A newsletter interest key. */
  interest?: string;
  source?: string;
  /** First seen on or after / before the end of these days (YYYY-MM-DD). */
  from?: string;
  to?: string;
  /** 1-based. */
  page: number;
};

// A % or _ the owner types stays a wildcard: escaping differs between SQLite and Postgres.
const likePattern = (text: string) => `%${text.toLowerCase()}%`;

function filteredPeople(db: Db, filter: Omit<PeopleFilter, "page">) {
  let query = db.selectFrom("people");
  if (filter.search) {
    const pattern = likePattern(filter.search.trim());
    query = query.where((eb) =>
      eb.or([
        eb("people.email_key", "like", eb.val(pattern)),
        eb(
          eb.fn("lower", [eb.fn.coalesce("people.first_name", eb.val(""))]),
          "like",
          eb.val(pattern),
        ),
        eb(
          eb.fn("lower", [eb.fn.coalesce("people.last_name", eb.val(""))]),
          "like",
          eb.val(pattern),
        ),
      ]),
    );
  }
  // IN (not a correlated EXISTS): the list's matching people are gathered once, not per person.
  if (filter.membership) {
    const [list, status] = filter.membership.split(":") as [ListName, MembershipStatus];
    query = query.where(
      "people.id",
      "in",
      db
        .selectFrom("list_memberships")
        .select("list_memberships.person_id")
        .where("list_memberships.list", "=", list)
        .where("list_memberships.status", "=", status),
    );
  }
  if (filter.interest) {
    // Interests are a JSON array of keys: match the quoted key.
    query = query.where(
      "people.id",
      "in",
      db
        .selectFrom("list_memberships")
        .select("list_memberships.person_id")
        .where("list_memberships.list", "=", "newsletter")
        .where("list_memberships.interests", "like", `%"${filter.interest}"%`),
    );
  }
  if (filter.source) query = query.where("people.source", "=", filter.source);
  if (filter.from)
    query = query.where("people.first_seen_at", ">=", `${filter.from}T00:00:00.000Z`);
  if (filter.to) query = query.where("people.first_seen_at", "<=", `${filter.to}T23:59:59.999Z`);
  return query;
}

/** The person's status on one list (null when they never joined it). */
function listStatus(eb: ExpressionBuilder<Database, "people">, list: ListName) {
  return eb
    .selectFrom("list_memberships")
    .select("list_memberships.status")
    .whereRef("list_memberships.person_id", "=", "people.id")
    .where("list_memberships.list", "=", list)
    .as(list);
}

/** What the list and the export show of each person. */
const personColumns = [
  "people.id",
  "people.email",
  "people.first_name",
  "people.last_name",
  "people.source",
  "people.first_seen_at",
  "people.last_seen_at",
] as const;

/** One page of people, most recently seen first, and how many match in all. */
export async function listPeople(db: Db, filter: PeopleFilter) {
  const { rows, total } = await pageWithTotal(
    filteredPeople(db, filter),
    (query) =>
      query
        .select(personColumns)
        .select((eb) => [listStatus(eb, "newsletter"), listStatus(eb, "waitlist")])
        .orderBy("people.last_seen_at", "desc")
        .orderBy("people.id"),
    { page: filter.page, pageSize: peoplePageSize },
  );
  return { people: rows, total };
}

/** The pages people came from, for the source filter. */
export async function peopleSources(db: Db) {
  const rows = await db
    .selectFrom("people")
    .select("source")
    .distinct()
    .orderBy("source")
    .execute();
  return rows.map((row) => row.source);
}

/** The people CSV's columns, in order: each a field of what peopleForExport yields. */
export const peopleExportColumns = [
  "email",
  "first_name",
  "last_name",
  "source",
  "first_seen_at",
  "last_seen_at",
  "newsletter",
  "interests",
  "consented_at",
  "waitlist",
] as const;

/** Every person matching the filter with their list statuses and interests, for the CSV export. */
export function peopleForExport(db: Db, filter: Omit<PeopleFilter, "page">) {
  return inBatches((lastId, size) => {
    // The joined memberships are bounded by the same key as the people: without it Postgres
    // merge-joins each batch from the first membership on, reading ever more as the export goes.
    const after = lastId ?? "";
    return filteredPeople(db, filter)
      .leftJoin("list_memberships as newsletter", (join) =>
        join
          .onRef("newsletter.person_id", "=", "people.id")
          .on("newsletter.list", "=", "newsletter")
          .on("newsletter.person_id", ">", after),
      )
      .leftJoin("list_memberships as waitlist", (join) =>
        join
          .onRef("waitlist.person_id", "=", "people.id")
          .on("waitlist.list", "=", "waitlist")
          .on("waitlist.person_id", ">", after),
      )
      .select(personColumns)
      .select([
        "newsletter.status as newsletter",
        "newsletter.interests",
        "newsletter.consented_at",
        "waitlist.status as waitlist",
      ])
      .where("people.id", ">", after)
      .orderBy("people.id")
      .limit(size)
      .execute();
  });
}
