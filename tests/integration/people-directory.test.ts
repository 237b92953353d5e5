import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  listPeople,
  peopleCountCap,
  peoplePageSize,
  type PeopleFilter,
} from "~/.server/audience/people/people-directory";
import { allDialects, createTestDatabase, type TestDatabase } from "../../support/test-databases";

type Seed = {
  email: string;
  first?: string;
  last?: string;
  source?: string;
  firstSeen?: string;
  /** Minutes after the start: a higher number is seen more recently. */
  seen: number;
  newsletter?: { status: "pending" | "confirmed" | "unsubscribed"; interests: string[] };
  waitlist?: "pending" | "confirmed";
};

const start = Date.parse("2026-01-01T00:00:00Z");
const at = (minutes: number) => new Date(start + minutes * 60_000).toISOString();

/** The people the search and the filters are asked about. */
const named: Seed[] = [
  { email: "ada@lovelace.example", first: "Ada", last: "Lovelace", seen: 900 },
  { email: "grace@navy.example", first: "Grace", last: "Hopper", seen: 901 },
  { email: "percent@example.org", first: "Fifty", last: "50%_off", seen: 902 },
  { email: "plain@example.org", first: "Fifty", last: "50xoff", seen: 903 },
  { email: "under_score@example.org", first: "Una", last: "Score", seen: 904 },
  { email: "underxscore@example.org", first: "Una", last: "Xcore", seen: 905 },
  {
    email: "reader@example.net",
    first: "Rita",
    last: "Reader",
    source: "/resources",
    firstSeen: "2026-03-10T12:00:00.000Z",
    seen: 906,
    newsletter: { status: "confirmed", interests: ["book", "insights"] },
  },
  {
    email: "trainee@example.net",
    first: "Tom",
    last: "Trainee",
    source: "/resources",
    firstSeen: "2026-03-12T08:00:00.000Z",
    seen: 907,
    newsletter: { status: "pending", interests: ["training"] },
    waitlist: "confirmed",
  },
  {
    email: "gone@example.net",
    first: "Gina",
    last: "Gone",
    source: "/signup",
    firstSeen: "2026-04-01T00:00:00.000Z",
    seen: 908,
    newsletter: { status: "unsubscribed", interests: ["book"] },
  },
];

/** 120 more, so the list has pages. */
const crowd: Seed[] = Array.from({ length: 120 }, (_, index) => ({
  email: `crowd${index}@crowd.example`,
  first: "Crowd",
  last: `Member${index}`,
  seen: index,
}));

async function seed(database: TestDatabase, seeds: Seed[]) {
  for (const person of seeds) {
    const id = randomUUID();
    await database.db
      .insertInto("people")
      .values({
        id,
        email: person.email,
        email_key: person.email.toLowerCase(),
        first_name: person.first ?? null,
        last_name: person.last ?? null,
        source: person.source ?? "/contact",
        first_seen_at: person.firstSeen ?? at(person.seen),
        last_seen_at: at(person.seen),
        bounced_at: null,
      })
      .execute();
    const memberships = [
      person.newsletter && { list: "newsletter" as const, ...person.newsletter },
      person.waitlist && { list: "waitlist" as const, status: person.waitlist, interests: [] },
    ].filter((membership) => membership !== undefined);
    for (const membership of memberships) {
      await database.db
        .insertInto("list_memberships")
        .values({
          id: randomUUID(),
          person_id: id,
          list: membership.list,
          status: membership.status,
          interests: JSON.stringify(membership.interests),
          source: "/signup",
          consent_text: "Yes",
          consented_at: at(person.seen),
          confirmation_sent_at: null,
          confirmed_at: membership.status === "pending" ? null : at(person.seen),
          unsubscribed_at: membership.status === "unsubscribed" ? at(person.seen) : null,
          notified_at: null,
          created_at: at(person.seen),
          updated_at: at(person.seen),
        })
        .execute();
    }
  }
}

for (const dialect of allDialects) {
  describe(`the people list's search and filters on ${dialect}`, () => {
    let database: TestDatabase;
    const emails = async (filter: Omit<PeopleFilter, "page">, page = 1) =>
      (await listPeople(database.db, { ...filter, page })).people.map((person) => person.email);

    beforeAll(async () => {
      database = await createTestDatabase(dialect);
      await seed(database, [...crowd, ...named]);
    });
    afterAll(async () => database?.dispose());

    it("finds part of a name or an address, whatever its case", async () => {
      expect(await emails({ search: "LOVEL" })).toEqual(["ada@lovelace.example"]);
      expect(await emails({ search: "hopp" })).toEqual(["grace@navy.example"]);
      expect(await emails({ search: "navy.EX" })).toEqual(["grace@navy.example"]);
      expect(await emails({ search: "Ad" })).toContain("ada@lovelace.example");
    });

    it("finds names and addresses starting with one or two characters, not holding them", async () => {
      expect(await emails({ search: "50" })).toEqual(["plain@example.org", "percent@example.org"]);
      expect(await emails({ search: "HO" })).toEqual(["grace@navy.example"]);
      expect(await emails({ search: "g" })).toEqual(["gone@example.net", "grace@navy.example"]);
      expect(await emails({ search: "ov" })).toEqual([]);
    });

    it("takes % and _ as themselves, in short and long searches", async () => {
      expect(await emails({ search: "50%_" })).toEqual(["percent@example.org"]);
      expect(await emails({ search: "r_s" })).toEqual(["under_score@example.org"]);
      // One or two characters find the names and addresses starting with them: nobody's starts
      // with these, where a wildcard would match everyone.
      expect(await emails({ search: "%" })).toEqual([]);
      expect(await emails({ search: "_" })).toEqual([]);
      expect(await emails({ search: '"quoted"' })).toEqual([]);
    });

    it("counts what the search finds and pages through it", async () => {
      const first = await listPeople(database.db, { search: "crowd", page: 1 });
      expect(first.total).toBe(120);
      expect(first.people).toHaveLength(50);
      expect(first.people[0]!.email).toBe("crowd119@crowd.example");
      const third = await listPeople(database.db, { search: "crowd", page: 3 });
      expect(third.total).toBe(120);
      expect(third.people.map((person) => person.email)).toEqual(
        Array.from({ length: 20 }, (_, index) => `crowd${19 - index}@crowd.example`),
      );
      const beyond = await listPeople(database.db, { search: "crowd", page: 4 });
      expect(beyond).toEqual({ people: [], total: 120, totalIsLowerBound: false });
    });

    it("pages the whole list most recently seen first", async () => {
      const all = await listPeople(database.db, { page: 1 });
      expect(all.total).toBe(129);
      expect(all.people[0]!.email).toBe("gone@example.net");
      const last = await listPeople(database.db, { page: 3 });
      expect(last.people.map((person) => person.email).at(-1)).toBe("crowd0@crowd.example");
      expect(last.people).toHaveLength(29);
    });

    it("filters by list status, interest, source and first-seen dates, alone and together", async () => {
      expect(await emails({ membership: "newsletter:confirmed" })).toEqual(["reader@example.net"]);
      expect(await emails({ membership: "waitlist:confirmed" })).toEqual(["trainee@example.net"]);
      expect(await emails({ interest: "book" })).toEqual([
        "gone@example.net",
        "reader@example.net",
      ]);
      expect(await emails({ interest: "book", membership: "newsletter:confirmed" })).toEqual([
        "reader@example.net",
      ]);
      expect(await emails({ interest: "training", membership: "waitlist:confirmed" })).toEqual([
        "trainee@example.net",
      ]);
      expect(await emails({ interest: "training", membership: "newsletter:confirmed" })).toEqual(
        [],
      );
      expect(await emails({ source: "/resources" })).toEqual([
        "trainee@example.net",
        "reader@example.net",
      ]);
      expect(await emails({ from: "2026-03-11", to: "2026-04-01" })).toEqual([
        "gone@example.net",
        "trainee@example.net",
      ]);
      expect(
        await emails({
          search: "rea",
          source: "/resources",
          interest: "insights",
          to: "2026-03-10",
        }),
      ).toEqual(["reader@example.net"]);
    });

    it("counts a filtered list past its last page, one list alone or with other filters", async () => {
      const total = async (filter: Omit<PeopleFilter, "page">) =>
        (await listPeople(database.db, { ...filter, page: 2 })).total;
      expect(await total({ interest: "book" })).toBe(2);
      expect(await total({ membership: "newsletter:confirmed", interest: "book" })).toBe(1);
      expect(await total({ membership: "waitlist:confirmed", interest: "training" })).toBe(1);
      expect(await total({ interest: "book", source: "/signup" })).toBe(1);
      expect(await total({ search: "crowd" })).toBe(120);
    });

    it("follows a renamed person and forgets a deleted one", async () => {
      await database.db
        .updateTable("people")
        .set({ last_name: "Byron" })
        .where("email_key", "=", "ada@lovelace.example")
        .execute();
      expect(await emails({ search: "byron" })).toEqual(["ada@lovelace.example"]);
      expect(await emails({ search: "Lovelace" })).toEqual(["ada@lovelace.example"]);
      expect(await emails({ search: "Hopper" })).toEqual(["grace@navy.example"]);
      await database.db
        .deleteFrom("people")
        .where("email_key", "=", "grace@navy.example")
        .execute();
      expect(await emails({ search: "Hopper" })).toEqual([]);
      expect(await emails({ search: "Grace" })).toEqual([]);
      await seed(database, [{ email: "new@later.example", first: "Newton", seen: 1000 }]);
      expect(await emails({ search: "newto" })).toEqual(["new@later.example"]);
    });
  });
}

/** More people than the count's cap, every one on the newsletter, seeded in batches. */
async function seedMany(database: TestDatabase, count: number) {
  for (let offset = 0; offset < count; offset += 500) {
    const batch = Array.from({ length: Math.min(500, count - offset) }, (_, index) => {
      const number = offset + index;
      return { id: randomUUID(), email: `many${number}@many.example`, seen: at(number) };
    });
    await database.db
      .insertInto("people")
      .values(
        batch.map(({ id, email, seen }) => ({
          id,
          email,
          email_key: email,
          first_name: "Many",
          last_name: null,
          source: "/contact",
          first_seen_at: seen,
          last_seen_at: seen,
          bounced_at: null,
        })),
      )
      .execute();
    await database.db
      .insertInto("list_memberships")
      .values(
        batch.map(({ id, seen }) => ({
          id: randomUUID(),
          person_id: id,
          list: "newsletter" as const,
          status: "confirmed" as const,
          interests: "[]",
          source: "/signup",
          consent_text: "Yes",
          consented_at: seen,
          confirmation_sent_at: null,
          confirmed_at: seen,
          unsubscribed_at: null,
          notified_at: null,
          created_at: seen,
          updated_at: seen,
        })),
      )
      .execute();
  }
}

for (const dialect of allDialects) {
  describe(`the people list's count past its cap on ${dialect}`, () => {
    let database: TestDatabase;
    const count = peopleCountCap + 60;
    const list = (filter: Omit<PeopleFilter, "page">, page = 1) =>
      listPeople(database.db, { ...filter, page });

    beforeAll(async () => {
      database = await createTestDatabase(dialect);
      await seedMany(database, count);
    });
    afterAll(async () => database?.dispose());

    it("stops counting at the cap and says there are more, for a search, a list and no filter", async () => {
      for (const filter of [
        {},
        { search: "many" },
        { search: "ma" },
        { membership: "newsletter:confirmed" as const },
      ]) {
        const page = await list(filter);
        expect(page.people).toHaveLength(peoplePageSize);
        expect(page.people[0]!.email).toBe(`many${count - 1}@many.example`);
        expect({ total: page.total, totalIsLowerBound: page.totalIsLowerBound }).toEqual({
          total: peopleCountCap,
          totalIsLowerBound: true,
        });
      }
    });

    it("counts a match under the cap exactly", async () => {
      // many1000 and many10000 to many10009, asked on an empty page so it is counted.
      const page = await list({ search: "many1000" }, 2);
      expect({ total: page.total, totalIsLowerBound: page.totalIsLowerBound }).toEqual({
        total: 11,
        totalIsLowerBound: false,
      });
    });

    it("pages past the cap: a deeper page counts just past itself, the last page exactly", async () => {
      const lastFullPage = peopleCountCap / peoplePageSize + 1;
      const deep = await list({ search: "many" }, lastFullPage);
      expect(deep.people).toHaveLength(peoplePageSize);
      expect({ total: deep.total, totalIsLowerBound: deep.totalIsLowerBound }).toEqual({
        total: lastFullPage * peoplePageSize,
        totalIsLowerBound: true,
      });
      const last = await list({ search: "many" }, lastFullPage + 1);
      expect(last.people.map((person) => person.email).at(-1)).toBe("many0@many.example");
      expect({ total: last.total, totalIsLowerBound: last.totalIsLowerBound }).toEqual({
        total: count,
        totalIsLowerBound: false,
      });
    });
  });
}
