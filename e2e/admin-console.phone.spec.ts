import { existsSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import Database from "better-sqlite3";
import { consoleRoutes } from "../support/console-routes";
import { signInThroughEmail } from "./support/admin-sign-in";
import { e2eServer } from "./support/server-settings";
import { expect, expectNoAxeViolations, keepScreenshot, test } from "./support/test";

const sideways = () => document.documentElement.scrollWidth - window.innerWidth;
const today = () => new Date().toISOString().slice(0, 10);

async function screenshot(page: Page, name: string, fullPage = true) {
  await keepScreenshot(page, { path: test.info().outputPath(`${name}.png`), fullPage });
}

/** Orders and list members in every status, written as the server would have stored them. */
function seedStatuses(marker: string) {
  const database = new Database(path.join(e2eServer.dataDir, "site.db"));
  database.pragma("busy_timeout = 5000");
  const now = new Date().toISOString();
  const items = JSON.stringify([{ id: "pdf", name: "The book (PDF)", amountCents: 2900 }]);
  try {
    database.transaction(() => {
      for (const status of ["pending", "paid", "refunded", "failed"]) {
        database
          .prepare(
            `INSERT INTO orders (id, status, items, amount_total_cents, currency, email, created_at, updated_at)
             VALUES (?, ?, ?, 2900, 'usd', ?, ?, ?)`,
          )
          .run(
            `${marker}-order-${status}`,
            status,
            items,
            `${marker}.${status}@example.com`,
            now,
            now,
          );
      }
      for (const status of ["pending", "confirmed", "unsubscribed"]) {
        const personId = `${marker}-person-${status}`;
        const email = `${marker}.${status}@example.com`;
        database
          .prepare(
            `INSERT INTO people (id, email, email_key, source, first_seen_at, last_seen_at)
             VALUES (?, ?, ?, '/signup', ?, ?)`,
          )
          .run(personId, email, email, now, now);
        database
          .prepare(
            `INSERT INTO list_memberships (id, person_id, list, status, interests, source, consent_text,
               consented_at, confirmed_at, unsubscribed_at, created_at, updated_at)
             VALUES (?, ?, 'newsletter', ?, '[]', '/signup', 'Yes', ?, ?, ?, ?, ?)`,
          )
          .run(
            `${personId}-newsletter`,
            personId,
            status,
            now,
            status === "pending" ? null : now,
            status === "unsubscribed" ? now : null,
            now,
            now,
          );
      }
    })();
  } finally {
    database.close();
  }
}

/** Audit entries of `count` people exports by `actor`, as the export route writes them. */
function seedAuditEntries(actor: string, count: number) {
  const database = new Database(path.join(e2eServer.dataDir, "site.db"));
  database.pragma("busy_timeout = 5000");
  const insert = database.prepare(
    `INSERT INTO admin_audit_log (id, actor_email, action, subject, detail, created_at)
     VALUES (?, ?, 'export.people', NULL, '{"q":"audit-e2e-nobody"}', ?)`,
  );
  try {
    database.transaction(() => {
      for (let index = 0; index < count; index++) {
        insert.run(`${actor}-export-${index}`, actor, new Date(Date.now() - index).toISOString());
      }
    })();
  } finally {
    database.close();
  }
}

/** The chips' backgrounds by status, read as the browser paints them. */
async function chipColours(page: Page, scope: string) {
  return page
    .getByTestId(scope)
    .evaluate((list) =>
      Object.fromEntries(
        [...list.querySelectorAll<HTMLElement>("[data-status]")].map((chip) => [
          chip.dataset.status,
          getComputedStyle(chip).backgroundColor,
        ]),
      ),
    );
}

for (const width of [390, 1280]) {
  test(`the audit log filters, pages and exports, JavaScript on and off, at ${width} px`, async ({
    page,
    browser,
    baseURL,
  }) => {
    // Two browsers, fifty entries and axe twice: minutes on a loaded machine.
    test.setTimeout(240_000);
    const me = `audit-${width}@console-e2e.test`;
    await page.setViewportSize({ width, height: 900 });
    await signInThroughEmail(page, me);
    // 55 exports logged for this actor: one page of 50 entries and a second of 5.
    seedAuditEntries(me, 55);

    await page
      .getByRole("navigation", { name: "Console" })
      .getByRole("link", { name: "Audit log" })
      .click();
    await expect(page.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();
    await page.getByLabel("Action").selectOption("export.people");
    await page.getByLabel("Actor").selectOption(me);
    await page.getByLabel("From (UTC)").fill(today());
    await page.getByLabel("To (UTC)").fill(today());
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(/action=export\.people/);
    const pager = page.getByRole("navigation", { name: "Pages" });
    await expect(pager).toContainText("Page 1 of 2 · 55 in all");
    const entries = page.getByTestId("audit-entry");
    await expect(entries).toHaveCount(50);
    for (const entry of await entries.all()) {
      await expect(entry).toContainText("export.people");
      await expect(entry).toContainText(me);
    }
    expect(await page.evaluate(sideways), "the audit log scrolls sideways").toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);
    // The first screenful: fifty entries make a page too long to look at whole.
    await screenshot(page, `audit-${width}`, false);
    await pager.getByRole("link", { name: "Next" }).click();
    await expect(pager).toContainText("Page 2 of 2 · 55 in all");
    await expect(entries).toHaveCount(5);

    // The CSV holds the filtered entries, all of them, whatever the page.
    const href = await page
      .getByRole("link", { name: "Export these entries (CSV)" })
      .getAttribute("href");
    expect(href).toContain("actor=");
    const csv = await page.request.get(href!);
    expect(csv.headers()["content-type"]).toContain("text/csv");
    const lines = (await csv.text()).trim().split("\n");
    expect(lines[0]).toBe("created_at,actor_email,action,subject,detail");
    expect(lines).toHaveLength(56);
    expect(lines.slice(1).every((line) => line.includes(`,${me},export.people,`))).toBe(true);

    // Without JavaScript the same form filters and the pager pages, on the server.
    const noScript = await browser.newContext({
      baseURL,
      javaScriptEnabled: false,
      viewport: { width, height: 900 },
      storageState: await page.context().storageState(),
    });
    try {
      const plain = await noScript.newPage();
      await plain.goto("/admin/audit");
      await plain.getByLabel("Action").selectOption("session.sign-in");
      await plain.getByLabel("Actor").selectOption(me);
      await plain.getByRole("button", { name: "Filter" }).click();
      await expect(plain).toHaveURL(/action=session\.sign-in/);
      await expect(plain.getByTestId("audit-entry")).toHaveCount(1);
      await expect(plain.getByTestId("audit-entry")).toContainText(/method:\s*email-link/);
      await plain.goto(`/admin/audit?action=export.people&actor=${encodeURIComponent(me)}`);
      await plain
        .getByRole("navigation", { name: "Pages" })
        .getByRole("link", { name: "Next" })
        .click();
      await expect(plain.getByRole("navigation", { name: "Pages" })).toContainText("Page 2 of 2");
      await expect(plain.getByTestId("audit-entry")).toHaveCount(5);
      // A date that is no date is named, and the rest of the filter still applies.
      await plain.goto(`/admin/audit?from=2026-02-30&actor=${encodeURIComponent(me)}`);
      await expect(
        plain.getByText('"2026-02-30" is not a date (YYYY-MM-DD): not applied.'),
      ).toBeVisible();
      await expect(plain.getByLabel("From (UTC)")).toHaveAttribute("aria-invalid", "true");
    } finally {
      await noScript.close();
    }
    // axe needs a page's scripts: the field's problem is checked with JavaScript on.
    await page.goto(`/admin/audit?from=2026-02-30&actor=${encodeURIComponent(me)}`);
    await expect(page.getByLabel("From (UTC)")).toHaveAttribute("aria-invalid", "true");
    await expectNoAxeViolations(page);
  });

  test(`status chips, errors inside the console and every page's width at ${width} px`, async ({
    page,
    baseURL,
    allowConsoleErrors,
  }) => {
    // Five pages with axe, every console route: minutes on a loaded machine.
    test.setTimeout(240_000);
    // The refused requests answer 404, which the browser reports.
    allowConsoleErrors(/404/);
    const marker = `chips-${width}`;
    seedStatuses(marker);
    await page.setViewportSize({ width, height: 900 });
    await signInThroughEmail(page, `console-${width}@console-e2e.test`);
    await screenshot(page, `dashboard-${width}`);

    // Every status of a kind has a colour of its own, and axe finds the contrast enough.
    await page.goto("/admin/orders");
    await expect(page.getByTestId("sales-closed")).toContainText("Sales are closed");
    await expect(page.getByTestId("sales-closed")).toContainText("SALES_OPEN=true");
    const orderColours = await chipColours(page, "orders-list");
    for (const status of ["pending", "paid", "refunded", "failed"]) {
      expect(orderColours[status], `an order chip for ${status}`).toBeTruthy();
    }
    expect(new Set(Object.values(orderColours)).size).toBe(Object.keys(orderColours).length);
    await expectNoAxeViolations(page);
    await screenshot(page, `orders-${width}`);

    await page.goto(`/admin/people?q=${marker}`);
    await expect(page.getByTestId("people-list").locator("li")).toHaveCount(3);
    const memberColours = await chipColours(page, "people-list");
    expect(Object.keys(memberColours).sort()).toEqual(["confirmed", "pending", "unsubscribed"]);
    expect(new Set(Object.values(memberColours)).size).toBe(3);
    await expect(page.getByTestId("people-list")).toContainText("newsletter: unsubscribed");
    await expectNoAxeViolations(page);
    await screenshot(page, `people-${width}`);

    // A refused download lands inside the console, with the page it came from to go back to.
    await page.goto("/admin/export/no-such-export", {
      referer: `${baseURL}/admin/people?q=${marker}`,
    });
    await expect(page).toHaveURL(/\/admin\/refused$/);
    await expect(page.getByRole("heading", { level: 1, name: "Not found" })).toBeVisible();
    await expect(page.getByRole("alert")).toContainText("There is no export of that kind");
    await expect(page.getByTestId("admin-error-status")).toHaveText("404");
    await expect(page.getByRole("navigation", { name: "Console" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to People" })).toHaveAttribute(
      "href",
      `/admin/people?q=${marker}`,
    );
    await expect(page.getByRole("link", { name: "Back to the dashboard" })).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshot(page, `refused-export-${width}`);
    await page.getByRole("link", { name: "Back to People" }).click();
    await expect(page.getByTestId("people-list").locator("li")).toHaveCount(3);

    await page.goto("/admin/people/no-such-person/export");
    await expect(page.getByRole("heading", { level: 1, name: "Not found" })).toBeVisible();
    await expect(page.getByRole("alert")).toContainText("may have been erased");
    await expect(page.getByRole("link", { name: "Back to People" })).toHaveAttribute(
      "href",
      "/admin/people",
    );
    await page.goto("/admin/analytics/export/no-such-table");
    await expect(page.getByRole("heading", { level: 1, name: "Not found" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to Analytics" })).toBeVisible();
    // A script asking for the same gets the plain status, not a page.
    expect((await page.request.get("/admin/export/no-such-export")).status()).toBe(404);

    // A page that does not exist, or a record that does not, is a 404 inside the console too.
    for (const [url, section] of [
      ["/admin/no-such-page", null],
      ["/admin/people/no-such-person", "People"],
      ["/admin/broadcasts/no-such-broadcast", "Broadcasts"],
    ] as const) {
      const response = await page.goto(url);
      expect(response?.status(), url).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: "Not found" })).toBeVisible();
      await expect(page.getByRole("navigation", { name: "Console" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Back to the dashboard" })).toBeVisible();
      if (section)
        await expect(page.getByRole("link", { name: `Back to ${section}` })).toBeVisible();
    }

    // No console page scrolls sideways, the pages of tomorrow included (read from the route table).
    const pages = consoleRoutes().filter((route) =>
      existsSync(path.join("app", `${route.id}.tsx`)),
    );
    expect(pages.map((route) => route.url)).toContain("/admin/audit");
    for (const route of pages) {
      await page.goto(route.url);
      await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
      expect(await page.evaluate(sideways), `${route.url} scrolls sideways`).toBeLessThanOrEqual(0);
    }
  });
}
