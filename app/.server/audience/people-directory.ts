import type { ExpressionBuilder } from "kysely";
import type { Database, Db } from "../core/db/database";
import { containsText } from "../core/db/contains-text";
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

export function filteredPeople(db: Db, filter: Omit<PeopleFilter, "page">) {
  let query = db.selectFrom("people");
  if (filter.search) {
    // What the owner types is matched literally: a % or _ in it is that character.
    const text = filter.search.trim().toLowerCase();
    query = query.where((eb) =>
      eb.or([
        containsText("people.email_key", text),
        containsText("people.first_name", text),
        containsText("people.last_name", text),
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
