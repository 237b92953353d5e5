import { signInThroughEmail } from "./support/admin-sign-in";
import { queryDatabase } from "./support/console-database";
import { sendContactMessage } from "./support/contact-message";
import { fitsTheWidth } from "./support/look-at";
import { expect, expectNoAxeViolations, keepScreenshot, test } from "./support/test";

test.describe("a deal's timeline", () => {
  test("adds a note and writes to the client at 1280 and 390 px, newest first", async ({
    page,
    request,
  }) => {
    test.slow();
    const lastName = `Timeline${Date.now()}`;
    const title = `Grace ${lastName}`;
    const email = `${lastName.toLowerCase()}@example.com`;
    await sendContactMessage(request, { lastName, message: "Can you train our 12 sellers?" });
    await signInThroughEmail(page, "pipeline-timeline@console-e2e.test");
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/admin/pipeline");
    await expect(page.getByTestId("win-rate")).toContainText("closed deals, won and lost");
    await page.getByTestId("pipeline-board").getByRole("link", { name: title }).click();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    const timeline = page.getByTestId("deal-timeline");
    await expect(timeline.getByRole("listitem").first()).toContainText(
      "Can you train our 12 sellers?",
    );

    const note = page.getByRole("form", { name: "Add a note" });
    await note.getByLabel("Note").fill("Dana prefers March.");
    await note.getByRole("button", { name: "Add the note" }).click();
    await expect(timeline.getByRole("listitem").first()).toContainText("Dana prefers March.");
    await expect(note.getByLabel("Note")).toHaveValue("");

    const write = page.getByRole("form", { name: `Write to ${email}` });
    await write.getByLabel("Subject").fill("Dates for your team");
    await write.getByLabel("Email (plain text)").fill("Hi Grace,\n\nMarch 3 or March 10?");
    await write.getByRole("button", { name: "Send the email" }).click();
    await expect(page.getByRole("status")).toContainText("Queued in the outbox");
    const first = timeline.getByRole("listitem").first();
    await expect(first).toContainText(`Email to ${email}: “Dates for your team”`);
    await expect(first).toContainText("March 3 or March 10?");
    await expect(write.getByLabel("Subject")).toHaveValue("");
    const queued = await queryDatabase(
      "select subject from outbox_emails where to_address = ? and purpose = 'deals.message'",
      [email],
    );
    expect(queued.map((row) => row.subject)).toEqual(["Dates for your team"]);
    await expectNoAxeViolations(page);
    await keepScreenshot(page, {
      path: test.info().outputPath("deal-timeline-1280.png"),
      fullPage: true,
    });
    await fitsTheWidth(page, "deal timeline at 1280 px");

    await page.setViewportSize({ width: 390, height: 900 });
    await expect(timeline.getByRole("listitem")).toHaveCount(3);
    await expectNoAxeViolations(page);
    await keepScreenshot(page, {
      path: test.info().outputPath("deal-timeline-390.png"),
      fullPage: true,
    });
    await fitsTheWidth(page, "deal timeline at 390 px");
  });
});
