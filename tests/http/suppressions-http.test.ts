import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBuiltServer, type BuiltServer } from "../../support/built-server";
import { consolePublisher } from "../../support/console-publisher";
import { createTestDatabase, type TestDatabase } from "../../support/test-databases";

const owner = "owner@suppressions.test";

describe("the suppressed addresses' console page over HTTP on sqlite", () => {
  let database: TestDatabase;
  let server: BuiltServer;
  let session: Awaited<ReturnType<typeof consolePublisher>>;
  const bouncedId = crypto.randomUUID();
  const complainedId = crypto.randomUUID();

  beforeAll(async () => {
    database = await createTestDatabase("sqlite");
    server = await startBuiltServer({ DATABASE_URL: database.url, ADMIN_EMAILS: owner });
    session = await consolePublisher(database.db, { email: owner });
    const person = (id: string, email: string, at: string) => ({
      id,
      email,
      email_key: email,
      first_name: null,
      last_name: null,
      source: "/signup",
      first_seen_at: at,
      last_seen_at: at,
    });
    await database.db
      .insertInto("people")
      .values([
        {
          ...person(bouncedId, "gone@example.com", "2026-11-01T10:00:00.000Z"),
          bounced_at: "2026-11-02T10:00:00.000Z",
          bounce_reason: "Hard bounce (postmark): 550 mailbox unknown",
        },
        {
          ...person(complainedId, "angry@example.com", "2026-11-01T10:00:00.000Z"),
          complained_at: "2026-11-03T10:00:00.000Z",
        },
      ])
      .execute();
  });
  afterAll(async () => {
    await server?.stop();
    await database?.dispose();
  });

  const page = "/admin/email/suppressed";
  const post = (form: Record<string, string>) =>
    fetch(`${server.baseURL}${page}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: server.baseURL,
        Cookie: session.cookie,
      },
      body: new URLSearchParams(form),
    });
  const lifts = () =>
    database.db
      .selectFrom("admin_audit_log")
      .select(["actor_email", "subject", "detail"])
      .where("action", "=", "deliverability.lift")
      .execute();

  it("sends a visitor without a session to sign-in", async () => {
    const response = await fetch(`${server.baseURL}${page}`, { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toContain("/admin/sign-in");
  });

  it("lists each suppressed address with its kind, and lifts one only with a token and a reason", async () => {
    const listing = await fetch(`${server.baseURL}${page}`, {
      headers: { Cookie: session.cookie },
    });
    expect(listing.status).toBe(200);
    const html = await listing.text();
    expect(html).toContain("gone@example.com");
    expect(html).toContain("Hard bounce");
    expect(html).toContain("550 mailbox unknown");
    expect(html).toContain("angry@example.com");
    expect(html).toContain("Spam complaint");
    // Newest first: the complaint came after the bounce.
    expect(html.indexOf("angry@example.com")).toBeLessThan(html.indexOf("gone@example.com"));

    const noToken = await post({ personId: bouncedId, reason: "They fixed it" });
    expect(noToken.status).toBe(403);
    const noReason = await post({ csrf: session.csrf, personId: bouncedId, reason: "  " });
    expect(noReason.status).toBe(400);
    expect(await noReason.text()).toContain("Say why you lift it");
    expect(await lifts()).toEqual([]);

    const lifted = await post({ csrf: session.csrf, personId: bouncedId, reason: "They fixed it" });
    expect(lifted.status).toBe(200);
    const audit = await lifts();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_email: owner, subject: bouncedId });
    expect(JSON.parse(audit[0]!.detail)).toMatchObject({ reason: "They fixed it" });
    const after = await (
      await fetch(`${server.baseURL}${page}`, { headers: { Cookie: session.cookie } })
    ).text();
    expect(after).not.toContain("gone@example.com");
    expect(after).toContain("angry@example.com");

    // The lift, with its reason, on the person's timeline.
    const personPage = await (
      await fetch(`${server.baseURL}/admin/people/${bouncedId}`, {
        headers: { Cookie: session.cookie },
      })
    ).text();
    expect(personPage).toContain(`Suppression lifted by ${owner}`);
    expect(personPage).toContain("Reason: They fixed it");

    const again = await post({ csrf: session.csrf, personId: bouncedId, reason: "Twice" });
    expect(again.status).toBe(409);
  });
});
