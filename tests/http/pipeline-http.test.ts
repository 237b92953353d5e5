import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBuiltServer, type BuiltServer } from "../../support/built-server";
import { consolePublisher } from "../../support/console-publisher";
import { createTestDatabase, type TestDatabase } from "../../support/test-databases";

const owner = "owner@pipeline-http.test";

describe("the pipeline's console pages over HTTP on sqlite", () => {
  let database: TestDatabase;
  let server: BuiltServer;
  let session: Awaited<ReturnType<typeof consolePublisher>>;

  beforeAll(async () => {
    database = await createTestDatabase("sqlite");
    server = await startBuiltServer({ DATABASE_URL: database.url, ADMIN_EMAILS: owner });
    session = await consolePublisher(database.db, { email: owner });
  });
  afterAll(async () => {
    await server?.stop();
    await database?.dispose();
  });

  const get = (path: string) =>
    fetch(`${server.baseURL}${path}`, { redirect: "manual", headers: { Cookie: session.cookie } });
  const post = (path: string, form: Record<string, string>) =>
    fetch(`${server.baseURL}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: server.baseURL,
        Cookie: session.cookie,
      },
      body: new URLSearchParams(form),
    });
  const deal = {
    title: "Northwind sales team",
    interest: "Corporate Training",
    value: "$18,500",
    teamSize: "14",
    expectedCloseOn: "2027-02-01",
    nextStep: "Send the outline",
    nextStepDueOn: "2027-01-10",
    email: "buyer@northwind.example",
  };

  it("keeps every pipeline page private", async () => {
    for (const path of ["/admin/pipeline", "/admin/pipeline/new", "/admin/pipeline/some-id"]) {
      const response = await fetch(`${server.baseURL}${path}`, { redirect: "manual" });
      expect(response.status, path).toBe(302);
      expect(response.headers.get("Location"), path).toContain("/admin/sign-in");
    }
    const noSession = await fetch(`${server.baseURL}/admin/pipeline/new`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.baseURL },
      body: new URLSearchParams(deal),
    });
    expect(noSession.status).toBe(401);
  });

  it("opens a deal by hand only with the form's token and good fields, then moves it", async () => {
    expect((await post("/admin/pipeline/new", deal)).status).toBe(403);
    const bad = await post("/admin/pipeline/new", {
      ...deal,
      csrf: session.csrf,
      value: "plenty",
    });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Value must be an amount in dollars");
    expect(await database.db.selectFrom("deals").select("id").execute()).toEqual([]);

    const opened = await post("/admin/pipeline/new", { ...deal, csrf: session.csrf });
    expect(opened.status).toBe(302);
    const location = opened.headers.get("Location")!;
    expect(location).toMatch(/^\/admin\/pipeline\/[\w-]+$/);
    const id = location.split("/").pop()!;
    const page = await (await get(location)).text();
    expect(page).toContain("Northwind sales team");
    expect(page).toContain("$18,500");
    expect(page).toContain("buyer@northwind.example");
    expect(page).toContain("Send the outline, due 2027-01-10");

    // The board: a bogus stage is refused, lost asks why on the deal's page, a move comes back.
    const move = (fields: Record<string, string>) =>
      post("/admin/pipeline", { csrf: session.csrf, intent: "move", id, ...fields });
    expect((await post("/admin/pipeline", { intent: "move", id, stage: "won" })).status).toBe(403);
    const bogus = await move({ stage: "sideways" });
    expect(bogus.status).toBe(400);
    expect(await bogus.text()).toContain("Choose a stage");
    const lost = await move({ stage: "lost" });
    expect(lost.status).toBe(302);
    expect(lost.headers.get("Location")).toBe(`/admin/pipeline/${id}?stage=lost#lost`);
    expect(await (await get(`/admin/pipeline/${id}?stage=lost`)).text()).toContain(
      "Say why the deal was lost",
    );
    const moved = await move({
      stage: "qualified",
      back: "/admin/pipeline?interest=Corporate+Training",
    });
    expect(moved.status).toBe(302);
    expect(moved.headers.get("Location")).toBe("/admin/pipeline?interest=Corporate+Training");
    const offSite = await move({ stage: "proposal-sent", back: "https://elsewhere.example/" });
    expect(offSite.headers.get("Location")).toBe("/admin/pipeline");
    expect((await move({ stage: "won", id: "no-such-deal" })).status).toBe(404);

    // Lost with its reason, from the deal's page.
    const reasoned = await post(`/admin/pipeline/${id}`, {
      csrf: session.csrf,
      intent: "move",
      stage: "lost",
      lostReason: "Budget frozen until next year",
    });
    expect(reasoned.status).toBe(302);
    const saved = await post(`/admin/pipeline/${id}`, {
      ...deal,
      csrf: session.csrf,
      intent: "save",
      nextStepDueOn: "soon",
    });
    expect(saved.status).toBe(400);
    expect(await saved.text()).toContain("Due date must be a date (YYYY-MM-DD)");

    const board = await (await get("/admin/pipeline?stage=lost")).text();
    expect(board).toContain("Northwind sales team");
    expect(board).toContain("Budget frozen until next year");
    expect(await (await get("/admin/pipeline?stage=won")).text()).not.toContain(
      "Northwind sales team",
    );
    const audit = await database.db
      .selectFrom("admin_audit_log")
      .select(["action", "detail"])
      .where("subject", "=", id)
      .orderBy("created_at")
      .execute();
    expect(audit.map((entry) => entry.action)).toEqual([
      "deals.opened",
      "deals.stage-changed",
      "deals.stage-changed",
      "deals.stage-changed",
    ]);

    // The CSV of the filter, and the person's page.
    const csv = await get("/admin/export/deals?stage=lost");
    expect(csv.status).toBe(200);
    expect(csv.headers.get("Content-Type")).toContain("text/csv");
    const text = await csv.text();
    expect(text.split("\n")[0]).toBe(
      "id,title,interest,stage,lost_reason,value_usd,team_size,expected_close_on,next_step,next_step_due_on,email,created_at,updated_at",
    );
    expect(text).toContain(
      "Northwind sales team,Corporate Training,lost,Budget frozen until next year,18500.00,14",
    );
    const person = await database.db
      .selectFrom("people")
      .select("id")
      .where("email_key", "=", "buyer@northwind.example")
      .executeTakeFirstOrThrow();
    expect(await (await get(`/admin/people/${person.id}`)).text()).toContain(
      "Northwind sales team",
    );
  });

  it("draws each deal once, the 20 changed last in each stage, and links to the rest", async () => {
    const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString();
    const rows = Array.from({ length: 21 }, (_, index) => ({
      id: `board-new-${index}`,
      title: `Board deal ${index}`,
      interest: "Keynote Speaking",
      stage: "new" as const,
      lost_reason: null,
      value_cents: 100_000,
      team_size: null,
      expected_close_on: null,
      next_step: null,
      next_step_due_on: null,
      person_id: null,
      contact_message_id: null,
      stage_changed_at: at(index),
      created_at: at(index),
      updated_at: at(index),
    }));
    await database.db.insertInto("deals").values(rows).execute();
    const board = await (await get("/admin/pipeline")).text();
    const drawn = (id: string) => board.split(`href="/admin/pipeline/${id}"`).length - 1;
    // The oldest of the 21 waits behind the link; each other is drawn once, for every width.
    expect(drawn("board-new-0")).toBe(0);
    for (let index = 1; index < 21; index += 1) expect(drawn(`board-new-${index}`)).toBe(1);
    expect(board).toContain('href="/admin/pipeline?stage=new"');
    expect(board).toContain("More New deals");
    expect(board).not.toContain("More Qualified deals");
    const stage = await (await get("/admin/pipeline?stage=new")).text();
    expect(stage.split('href="/admin/pipeline/board-new-').length - 1).toBe(21);
  });

  it("opens a deal from any inbox message, once", async () => {
    const now = new Date().toISOString();
    await database.db
      .insertInto("contact_messages")
      .values({
        id: "message-general",
        first_name: "Ada",
        last_name: "Park",
        email: "ada@park.example",
        company: null,
        interest: "General Inquiry",
        message: "Could you speak at our offsite?",
        person_id: null,
        created_at: now,
      })
      .execute();
    const page = await (await get("/admin/inbox/message-general")).text();
    expect(page).toContain("Open a deal");
    expect((await post("/admin/inbox/message-general", { intent: "open-deal" })).status).toBe(403);
    const opened = await post("/admin/inbox/message-general", {
      csrf: session.csrf,
      intent: "open-deal",
    });
    expect(opened.status).toBe(302);
    const location = opened.headers.get("Location")!;
    expect(location).toMatch(/^\/admin\/pipeline\/[\w-]+$/);
    const again = await post("/admin/inbox/message-general", {
      csrf: session.csrf,
      intent: "open-deal",
    });
    expect(again.headers.get("Location")).toBe(location);
    const dealPage = await (await get(location)).text();
    expect(dealPage).toContain("Ada Park");
    expect(dealPage).toContain("Could you speak at our offsite?");
    expect((await get("/admin/pipeline/no-such-deal")).status).toBe(404);
  });

  it("adds notes and emails to a deal's timeline only with the token and good fields", async () => {
    const opened = await post("/admin/pipeline/new", {
      ...deal,
      title: "Contoso keynote",
      email: "",
      csrf: session.csrf,
    });
    const location = opened.headers.get("Location")!;
    const id = location.split("/").pop()!;
    const onDeal = (fields: Record<string, string>) => post(location, fields);

    expect((await onDeal({ intent: "note", note: "Called Kim" })).status).toBe(403);
    const empty = await onDeal({ csrf: session.csrf, intent: "note", note: "  " });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("Write the note");
    const noted = await onDeal({ csrf: session.csrf, intent: "note", note: "Called Kim" });
    expect(noted.status).toBe(302);
    expect(noted.headers.get("Location")).toBe(`${location}#timeline`);

    // Opened by hand without an email: nobody to write to.
    const email = { csrf: session.csrf, intent: "email", subject: "Dates", body: "March?" };
    const nobody = await onDeal(email);
    expect(nobody.status).toBe(409);
    expect(await nobody.text()).toContain("This deal has no contact to write to");
    expect(
      await database.db.selectFrom("deal_emails").select("id").where("deal_id", "=", id).execute(),
    ).toEqual([]);
    expect((await onDeal({ ...email, intent: "shout" })).status).toBe(400);

    const page = await (await get(location)).text();
    expect(page).toContain("Called Kim");
    expect(page).toContain("Timeline");
  });
});
