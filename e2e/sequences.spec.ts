import path from "node:path";
import Database from "better-sqlite3";
import { signInThroughEmail } from "./support/admin-sign-in";
import { linkPath, waitForEmail } from "./support/captured-mail";
import { lookAt } from "./support/look-at";
import { e2eServer } from "./support/server-settings";
import {
  expect,
  expectNoAxeViolations,
  gotoHydrated,
  hydrate,
  keepScreenshot,
  test,
} from "./support/test";

// The reader signs up from Denver: the zone their browser gives is kept for their morning.
test.use({ timezoneId: "America/Denver" });

function personOf(email: string) {
  const database = new Database(path.join(e2eServer.dataDir, "site.db"), { readonly: true });
  const row = database
    .prepare("SELECT id, time_zone FROM people WHERE email_key = ?")
    .get(email.toLowerCase()) as { id: string; time_zone: string | null } | undefined;
  database.close();
  return row;
}

test("the owner writes a sequence; a new subscriber gets its first step after confirming", async ({
  page,
  allowConsoleErrors,
}) => {
  // Activating without a step answers 409, which the browser logs.
  allowConsoleErrors(/status of 409/);
  // Sign-in, four console pages, a signup and three emails through the outbox.
  test.slow();
  const run = Date.now();
  const name = `Welcome series ${run}`;
  const subject = `Welcome aboard ${run}`;

  await signInThroughEmail(page, "sequences@console-e2e.test");
  await hydrate(page);
  await page
    .getByRole("navigation", { name: "Console" })
    .getByRole("link", { name: "Sequences" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Sequences" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "New sequence" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New sequence" })).toBeVisible();
  await lookAt(page, "sequence-new", true);
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Starts when").selectOption("newsletter_confirmed");
  await page.getByLabel("Send at, in the reader’s time zone").selectOption("9");
  await page.getByRole("button", { name: "Create sequence" }).click();

  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  // Activating without a step is refused with a sentence.
  await page.getByRole("button", { name: "Activate" }).click();
  await expect(page.getByRole("alert")).toHaveText("Add a step before activating the sequence.");

  await page.getByLabel("Subject").fill(subject);
  await page
    .getByLabel("Email (Markdown)")
    .fill(
      "## Glad you are here\n\nOne practice a week, **five minutes** each, starting with [the guide](http://localhost:3000/downloads/witness-consciousness-guide.pdf).\n\n[Read the first chapter](https://presenceselling.com/sample-excerpts){button}",
    );
  await page.getByLabel("Days after the step before").fill("0");
  await page.getByRole("button", { name: "Add step" }).click();
  await expect(page.getByTestId("step-list")).toContainText(`1. ${subject}`);
  await page.getByLabel("Subject").fill(`Day two ${run}`);
  await page.getByLabel("Email (Markdown)").fill("The second practice.");
  await page.getByLabel("Days after the step before").fill("1");
  await page.getByRole("button", { name: "Add step" }).click();
  await expect(page.getByTestId("step-list")).toContainText(`2. Day two ${run}`);
  await page.getByRole("button", { name: "Activate" }).click();
  await expect(page.getByRole("button", { name: "Pause" })).toBeVisible();
  const sequenceId = new URL(page.url()).pathname.split("/").pop()!;
  await lookAt(page, "sequence-page", true);

  await page.getByTestId("step-list").getByRole("link").first().click();
  await expect(page.getByRole("heading", { level: 1, name: subject })).toBeVisible();
  await lookAt(page, "sequence-step", true);

  await page.goto("/admin/sequences");
  await expect(page.getByTestId("sequence-list")).toContainText(name);
  await lookAt(page, "sequence-list", true);

  // A reader signs up and confirms.
  const reader = `seq.${run}@example.com`;
  const signup = await page.context().newPage();
  await gotoHydrated(signup, "/signup");
  await signup.getByLabel("First name").fill("Ada");
  await signup.getByLabel("Email").fill(reader);
  await signup.getByRole("button", { name: "Subscribe" }).click();
  await expect(signup.getByRole("heading", { name: "Welcome to the Journey" })).toBeVisible();
  expect(personOf(reader)?.time_zone).toBe("America/Denver");
  const confirmation = await waitForEmail(reader, "Please confirm your subscription");
  await signup.goto(linkPath(confirmation, "/lists/newsletter/confirm"));
  await signup.getByRole("button", { name: "Confirm my subscription" }).click();
  await expect(signup.getByTestId("newsletter-confirmed")).toBeVisible();

  // Day 0: sent at the next pass, as a bulk email with one-click unsubscribe and the address.
  const step = await waitForEmail(reader, subject);
  const header = (key: string) =>
    step.headers.find((candidate) => candidate.key.toLowerCase() === key)?.value ?? "";
  expect(header("list-unsubscribe")).toMatch(/\/lists\/newsletter\/unsubscribe\//);
  expect(header("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
  expect(step.text).toContain("1942 Broadway Suite 314");
  expect(step.text).toContain("five minutes");
  // The guide's link names the reader (signed), so downloading it can start the guide's sequences.
  expect(step.html).toMatch(
    /\/downloads\/witness-consciousness-guide\.pdf\?reader=[\w-]+\.[\w-]+"/,
  );

  // The step email as readers see it, at a phone's and a desktop's width.
  const letter = await page.context().newPage();
  for (const width of [390, 1280]) {
    await letter.setViewportSize({ width, height: 900 });
    await letter.setContent(step.html ?? "");
    await keepScreenshot(letter, {
      path: test.info().outputPath(`sequence-email-${width}.png`),
      fullPage: true,
    });
  }

  // The reader now waits for the second step, listed with the time it goes.
  await page.goto(`/admin/sequences/${sequenceId}`);
  const waiting = page.getByTestId("step-waiting").nth(1);
  await expect(waiting).toContainText("1 reader waits for this step; the next get it");
  await waiting.locator("summary").click();
  await expect(waiting.getByRole("table")).toContainText(reader);
  // Other files' readers who confirm on the shared server meanwhile get the step too.
  await expect(page.getByTestId("step-figures").first()).toContainText(/[1-9]\d* sent/);
  await lookAt(page, "sequence-page-waiting", true);

  // Every step email lets the reader leave this sequence alone; the newsletter stays.
  await signup.goto(linkPath(step, `/sequences/${sequenceId}/leave/newsletter`));
  await expect(signup.getByTestId("sequence-leave")).toHaveText("Leave this email series?");
  await lookAt(signup, "sequence-leave", true);
  await signup.getByRole("button", { name: "Leave this series" }).click();
  await expect(signup.getByTestId("sequence-leave")).toHaveText("You left this series");
  await lookAt(signup, "sequence-left", true);

  // The person's page lists the sequence email they received.
  await page.goto(`/admin/people/${personOf(reader)!.id}`);
  await expect(page.getByTestId("person-sequence-emails")).toContainText(subject);
  await expect(page.getByTestId("sequence-email-version")).toHaveText("version 1");
  await lookAt(page, "person-sequence-emails", false);
  await expectNoAxeViolations(page);
});
