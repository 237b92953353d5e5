import { signInThroughEmail } from "./support/admin-sign-in";
import { queryDatabase, writeDatabase } from "./support/console-database";
import { lookAt } from "./support/look-at";
import type { Page } from "@playwright/test";
import { expect, hydrate, test } from "./support/test";

/** An email the mail server took and never answered: it may have gone out. */
async function seedUncertainEmail(id: string, subject: string, batchId: string | null) {
  const now = new Date().toISOString();
  await writeDatabase(
    `INSERT INTO outbox_emails (id, purpose, to_address, from_address, reply_to, subject,
       text_body, html_body, headers, status, attempts, next_attempt_at, last_error,
       uncertain_at, broadcast_id, created_at)
     VALUES (?, ?, 'maybe@example.com', 'no-reply@example.com', NULL, ?, 'Thank you', NULL, '{}',
       'uncertain', 1, ?, 'No reply to the end of the message after 600 s: it may have gone out',
       ?, ?, ?)`,
    [id, batchId ? "sequence.step" : "sales.receipt", subject, now, now, batchId, now],
  );
}

const statusOf = async (id: string) =>
  (await queryDatabase("SELECT status FROM outbox_emails WHERE id = ?", [id]))[0]?.status;

/**
 * A new sequence with one step, and a reader whose email of it may not have gone out: their run
 * waits for the owner's word. Resolves with the sequence's id and the email's.
 */
async function sequenceWithUncertainRun(page: Page) {
  await page.goto("/admin/sequences/new");
  const name = `Uncertain ${Date.now()}`;
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Starts when").selectOption("newsletter_confirmed");
  await page.getByRole("button", { name: "Create sequence" }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await page.getByLabel("Subject").fill("Day one: the first step");
  await page.getByLabel("Email (Markdown)").fill("The first practice.");
  await page.getByLabel("Days after the step before").fill("0");
  await page.getByRole("button", { name: "Add step" }).click();
  await expect(page.getByTestId("step-list")).toContainText("1. Day one: the first step");
  const sequenceId = new URL(page.url()).pathname.split("/").pop()!;
  const [step] = await queryDatabase("SELECT id FROM sequence_steps WHERE sequence_id = ?", [
    sequenceId,
  ]);
  // A reader whose only step may not have gone out: their run waits for the owner's word.
  const id = `uncertain-step-${Date.now()}`;
  const now = new Date().toISOString();
  await writeDatabase(
    `INSERT INTO people (id, email, email_key, source, first_seen_at, last_seen_at)
     VALUES (?, ?, ?, '/signup', ?, ?)`,
    [`${id}-person`, `${id}@example.com`, `${id}@example.com`, now, now],
  );
  await writeDatabase(
    `INSERT INTO sequence_enrollments (id, sequence_id, person_id, status, last_position,
       last_step_id, last_done_at, next_due_at, ended_reason, started_at, updated_at)
     VALUES (?, ?, ?, 'uncertain', 1, ?, ?, NULL, NULL, ?, ?)`,
    [`${id}-run`, sequenceId, `${id}-person`, step!.id, now, now, now],
  );
  await writeDatabase(
    `INSERT INTO sequence_sends (id, enrollment_id, sequence_id, step_id, person_id, queued_at)
     VALUES (?, ?, ?, ?, ?, ?)`,
    [id, `${id}-run`, sequenceId, step!.id, `${id}-person`, now],
  );
  await seedUncertainEmail(id, "Day one: the first step", sequenceId);
  await page.reload();
  return { sequenceId, id };
}

test("counts emails that may not have gone out and sends one again on one press", async ({
  page,
}) => {
  test.slow();
  const id = `uncertain-${Date.now()}`;
  await seedUncertainEmail(id, "Your receipt for the book", null);
  await signInThroughEmail(page, "uncertain@console-e2e.test");
  await hydrate(page);
  await expect(page.getByTestId("uncertain-emails-count")).toContainText("may not have gone out");
  await lookAt(page, "dashboard-uncertain", true);

  await page.getByTestId("uncertain-emails-count").click();
  await expect(page.getByRole("heading", { level: 1, name: "Email health" })).toBeVisible();
  const section = page.getByTestId("uncertain-emails");
  await expect(section.getByRole("heading", { level: 2 })).toHaveText(/may not have gone out/);
  await expect(page.getByText("Every email went out.")).toHaveCount(0);
  await lookAt(page, "email-health-uncertain", true);

  await section
    .getByRole("listitem")
    .filter({ hasText: "Your receipt for the book" })
    .getByRole("button", { name: "Send again" })
    .click();
  await expect(page.getByText("Queued again: the worker is sending it now.")).toBeVisible();
  await expect.poll(() => statusOf(id), { timeout: 30_000 }).toBe("sent");
});

test("lists a sequence's emails that may not have gone out by step, and sends them again", async ({
  page,
}) => {
  test.slow();
  await signInThroughEmail(page, "uncertain-sequence@console-e2e.test");
  await hydrate(page);
  const { id } = await sequenceWithUncertainRun(page);
  await expect(page.getByText("1 may not have had their last email")).toBeVisible();
  const listed = page.getByTestId("step");
  await expect(listed.getByTestId("step-figures")).toContainText("1 may not have gone out");
  const section = listed.getByTestId("uncertain-emails");
  await expect(section.getByRole("heading", { level: 3 })).toHaveText("1 may not have gone out");
  await expect(section).toContainText("maybe@example.com");
  await lookAt(page, "sequence-uncertain", true);
  await section.getByRole("button", { name: "Send it again" }).click();
  await expect(page.getByTestId("uncertain-emails")).toHaveCount(0);
  expect(await statusOf(id)).not.toBe("uncertain");
  const [run] = await queryDatabase("SELECT status FROM sequence_enrollments WHERE id = ?", [
    `${id}-run`,
  ]);
  expect(run!.status).toBe("active");
});

test("dismisses an email that may not have gone out: counted as sent, never sent again", async ({
  page,
}) => {
  test.slow();
  const id = `dismissed-${Date.now()}`;
  await seedUncertainEmail(id, "A receipt the reader already has", null);
  await signInThroughEmail(page, "dismiss@console-e2e.test");
  await hydrate(page);
  await page.goto("/admin/email");
  const section = page.getByTestId("uncertain-emails");
  const row = section.getByRole("listitem").filter({ hasText: "A receipt the reader already has" });
  await expect(row.getByRole("button", { name: /^Dismiss/ })).toBeVisible();
  await lookAt(page, "email-health-dismiss", true);
  await row.getByRole("button", { name: /^Dismiss/ }).click();
  await expect(
    page.getByText("Dismissed: the email counts as sent and is not sent again."),
  ).toBeVisible();
  await expect(
    page.getByRole("listitem").filter({ hasText: "A receipt the reader already has" }),
  ).toHaveCount(0);
  const [email] = await queryDatabase("SELECT status, last_error FROM outbox_emails WHERE id = ?", [
    id,
  ]);
  expect(email).toEqual({ status: "sent", last_error: "sent (owner confirmed)" });
  await lookAt(page, "email-health-dismissed", true);
});

test("dismisses a step's email that may not have gone out: its run finishes", async ({ page }) => {
  test.slow();
  await signInThroughEmail(page, "dismiss-sequence@console-e2e.test");
  await hydrate(page);
  const { id } = await sequenceWithUncertainRun(page);
  const section = page.getByTestId("step").getByTestId("uncertain-emails");
  await expect(section.getByRole("button", { name: /^Dismiss/ })).toBeVisible();
  await lookAt(page, "sequence-dismiss", true);
  await section.getByRole("button", { name: /^Dismiss/ }).click();
  await expect(page.getByTestId("uncertain-emails")).toHaveCount(0);
  await expect(page.getByText("may not have had their last email")).toHaveCount(0);
  expect(await statusOf(id)).toBe("sent");
  const [run] = await queryDatabase("SELECT status FROM sequence_enrollments WHERE id = ?", [
    `${id}-run`,
  ]);
  expect(run!.status).toBe("finished");
  await lookAt(page, "sequence-dismissed", true);
});
