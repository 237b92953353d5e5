import { randomUUID } from "node:crypto";
import path from "node:path";
import Database from "better-sqlite3";
import { signInThroughEmail } from "./support/admin-sign-in";
import { linkPath, waitForEmail } from "./support/captured-mail";
import { broadcastsServer } from "./support/server-settings";
import { expect, expectNoAxeViolations, hydrate, keepScreenshot, test } from "./support/test";

// One after the other: both sign in as the broadcasts address and read its sign-in emails.
test.describe.configure({ mode: "default" });

/** Confirmed subscribers written straight into the server's database (signup is tested elsewhere). */
function seedSubscribers(emails: string[], interests: string[]) {
  const database = new Database(path.join(broadcastsServer.dataDir, "site.db"));
  database.pragma("busy_timeout = 5000");
  const at = new Date().toISOString();
  const person = database.prepare(
    "INSERT INTO people (id, email, email_key, source, first_seen_at, last_seen_at) VALUES (?, ?, ?, '/signup', ?, ?)",
  );
  const membership = database.prepare(
    "INSERT INTO list_memberships (id, person_id, list, status, interests, source, consent_text, consented_at, confirmed_at, created_at, updated_at) VALUES (?, ?, 'newsletter', 'confirmed', ?, '/signup', 'yes', ?, ?, ?, ?)",
  );
  for (const email of emails) {
    const personId = randomUUID();
    person.run(personId, email, email, at, at);
    membership.run(randomUUID(), personId, JSON.stringify(interests), at, at, at, at);
  }
  database.close();
}

/** Confirmed newsletter members who chose `interest`, counted in the server's database. */
function confirmedMembersWith(interest: string) {
  const database = new Database(path.join(broadcastsServer.dataDir, "site.db"), { readonly: true });
  const row = database
    .prepare(
      "SELECT COUNT(*) AS count FROM list_memberships m JOIN people p ON p.id = m.person_id WHERE m.list = 'newsletter' AND m.status = 'confirmed' AND p.bounced_at IS NULL AND m.interests LIKE ?",
    )
    .get(`%"${interest}"%`) as { count: number };
  database.close();
  return row.count;
}

test("the owner composes, previews, tests and sends a broadcast, then publishes it", async ({
  page,
  request,
}) => {
  // Sign-in, five pages and three rounds of email through the outbox.
  test.slow();
  const run = Date.now();
  const readers = [`reader1.${run}@example.com`, `reader2.${run}@example.com`];
  // This spec has a server of its own (project `broadcasts`), so the audience holds still.
  const recipients = confirmedMembersWith("book") + readers.length;
  seedSubscribers(readers, ["book"]);
  const subject = `Presence at the close ${run}`;

  await signInThroughEmail(page, "broadcasts@console-e2e.test");
  await hydrate(page);
  await page
    .getByRole("navigation", { name: "Console" })
    .getByRole("link", { name: "Broadcasts" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Broadcasts" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "Write a broadcast" }).click();

  await page.getByLabel("Subject").fill(subject);
  await page.getByLabel("Preview text").fill("Three breaths before the ask");
  await page
    .getByLabel("Letter (Markdown)")
    .fill(
      "## Before the ask\n\nBreathe **once**, then listen.\n\n> Slow is smooth.\n\n[Read the chapter](https://presence.example/book){button}\n\nNot [a script](javascript:alert(1)).",
    );
  await page.getByLabel("Book updates and exclusive content").check();
  await expect(page.getByTestId("recipient-count")).toHaveText(`${recipients} recipients now`);
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Save draft" }).click();

  await expect(page.getByRole("heading", { level: 1, name: subject })).toBeVisible();
  await expect(page.getByTestId("broadcast-status")).toHaveText("draft");
  // The author is told about the link the email leaves out.
  await expect(page.getByTestId("dropped-addresses")).toContainText(
    "One link or image was left out of the email",
  );
  await expect(page.getByTestId("dropped-addresses")).toContainText("javascript:alert(1)");
  await expect(page.getByTestId("preview-text")).toContainText(
    "Read the chapter <https://presence.example/book>",
  );
  await expect(
    page.frameLocator('iframe[title="Email preview at phone width"]').getByRole("link", {
      name: "Read the chapter",
    }),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole("button", { name: "Send a test to me" }).click();
  await expect(page.getByRole("status")).toContainText("Test sent to broadcasts@console-e2e.test");
  const test_ = await waitForEmail("broadcasts@console-e2e.test", `[Test] ${subject}`);
  expect(test_.text).toContain("Breathe once, then listen.");

  await page.getByRole("button", { name: `Send now to ${recipients} recipients` }).click();
  await expect(page.getByTestId("broadcast-status")).toHaveText("sent", { timeout: 20_000 });
  const report = page.getByTestId("broadcast-report");
  await expect(report.getByText("Sent", { exact: true }).locator("..")).toContainText(
    String(recipients),
  );
  await expect(report.getByText("Queued", { exact: true }).locator("..")).toContainText(
    String(recipients),
  );
  await expect(page.getByTestId("broadcast-times")).toContainText(
    /^Started .+ UTC, finished .+ UTC\.$/,
  );
  const afterDelivery = page.getByTestId("broadcast-after-delivery");
  await expect(afterDelivery).toContainText("divided by the emails delivered");
  await expect(afterDelivery.getByText("Complaints", { exact: true }).locator("..")).toContainText(
    "0.00 % of delivered",
  );
  await expectNoAxeViolations(page);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await keepScreenshot(page, {
      path: test.info().outputPath(`broadcast-report-${width}.png`),
      fullPage: true,
    });
  }

  const received = await waitForEmail(readers[0]!, subject);
  const unsubscribeHeader = received.headers.find((header) => header.key === "list-unsubscribe");
  expect(unsubscribeHeader?.value).toMatch(/^<http:\/\/.+\/newsletter\/unsubscribe\/[\w.-]+>$/);
  expect(received.headers.find((header) => header.key === "reply-to")?.value).toBe(
    "author@presenceselling.com",
  );
  expect(received.text).toContain("1942 Broadway Suite 314, Boulder, CO 80302, USA");

  await page.getByRole("button", { name: "Publish to the archive" }).click();
  await expect(page.getByRole("status")).toContainText("Published at /newsletter/");
  await page.getByRole("link", { name: /In the archive/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: subject })).toBeVisible();
  await expect(page.getByRole("link", { name: "Read the chapter" })).toHaveAttribute(
    "href",
    "https://presence.example/book",
  );
  await expectNoAxeViolations(page);
  await page.goto("/newsletter");
  await expect(page.getByRole("link", { name: subject })).toBeVisible();
  await expectNoAxeViolations(page);

  // Server-rendered and cached, with its tags, and listed in the sitemap without a rebuild.
  const letterPath = (await page.getByRole("link", { name: subject }).getAttribute("href"))!;
  const archived = await request.get(letterPath);
  expect(archived.headers()["cache-control"]).toBe(
    "public, max-age=300, stale-while-revalidate=3600",
  );
  const html = await archived.text();
  expect(html).toContain(`<link rel="canonical" href="http://localhost:3000${letterPath}"/>`);
  expect(html).toContain('<meta name="description" content="Three breaths before the ask"/>');
  expect(html).toContain(`<meta property="og:title" content="${subject} | Presence Selling"/>`);
  expect(await (await request.get("/sitemap.xml")).text()).toContain(
    `http://localhost:3000${letterPath}`,
  );

  // RFC 8058: the mail client's one-click POST, with no form token, takes the second reader off.
  const second = await waitForEmail(readers[1]!, subject);
  const oneClickUrl = new URL(
    second.headers.find((header) => header.key === "list-unsubscribe")!.value.slice(1, -1),
  );
  const oneClick = await request.post(`${oneClickUrl.pathname}${oneClickUrl.search}`, {
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    data: "List-Unsubscribe=One-Click",
  });
  expect(oneClick.status()).toBe(200);
  const database = new Database(path.join(broadcastsServer.dataDir, "site.db"), { readonly: true });
  const status = database
    .prepare(
      "SELECT m.status FROM list_memberships m JOIN people p ON p.id = m.person_id WHERE p.email_key = ? AND m.list = 'newsletter'",
    )
    .get(readers[1]) as { status: string };
  database.close();
  expect(status.status).toBe("unsubscribed");

  await page.goto(linkPath(received, "/newsletter/unsubscribe"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Leave Book updates and exclusive content?",
  );
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Unsubscribe", exact: true }).click();
  await expect(page.getByTestId("newsletter-unsubscribed")).toHaveText("You're unsubscribed");
});

/** Moves a scheduled broadcast's time into the past, as if the site had been down then. */
function scheduledHoursAgo(subject: string, hours: number) {
  const database = new Database(path.join(broadcastsServer.dataDir, "site.db"));
  database.pragma("busy_timeout = 5000");
  database
    .prepare("UPDATE broadcasts SET scheduled_at = ? WHERE subject = ? AND status = 'scheduled'")
    .run(new Date(Date.now() - hours * 3_600_000).toISOString(), subject);
  database.close();
}

/** `2026-11-24T09:00`, UTC, as the console's date-and-time field takes it. */
const utcField = (time: Date) => time.toISOString().slice(0, 16);

test("a scheduled broadcast found overdue after downtime is held: the owner is emailed and chooses to reschedule or send now", async ({
  page,
  allowConsoleErrors,
}) => {
  test.slow();
  // The past time below is refused with a 400, which the browser logs.
  allowConsoleErrors(/status of 400 \(Bad Request\)/);
  const run = Date.now();
  const reader = `overdue.${run}@example.com`;
  // Another interest than the test above, whose audience is "book": its count holds still.
  seedSubscribers([reader], ["insights"]);
  const subject = `Monday's webinar ${run}`;

  await signInThroughEmail(page, "broadcasts@console-e2e.test");
  await hydrate(page);
  await page.goto("/admin/broadcasts/new");
  await page.getByLabel("Subject").fill(subject);
  await page.getByLabel("Preview text").fill("Join us on Monday");
  await page.getByLabel("Letter (Markdown)").fill("See you on **Monday**.");
  await page.getByLabel("Weekly insights and practices").check();
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByTestId("broadcast-status")).toHaveText("draft");
  await page.getByLabel("Send at (UTC)").fill(utcField(new Date(Date.now() + 86_400_000)));
  await page.getByRole("button", { name: "Schedule" }).click();
  await expect(page.getByTestId("broadcast-status")).toHaveText("scheduled");

  // The site was down at the scheduled time; the queue's next round finds it two hours late.
  scheduledHoursAgo(subject, 2);
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId("broadcast-status")).toHaveText("overdue", { timeout: 500 });
  }).toPass({ timeout: 15_000 });
  const box = page.getByTestId("broadcast-overdue");
  await expect(box).toContainText("Not sent: it was due");
  await expectNoAxeViolations(page);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await keepScreenshot(box, { path: test.info().outputPath(`overdue-${width}.png`) });
  }
  const notice = await waitForEmail(
    "owner@presenceselling.com",
    `Broadcast held: it is overdue: ${subject}`,
  );
  expect(notice.text).toContain("past the 15-minute grace");
  expect(notice.text).toContain("/admin/broadcasts/");

  // A time already gone is refused; a time to come schedules it again.
  await box.getByLabel("New time (UTC)").fill(utcField(new Date(Date.now() - 3_600_000)));
  await box.getByRole("button", { name: "Reschedule" }).click();
  await expect(page.getByRole("alert")).toContainText("Choose a time in the future.");
  await expect(page.getByTestId("broadcast-status")).toHaveText("overdue");
  await box.getByLabel("New time (UTC)").fill(utcField(new Date(Date.now() + 86_400_000)));
  await box.getByRole("button", { name: "Reschedule" }).click();
  await expect(page.getByTestId("broadcast-status")).toHaveText("scheduled");

  // Down again past the new time: this time the owner sends it at once.
  scheduledHoursAgo(subject, 1);
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId("broadcast-status")).toHaveText("overdue", { timeout: 500 });
  }).toPass({ timeout: 15_000 });
  await page
    .getByTestId("broadcast-overdue")
    .getByRole("button", { name: /^Send now to/ })
    .click();
  await expect(page.getByTestId("broadcast-status")).toHaveText("sent", { timeout: 20_000 });
  await expect(page.getByTestId("broadcast-times")).toContainText(
    /^Started .+ UTC, finished .+ UTC\.$/,
  );
  const received = await waitForEmail(reader, subject);
  expect(received.text).toContain("See you on Monday.");
});

/**
 * A sent broadcast's history written straight into the server's database (the engine's side is
 * tested in tests/integration/broadcasts-temporary-refusals.test.ts): two pauses, refusals by
 * code, and one email that may not have gone out and was sent again.
 */
function recordHistory(subject: string, reader: string) {
  const database = new Database(path.join(broadcastsServer.dataDir, "site.db"));
  database.pragma("busy_timeout = 5000");
  const { id } = database.prepare("SELECT id FROM broadcasts WHERE subject = ?").get(subject) as {
    id: string;
  };
  const email = database
    // The test's own reader: the list also holds the other broadcast tests' readers.
    .prepare("SELECT id FROM outbox_emails WHERE broadcast_id = ? AND to_address = ?")
    .get(id, reader) as { id: string };
  const at = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
  const pause = database.prepare(
    "INSERT INTO broadcast_pause_events (id, broadcast_id, paused_at, cause, reason, refusal_class, refusal_code, ended_at, ended_by, probes) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
  );
  pause.run(
    randomUUID(),
    id,
    at(95),
    "temporary",
    "Refusals for now persisted after retrying: more than 10% of the latest sends were refused again after waiting (the last: 452 4.3.1 Insufficient system storage)",
    "provider",
    "452 4.3.1",
    at(88),
    "probe",
    2,
  );
  pause.run(
    randomUUID(),
    id,
    at(60),
    "block",
    "The provider refused to send: 550 5.7.1 Message refused by policy",
    "provider",
    "550 5.7.1",
    at(20),
    "broadcasts@console-e2e.test",
    0,
  );
  const refusal = database.prepare(
    "INSERT INTO broadcast_refusals (id, broadcast_id, email_id, refused_at, refusal_class, code, outcome) VALUES (?, ?, ?, ?, ?, ?, ?)",
  );
  for (let index = 0; index < 14; index++)
    refusal.run(randomUUID(), id, email.id, at(96), "provider", "452 4.3.1", "retried");
  refusal.run(randomUUID(), id, email.id, at(94), "provider", "421 4.4.2", "retried");
  refusal.run(randomUUID(), id, email.id, at(60), "provider", "550 5.7.1", "held");
  database.prepare("UPDATE outbox_emails SET uncertain_at = ? WHERE id = ?").run(at(30), email.id);
  database.close();
  return id;
}

test("a sent broadcast's page and CSV keep every pause, its refusals and who may not have had it; a pause shows on every console page", async ({
  page,
}) => {
  test.slow();
  const run = Date.now();
  const reader = `history.${run}@example.com`;
  seedSubscribers([reader], ["history"]);
  const subject = `A letter with a history ${run}`;
  await signInThroughEmail(page, "broadcasts@console-e2e.test");
  await hydrate(page);
  await page.goto("/admin/broadcasts/new");
  await page.getByLabel("Subject").fill(subject);
  await page.getByLabel("Preview text").fill("Through a busy server");
  await page.getByLabel("Letter (Markdown)").fill("Slow is **smooth**.");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByTestId("broadcast-status")).toHaveText("draft");
  await page.getByRole("button", { name: /^Send now to/ }).click();
  await expect(page.getByTestId("broadcast-status")).toHaveText("sent", { timeout: 20_000 });

  const id = recordHistory(subject, reader);
  await page.reload();
  const history = page.getByTestId("broadcast-history");
  const pauses = history.getByTestId("broadcast-pause");
  await expect(pauses).toHaveCount(2);
  await expect(pauses.nth(0)).toContainText("Refused for now, after retries (452 4.3.1)");
  await expect(pauses.nth(0)).toContainText(
    "Lasted 7 min, resumed by itself: a probe send was accepted",
  );
  await expect(pauses.nth(1)).toContainText("Blocked by the provider (550 5.7.1)");
  await expect(pauses.nth(1)).toContainText(
    "Lasted 40 min, resumed by broadcasts@console-e2e.test",
  );
  await expect(history).toContainText("15 refused attempts were tried again after a wait.");
  await expect(history.getByTestId("broadcast-refusals")).toContainText("452 4.3.1");
  await expect(history.getByTestId("broadcast-uncertain")).toContainText("sent again since");
  await expectNoAxeViolations(page);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await keepScreenshot(history, { path: test.info().outputPath(`pause-history-${width}.png`) });
  }

  const csv = await page.request.get(`/admin/broadcasts/${id}/report.csv`);
  expect(csv.status()).toBe(200);
  const text = await csv.text();
  expect(text).toContain("pause,temporary,2,");
  expect(text).toContain(",probe,");
  expect(text).toContain("refusal,provider,14,,,,452 4.3.1");
  expect(text).toContain(`may not have gone out,${reader}`);

  // Paused now: every console page says so, with a link to it, until it ends.
  const database = new Database(path.join(broadcastsServer.dataDir, "site.db"));
  database.pragma("busy_timeout = 5000");
  database
    .prepare("UPDATE broadcasts SET status = 'paused', paused_at = ? WHERE id = ?")
    .run(new Date().toISOString(), id);
  database
    .prepare(
      "INSERT INTO broadcast_pause_events (id, broadcast_id, paused_at, cause, reason, refusal_class, refusal_code, probes) VALUES (?, ?, ?, 'block', 'The provider refused to send: 550 5.7.1 Message refused by policy', 'provider', '550 5.7.1', 0)",
    )
    .run(randomUUID(), id, new Date().toISOString());
  database.close();
  try {
    for (const path_ of ["/admin", "/admin/people"]) {
      await page.goto(path_);
      const notice = page.getByTestId("paused-broadcasts-notice");
      await expect(notice).toContainText(`Broadcast paused since`);
      await expect(notice.getByRole("link", { name: subject })).toHaveAttribute(
        "href",
        `/admin/broadcasts/${id}`,
      );
    }
    await expectNoAxeViolations(page);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await keepScreenshot(page, { path: test.info().outputPath(`paused-notice-${width}.png`) });
    }
  } finally {
    const restore = new Database(path.join(broadcastsServer.dataDir, "site.db"));
    restore.pragma("busy_timeout = 5000");
    restore.prepare("UPDATE broadcasts SET status = 'sent', paused_at = NULL WHERE id = ?").run(id);
    restore
      .prepare(
        "UPDATE broadcast_pause_events SET ended_at = ?, ended_by = 'test' WHERE broadcast_id = ? AND ended_at IS NULL",
      )
      .run(new Date().toISOString(), id);
    restore.close();
  }
});

test("a broadcast's emails that may not have gone out are dismissed at once: counted as sent", async ({
  page,
}) => {
  test.slow();
  const run = Date.now();
  const reader = `dismissed.${run}@example.com`;
  seedSubscribers([reader], ["dismissed"]);
  const subject = `A letter the owner knows arrived ${run}`;
  await signInThroughEmail(page, "broadcasts@console-e2e.test");
  await hydrate(page);
  await page.goto("/admin/broadcasts/new");
  await page.getByLabel("Subject").fill(subject);
  await page.getByLabel("Letter (Markdown)").fill("It arrived.");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByTestId("broadcast-status")).toHaveText("draft");
  await page.getByRole("button", { name: /^Send now to/ }).click();
  await expect(page.getByTestId("broadcast-status")).toHaveText("sent", { timeout: 20_000 });
  // Its mail server took the email and never answered.
  const database = new Database(path.join(broadcastsServer.dataDir, "site.db"));
  database.pragma("busy_timeout = 5000");
  database
    .prepare(
      "UPDATE outbox_emails SET status = 'uncertain', uncertain_at = ? WHERE to_address = ? AND subject = ?",
    )
    .run(new Date().toISOString(), reader, subject);
  await page.reload();
  const dismiss = page.getByRole("button", { name: "Dismiss it: count as sent" });
  await expect(dismiss).toBeVisible();
  await expectNoAxeViolations(page);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await keepScreenshot(page, {
      path: test.info().outputPath(`dismiss-${width}.png`),
      fullPage: true,
    });
  }
  await dismiss.click();
  await expect(page.getByText("Dismissed 1 email: counted as sent.")).toBeVisible();
  await expect(dismiss).toHaveCount(0);
  await expect(page.getByTestId("broadcast-uncertain")).toContainText(
    "dismissed since: counted as sent on your word",
  );
  const email = database
    .prepare("SELECT status, last_error FROM outbox_emails WHERE to_address = ? AND subject = ?")
    .get(reader, subject);
  database.close();
  expect(email).toEqual({ status: "sent", last_error: "sent (owner confirmed)" });
});
