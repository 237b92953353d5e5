import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  startBuiltServer,
  builtServerLinkSecret,
  type BuiltServer,
} from "../../support/built-server";
import { consolePublisher } from "../../support/console-publisher";
import { builtServerFormToken } from "../../support/form-token";
import { createTestDatabase, type TestDatabase } from "../../support/test-databases";

const owner = "owner@proposals-http.test";

/** The text poppler extracts from a PDF, and its fonts table. */
function readPdf(bytes: ArrayBuffer, dir: string) {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, Buffer.from(bytes));
  return {
    text: execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" }),
    fonts: execFileSync("pdffonts", [file], { encoding: "utf8" }),
  };
}

describe("proposals over HTTP on sqlite", () => {
  let database: TestDatabase;
  let server: BuiltServer;
  let session: Awaited<ReturnType<typeof consolePublisher>>;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "proposals-http-"));
    database = await createTestDatabase("sqlite");
    server = await startBuiltServer({
      DATABASE_URL: database.url,
      ADMIN_EMAILS: owner,
      MAIL_DIR: dir,
      OUTBOX_WORKER: "none",
      CONTACT_MIN_FILL_SECONDS: "0",
    });
    session = await consolePublisher(database.db, { email: owner });
  });
  afterAll(async () => {
    await server?.stop();
    await database?.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (pathname: string, cookie = session.cookie) =>
    fetch(`${server.baseURL}${pathname}`, { redirect: "manual", headers: { Cookie: cookie } });
  const post = (
    pathname: string,
    form: URLSearchParams | Record<string, string>,
    cookie = session.cookie,
  ) =>
    fetch(`${server.baseURL}${pathname}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: server.baseURL,
        Cookie: cookie,
      },
      body: new URLSearchParams(form),
    });
  const template = (overrides: Record<string, string> = {}) => {
    const form = new URLSearchParams({
      csrf: session.csrf,
      intent: "save",
      program: "Presence-based selling for the Northwind team",
      teamSize: "14",
      startsOn: "2027-02-01",
      endsOn: "2027-02-03",
      terms: "Half on acceptance, half on the first day.",
      validUntil: "2099-12-31",
      deposit: "",
      ...overrides,
    });
    form.append("lineLabel", "Three-day workshop");
    form.append("lineAmount", "24,000");
    form.append("lineLabel", "Workbooks for 14");
    form.append("lineAmount", "1,500");
    return form;
  };
  const stage = async (id: string) =>
    (
      await database.db
        .selectFrom("deals")
        .select("stage")
        .where("id", "=", id)
        .executeTakeFirstOrThrow()
    ).stage;

  it("writes, renders, sends and takes an acceptance through the pages", async () => {
    const opened = await post("/admin/pipeline/new", {
      csrf: session.csrf,
      title: "Northwind sales team",
      interest: "Corporate Training",
      value: "",
      teamSize: "14",
      expectedCloseOn: "",
      nextStep: "",
      nextStepDueOn: "",
      email: "buyer@northwind.example",
    });
    const dealPath = opened.headers.get("Location")!;
    const dealId = dealPath.split("/").pop()!;

    // Private like the rest of the console.
    for (const pathname of [`${dealPath}/proposal`, `${dealPath}/proposals/1/pdf`]) {
      const anonymous = await get(pathname, "");
      expect(anonymous.status, pathname).toBe(302);
      expect(anonymous.headers.get("Location"), pathname).toContain("/admin/sign-in");
    }
    expect((await post(`${dealPath}/proposal`, template(), "")).status).toBe(401);
    const noToken = template();
    noToken.delete("csrf");
    expect((await post(`${dealPath}/proposal`, noToken)).status).toBe(403);

    const bad = await post(`${dealPath}/proposal`, template({ validUntil: "someday" }));
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Valid until must be a date (YYYY-MM-DD)");
    const saved = await post(`${dealPath}/proposal`, template({ deposit: "12,750" }));
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe(`${dealPath}#proposals`);
    const dealPage = await (await get(dealPath)).text();
    expect(dealPage).toContain("Version 1: Presence-based selling for the Northwind team");
    expect(dealPage).toContain("$25,500.00");

    // The PDF: its words are text, its fonts embedded.
    const pdf = await get(`${dealPath}/proposals/1/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    const read = readPdf(await pdf.arrayBuffer(), dir);
    expect(read.text).toContain("Presence-based selling for the Northwind team");
    expect(read.text).toMatch(/Total\s+\$25,500\.00/);
    expect(read.text).toContain("Half on acceptance, half on the first day.");
    const fontRows = read.fonts.trim().split("\n").slice(2);
    expect(fontRows.length).toBeGreaterThan(0);
    // pdffonts' columns: name, type, encoding, then emb (yes/no).
    for (const row of fontRows)
      expect(row, row).toMatch(
        /^\S+\s+.*\b(CID TrueType|TrueType)\b.*\s+yes\s+yes\s+yes\s+\d+\s+\d+$/,
      );
    expect((await get(`${dealPath}/proposals/9/pdf`)).status).toBe(404);

    const proposal = await database.db
      .selectFrom("deal_proposals")
      .select("id")
      .where("deal_id", "=", dealId)
      .executeTakeFirstOrThrow();
    const sent = await post(`${dealPath}/proposal`, {
      csrf: session.csrf,
      intent: "send",
      proposal: proposal.id,
    });
    expect(sent.status).toBe(302);
    expect(await stage(dealId)).toBe("proposal-sent");
    const email = await database.db
      .selectFrom("outbox_emails")
      .select(["to_address", "template_data"])
      .where("purpose", "=", "deals.proposal-sent")
      .executeTakeFirstOrThrow();
    expect(email.to_address).toBe("buyer@northwind.example");
    const link = new URL((JSON.parse(email.template_data!) as { proposalUrl: string }).proposalUrl);
    const publicPath = link.pathname;

    // The client's page and its PDF.
    const page = await fetch(`${server.baseURL}${publicPath}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("Referrer-Policy")).toBe("strict-origin");
    const html = await page.text();
    expect(html).toContain("Presence-based selling for the Northwind team");
    expect(html).toContain("Accept the proposal");
    const publicPdf = await fetch(`${server.baseURL}${publicPath}/pdf`);
    expect(publicPdf.headers.get("Content-Type")).toBe("application/pdf");
    expect(readPdf(await publicPdf.arrayBuffer(), dir).text).toContain("Workbooks for 14");

    const accept = (fields: Record<string, string>) =>
      post(
        publicPath,
        { formToken: builtServerFormToken(builtServerLinkSecret), hp_comment: "", ...fields },
        "",
      );
    const refused = await accept({ name: "Ada Park", title: "VP Sales", acceptedOn: "2027-01-05" });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Tick the box to accept the terms");
    expect(await stage(dealId)).toBe("proposal-sent");

    const accepted = await accept({
      name: "Ada Park",
      title: "VP Sales",
      acceptedOn: "2027-01-05",
      terms: "yes",
    });
    expect(accepted.status).toBe(200);
    expect(await accepted.text()).toContain("Accepted, thank you");
    expect(await stage(dealId)).toBe("won");
    const again = await (await fetch(`${server.baseURL}${publicPath}`)).text();
    expect(again).toContain("Accepted by Ada Park, VP Sales, on 2027-01-05.");
    expect(again).not.toContain("Accept the proposal");
    // Stripe is not configured here: the deposit is asked in words, with no button to press.
    expect(again).toContain("Deposit of $12,750.00");
    expect(again).toContain("We will send you a payment link or an invoice");
    expect(again).not.toContain("Pay the");
    const pressed = await post(publicPath, { intent: "deposit" }, "");
    expect(pressed.status).toBe(503);
    expect(await pressed.text()).toContain("we will send you a payment link or an invoice");
    const twice = await accept({
      name: "Ada Park",
      title: "VP Sales",
      acceptedOn: "2027-01-05",
      terms: "yes",
    });
    expect(twice.status).toBe(409);
  });

  it("answers a forged link with 404 and advice, and caps what a post may carry", async () => {
    const forged = await fetch(`${server.baseURL}/proposals/zz.forged`);
    expect(forged.status).toBe(404);
    expect(await forged.text()).toMatch(/not valid[\s\S]*write to/);
    expect((await fetch(`${server.baseURL}/proposals/zz.forged/pdf`)).status).toBe(404);
    const huge = await post("/proposals/zz.forged", { name: "x".repeat(2_000_000) }, "");
    expect(huge.status).toBe(413);
  });
});
