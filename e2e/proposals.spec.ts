import { signInThroughEmail } from "./support/admin-sign-in";
import { queryDatabase } from "./support/console-database";
import { sendContactMessage } from "./support/contact-message";
import { fitsTheWidth, lookAt } from "./support/look-at";
import { expect, expectNoAxeViolations, keepScreenshot, test } from "./support/test";

test("a proposal written on the deal, sent, read and accepted by the client", async ({
  page,
  request,
}) => {
  test.slow();
  const lastName = `Proposal${Date.now()}`;
  const title = `Grace ${lastName}`;
  await sendContactMessage(request, { lastName });
  const [deal] = await queryDatabase("select id from deals where title = ?", [title]);
  const dealId = String(deal!.id);
  await signInThroughEmail(page, "proposals@console-e2e.test");

  // The owner writes version 1 from the deal's page.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/admin/pipeline/${dealId}`);
  await page.getByRole("link", { name: "Write a proposal" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New proposal version" })).toBeVisible();
  await page.getByLabel("Program").fill("Presence-based selling for the sales team, three days");
  await page.getByLabel("Team size").fill("14");
  await page.getByLabel("Start date").fill("2099-02-01");
  await page.getByLabel("End date (optional)").fill("2099-02-03");
  await page.getByLabel("Line 1 label").fill("Three-day workshop for 14");
  await page.getByLabel("Line 1 amount in dollars").fill("24,000");
  await page.getByLabel("Line 2 label").fill("Workbooks and follow-up call");
  await page.getByLabel("Line 2 amount in dollars").fill("1,500");
  await page
    .getByLabel("Terms")
    .fill(
      "Half on acceptance, half on the first day. Dates move free of charge until 30 days before.",
    );
  await page.getByLabel("Valid until").fill("2099-01-15");
  await page.getByLabel("Deposit in dollars (optional)").fill("12,750");
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Save as a new version" }).click();

  const section = page.locator("#proposals");
  await expect(section.getByText("Version 1: Presence-based selling")).toBeVisible();
  await expect(section.getByTestId("proposal-state")).toHaveText("Draft");
  await section.getByRole("button", { name: "Send version 1" }).click();
  await expect(section.getByTestId("proposal-state")).toHaveText("Sent");
  await expect(page.getByTestId("deal-stage")).toHaveText("Proposal sent");
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await keepScreenshot(section, { path: test.info().outputPath(`deal-proposals-${width}.png`) });
    await fitsTheWidth(page, `deal page at ${width} px`);
  }
  await expectNoAxeViolations(page);

  // The client's page, from the link in the email.
  const [email] = (await queryDatabase(
    "select template_data from outbox_emails where purpose = 'deals.proposal-sent' and to_address = ?",
    [`${lastName.toLowerCase()}@example.com`],
  )) as { template_data: string }[];
  const link = new URL((JSON.parse(email!.template_data) as { proposalUrl: string }).proposalUrl);
  await page.goto(link.pathname);
  await expect(page.getByRole("heading", { level: 1, name: "Proposal" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Download the PDF" })).toBeVisible();
  await expect(page.getByLabel("Date")).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
  await lookAt(page, "proposal-page", true);

  // A missed checkbox says so; then the acceptance goes through.
  await page.getByLabel("Your name").fill("Grace Hopper");
  await page.getByLabel("Your title").fill("VP Sales");
  await page.getByRole("button", { name: "Accept the proposal" }).click();
  // The browser's own check stops it first: the box is required.
  await expect(page.getByTestId("accepted")).toBeHidden();
  await page.getByLabel(/I have read the proposal and accept its terms/).check();
  await page.getByRole("button", { name: "Accept the proposal" }).click();
  await expect(page.getByTestId("accepted")).toContainText("Accepted, thank you");
  // This server has no Stripe: the deposit is asked in words, with no button that cannot work.
  await expect(page.getByTestId("deposit")).toContainText(
    "We will send you a payment link or an invoice",
  );
  await expect(page.getByRole("button", { name: /^Pay the/ })).toBeHidden();
  await lookAt(page, "proposal-accepted", true);
  const [won] = await queryDatabase("select stage from deals where id = ?", [dealId]);
  expect(won!.stage).toBe("won");
});
