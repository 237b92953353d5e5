import { PostgresAdapter, sql, type ExpressionBuilder } from "kysely";
import type { Database, Db } from "../../core/db/database";
import { containsText } from "../../core/db/contains-text";
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

/**
 * People whose name or address holds `text` (lower case), `%` and `_` taken literally. SQLite asks
 * its FTS5 trigram table for the text as one phrase, which matches it as a case-folded substring;
 * Postgres compares `lower(column) LIKE`, which its pg_trgm indexes serve (migration 208). A text
 * shorter than a trigram cannot use either: it finds the names and addresses that start with it,
 * a range over ordered indexes (migration 212, decision 084; the search box says so).
 * `walking` (SQLite, a search matching many): the same condition written so the planner walks
 * the people in order and checks each, rather than gathering every match through its index.
 */
function matchingSearch(db: Db, text: string, walking = false) {
  if ([...text].length < 3) return startingWith(db, text, walking);
  if (!onPostgres(db)) {
    const rowid = walking ? sql`+people.rowid` : sql`people.rowid`;
    return sql<boolean>`${rowid} in (select rowid from people_search where people_search match ${ftsPhrase(text)})`;
  }
  return sql<boolean>`(${sql.join(
    searchedColumns.map((column) => containsText(column, text)),
    sql` or `,
  )})`;
}

/** The text as one FTS5 phrase (double quotes doubled): every character in it is literal. */
const ftsPhrase = (text: string) => `"${text.replace(/"/g, '""')}"`;

const searchedColumns = ["people.email_key", "people.first_name", "people.last_name"];

/**
 * Names or addresses starting with `prefix`: from the prefix up to the prefix with its last
 * character's successor, in byte order (Postgres's "C" collation, SQLite's BINARY), which is
 * how the indexes of migration 212 are ordered. Nothing in the text is a wildcard. When
 * `walking`, the unary `+` keeps SQLite from those indexes.
 */
function startingWith(db: Db, prefix: string, walking: boolean) {
  const characters = [...prefix];
  const last = characters.pop()!.codePointAt(0)!;
  const end = characters.join("") + String.fromCodePoint(last + 1);
  const collate = onPostgres(db) ? sql` collate "C"` : sql``;
  const plus = walking ? sql`+` : sql``;
  const columns = [
    sql`${plus}people.email_key`,
    sql`${plus}lower(people.first_name)`,
    sql`${plus}lower(people.last_name)`,
  ];
  return sql<boolean>`(${sql.join(
    columns.map(
      (column) => sql`(${column}${collate} >= ${prefix} and ${column}${collate} < ${end})`,
    ),
    sql` or `,
  )})`;
}

/**
 * SQLite: how many people the search alone finds, up to `atMost` and one more, read from the
 * FTS table or the prefix indexes without reading a person's row (a millisecond or two for
 * 10,000 matches).
 */
async function countSearchMatches(db: Db, text: string, atMost: number) {
  const matches =
    [...text].length < 3
      ? db
          .selectFrom("people")
          .where(startingWith(db, text, false))
          .select(sql.lit(1).as("match"))
          .limit(atMost + 1)
      : db
          .selectFrom(sql<{ rowid: number }>`people_search`.as("people_search"))
          .where(sql<boolean>`people_search match ${ftsPhrase(text)}`)
          .select(sql.lit(1).as("match"))
          .limit(atMost + 1);
  const { count } = await db
    .selectFrom(matches.as("matches"))
    .select((eb) => eb.fn.countAll<string | number>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(count);
}

/**
 * From this many matches a search's page is found by walking the people in order (SQLite): it
 * stops at the page's end after a few hundred rows, where gathering and sorting every match cost
 * 20 ms of CPU at 12,500. Below it, gathering the few is cheaper than a pass over the index.
 */
const walkSearchesFrom = 1_000;

/** What the filter asks of one list's membership: a status, an interest, or both. */
type MembershipCondition = { status?: MembershipStatus; interest?: string };

/** The filter's conditions on memberships, per list, so one list is read once. */
function membershipConditions(filter: Omit<PeopleFilter, "page">) {
  const conditions = new Map<ListName, MembershipCondition>();
  if (filter.membership) {
    const [list, status] = filter.membership.split(":") as [ListName, MembershipStatus];
    conditions.set(list, { status });
  }
  if (filter.interest)
    conditions.set("newsletter", { ...conditions.get("newsletter"), interest: filter.interest });
  return conditions;
}

/** The memberships of one list that meet the filter's condition on it. */
function membersOf(db: Db, list: ListName, { status, interest }: MembershipCondition) {
  let members = db.selectFrom("list_memberships").where("list_memberships.list", "=", list);
  if (status) members = members.where("list_memberships.status", "=", status);
  // Interests are a JSON array of keys: match the quoted key.
  if (interest) members = members.where("list_memberships.interests", "like", `%"${interest}"%`);
  return members;
}

/**
 * Counting stops here: past it the console says "10,000+" (a broad search or a common domain
 * would otherwise count every match, most of the request's time at 100,000 people).
 */
export const peopleCountCap = 10_000;

/**
 * How many people the filter picks, counted up to `atMost` and one more, which says there are
 * more. A filter on one list alone is counted in that list's index: a person has at most one
 * membership per list and every membership has its person, so the count is the same without
 * reading `people` (a hash join over the whole table on Postgres).
 */
async function countPeople(db: Db, filter: Omit<PeopleFilter, "page">, atMost: number) {
  const conditions = [...membershipConditions(filter)];
  const onlyOneList =
    conditions.length === 1 && !filter.search && !filter.source && !filter.from && !filter.to;
  const matches = onlyOneList
    ? membersOf(db, conditions[0]![0], conditions[0]![1])
        .select(sql.lit(1).as("match"))
        .limit(atMost + 1)
    : filteredPeople(db, filter)
        .select(sql.lit(1).as("match"))
        .limit(atMost + 1);
  const { count } = await db
    .selectFrom(matches.as("matches"))
    .select((eb) => eb.fn.countAll<string | number>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(count) > atMost
    ? { total: atMost, totalIsLowerBound: true }
    : { total: Number(count), totalIsLowerBound: false };
}

const normalizedSearch = (filter: Omit<PeopleFilter, "page">) =>
  filter.search?.trim().toLowerCase();

const onPostgres = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * The people the filter picks. `walking` when the caller reads them in an indexed order and stops
 * early (a page, an export batch) rather than counting them all.
 */
export function filteredPeople(
  db: Db,
  filter: Omit<PeopleFilter, "page">,
  { walking = false, broadSearch = false }: { walking?: boolean; broadSearch?: boolean } = {},
) {
  let query = db.selectFrom("people");
  const search = normalizedSearch(filter);
  if (search) query = query.where(matchingSearch(db, search, walking && broadSearch));
  // IN (not a correlated EXISTS): the list's matching people are gathered once, not per person,
  // from the index on (list, status, interests, person_id). When walking on SQLite, the unary `+`
  // keeps the planner from looking each of them up by id and sorting them all (thousands for a
  // common filter): it walks the people in order, checks each against the gathered set and stops
  // at the page's end, at most one pass over an index however many match.
  const personId =
    walking && !onPostgres(db) ? sql`+${sql.ref("people.id")}` : sql.ref("people.id");
  for (const [list, condition] of membershipConditions(filter))
    query = query.where(personId, "in", membersOf(db, list, condition).select("person_id"));
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

/**
 * One page of people, most recently seen first, and how many match in all. The page's ids are
 * picked first from the index on (last_seen_at, id), so a deep page skips index entries, not
 * rows; only its 50 people are then read whole. A page that is not full tells the total without
 * counting (a search that finds few would otherwise be read twice); otherwise the count stops at
 * `peopleCountCap` (or just past a deeper page) and `totalIsLowerBound` says there are more.
 */
export async function listPeople(db: Db, filter: PeopleFilter) {
  const offset = (filter.page - 1) * peoplePageSize;
  const atMost = Math.max(peopleCountCap, offset + peoplePageSize);
  // SQLite picks how to find a search's page by how many it matches (Postgres's planner does).
  const search = normalizedSearch(filter);
  const searchMatches =
    search && !onPostgres(db) ? await countSearchMatches(db, search, atMost) : undefined;
  const broadSearch = searchMatches !== undefined && searchMatches >= walkSearchesFrom;
  const pageIds = filteredPeople(db, filter, { walking: true, broadSearch })
    .select("people.id")
    .orderBy("people.last_seen_at", "desc")
    .orderBy("people.id", "desc")
    .limit(peoplePageSize)
    .offset(offset);
  const people = await db
    .selectFrom("people")
    .where("people.id", "in", pageIds)
    .select(personColumns)
    .select((eb) => [listStatus(eb, "newsletter"), listStatus(eb, "waitlist")])
    .orderBy("people.last_seen_at", "desc")
    .orderBy("people.id", "desc")
    .execute();
  if (people.length < peoplePageSize && (people.length > 0 || offset === 0))
    return { people, total: offset + people.length, totalIsLowerBound: false };
  const searchAlone =
    membershipConditions(filter).size === 0 && !filter.source && !filter.from && !filter.to;
  if (searchMatches !== undefined && searchAlone)
    return {
      people,
      total: Math.min(searchMatches, atMost),
      totalIsLowerBound: searchMatches > atMost,
    };
  return { people, ...(await countPeople(db, filter, atMost)) };
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
