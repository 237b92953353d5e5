import type { Page } from "@playwright/test";
import { signInThroughEmail } from "./support/admin-sign-in";
import { writeDatabase } from "./support/console-database";
import { scrollRegionsNamed } from "./support/scroll-regions";
import { expect, keepScreenshot, test } from "./support/test";

// Issue 35 point 9, beyond analytics: every console page with a record of each kind written long
// (an address, a name, a subject, a link with no space to break at) fits 390 px, and a table too
// wide for it scrolls inside its own named box.
const marker = "layout-pages";
const longEmail =
  "maximilian.featherstonehaugh-worthington@a-very-long-company-domain.example.co.uk";
const longLink =
  "https://www.example.com/a/very/long/path/without/any/space/to/break/at/spring-offer?utm_source=newsletter";
const longTitle = "Presence-Selling-Masterclass-for-Enterprise-Account-Executives-Spring-2024";
const at = "2024-02-01T10:00:00.000Z";

async function seed() {
  await writeDatabase(
    `INSERT INTO people (id, email, email_key, source, first_seen_at, last_seen_at)
     VALUES (?, ?, ?, '/signup', ?, ?)`,
    [`${marker}-person`, longEmail, longEmail, at, at],
  );
  await writeDatabase(
    `INSERT INTO list_memberships (id, person_id, list, status, interests, source, consent_text,
       consented_at, confirmed_at, unsubscribed_at, created_at, updated_at)
     VALUES (?, ?, 'newsletter', 'confirmed', '[]', ?, 'Yes', ?, ?, NULL, ?, ?)`,
    [`${marker}-membership`, `${marker}-person`, longLink, at, at, at, at],
  );
  await writeDatabase(
    `INSERT INTO contact_messages (id, first_name, last_name, email, company, interest, message,
       created_at)
     VALUES (?, 'Maximilian', 'Featherstonehaugh-Worthington', ?, ?, 'keynote', ?, ?)`,
    [`${marker}-message`, longEmail, longTitle, `Please read ${longLink} before we talk.`, at],
  );
  const items = JSON.stringify([{ id: "pdf", name: longTitle, amountCents: 123_456_789 }]);
  await writeDatabase(
    `INSERT INTO orders (id, status, items, amount_total_cents, currency, email, created_at,
       updated_at)
     VALUES (?, 'paid', ?, 123456789, 'usd', ?, ?, ?)`,
    [`${marker}-order`, items, longEmail, at, at],
  );
  await writeDatabase(
    `INSERT INTO broadcasts (id, subject, preview_text, body_markdown, audience_list, status,
       created_by, created_at, updated_at)
     VALUES (?, ?, ?, ?, 'newsletter', 'draft', 'layout@console-e2e.test', ?, ?)`,
    [`${marker}-broadcast`, longTitle, longTitle, `Read ${longLink}`, at, at],
  );
  await writeDatabase(
    `INSERT INTO workshop_events (id, kind, title, description, location, start_date, seats,
       price_cents, created_at, updated_at)
     VALUES (?, 'Workshop', ?, ?, 'Boulder', '2024-01-10', 20, 123456789, ?, ?)`,
    [`${marker}-workshop`, longTitle, longLink, at, at],
  );
  await writeDatabase(
    `INSERT INTO workshop_registrations (id, event_id, name, email, status, payment, price_cents,
       charged_cents, hold_expires_at, created_at, updated_at)
     VALUES (?, ?, 'Maximilian Featherstonehaugh-Worthington', ?, 'paid', 'full', 123456789,
       123456789, ?, ?, ?)`,
    [`${marker}-registration`, `${marker}-workshop`, longEmail, at, at, at],
  );
  await writeDatabase(
    `INSERT INTO sequences (id, name, trigger, list, send_hour, status, created_at, updated_at)
     VALUES (?, ?, 'newsletter_confirmed', 'newsletter', 9, 'draft', ?, ?)`,
    [`${marker}-sequence`, longTitle, at, at],
  );
  await writeDatabase(
    `INSERT INTO sequence_steps (id, sequence_id, position, subject, body_markdown, delay_days,
       created_at, updated_at)
     VALUES (?, ?, 1, ?, ?, 0, ?, ?)`,
    [`${marker}-step`, `${marker}-sequence`, longTitle, `Read ${longLink}`, at, at],
  );
}

async function removeSeed() {
  for (const [table, column] of [
    ["sequence_steps", "id"],
    ["sequences", "id"],
    ["workshop_registrations", "id"],
    ["workshop_events", "id"],
    ["broadcasts", "id"],
    ["orders", "id"],
    ["contact_messages", "id"],
    ["list_memberships", "id"],
    ["people", "id"],
  ])
    await writeDatabase(`DELETE FROM ${table} WHERE ${column} LIKE ?`, [`${marker}-%`]);
}

const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** Screenshots at both widths; at each, the page fits and every wide box is a named region. */
async function checkPage(page: Page, url: string, name: string) {
  await page.goto(url);
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await keepScreenshot(page, {
      path: test.info().outputPath(`${name}-${width}.png`),
      fullPage: true,
    });
    // Soft: one run names every page that does not fit, not only the first.
    expect
      .soft(await sideways(page), `${url} at ${width} px scrolls sideways`)
      .toBeLessThanOrEqual(0);
    expect
      .soft(await scrollRegionsNamed(page), `${url} at ${width} px: unnamed scroll boxes`)
      .toEqual([]);
  }
}

test("every console page fits 390 px with long records: people, inbox, orders, broadcasts, booking, workshops, sequences, content", async ({
  page,
}) => {
  // Twenty pages at two widths on a loaded machine.
  test.setTimeout(240_000);
  await removeSeed();
  await seed();
  try {
    await page.setViewportSize({ width: 390, height: 900 });
    await signInThroughEmail(page, "pages-layout@console-e2e.test");
    for (const [url, name] of [
      ["/admin/people", "people"],
      [`/admin/people?q=${encodeURIComponent(longEmail)}`, "people-search"],
      [`/admin/people/${marker}-person`, "person"],
      ["/admin/inbox", "inbox"],
      [`/admin/inbox/${marker}-message`, "inbox-message"],
      ["/admin/orders", "orders"],
      ["/admin/broadcasts", "broadcasts"],
      [`/admin/broadcasts/${marker}-broadcast`, "broadcast"],
      ["/admin/broadcasts/new", "broadcast-new"],
      ["/admin/booking", "booking"],
      ["/admin/booking/calendar", "booking-calendar"],
      ["/admin/workshops", "workshops"],
      [`/admin/workshops/${marker}-workshop`, "workshop"],
      ["/admin/sequences", "sequences"],
      [`/admin/sequences/${marker}-sequence`, "sequence"],
      ["/admin/content", "content"],
    ] as const)
      await checkPage(page, url, `admin-${name}-layout`);
    // The records are on their pages (a page that fits because it shows nothing proves nothing).
    await page.goto(`/admin/people/${marker}-person`);
    await expect(page.getByRole("main")).toContainText(longEmail);
    await page.goto(`/admin/workshops/${marker}-workshop`);
    await expect(page.getByTestId("attendees")).toContainText(longEmail);
    // An article of the content list, opened in the editor.
    await page.goto("/admin/content");
    const article = page.locator('main a[href^="/admin/content/"]').first();
    const href = await article.getAttribute("href");
    expect(href).toBeTruthy();
    await checkPage(page, href!, "admin-article-layout");
  } finally {
    await removeSeed();
  }
});
