import { signInThroughEmail } from "./support/admin-sign-in";
import { writeDatabase } from "./support/console-database";
import {
  newArticle,
  nextRequest,
  openBeforeHydration,
  removeArticle,
} from "./support/console-first-interaction";
import { clickFirst } from "./support/first-interaction";
import { expect, test } from "./support/test";

// Issue 33 point 1 in the console (decision 130): the owner's first click, key or paste on a
// freshly loaded console page, before React has hydrated it, has its full effect on the page and
// in what the server receives. The scripts are held back until the interaction is done, so it is
// certainly the first. Taps on a throttled phone: admin-first-interaction.phone.spec.ts.

// One console address for the file, signed in once per test: one at a time.
test.describe.configure({ mode: "serial" });

const recipients = (count: number) => `${count} recipient${count === 1 ? "" : "s"} now`;

test("the broadcast composer: the first click on an audience asks the server for its count", async ({
  page,
}) => {
  await signInThroughEmail(page, "first-touch@console-e2e.test");
  const waitlist = (await (
    await page.request.get("/admin/broadcasts/recipients?list=waitlist")
  ).json()) as { count: number };
  const loading = await openBeforeHydration(page, "/admin/broadcasts/new");
  const audience = page.getByRole("radio", { name: "The book's waitlist" });
  await clickFirst(page, audience);
  const recount = nextRequest(page, "/admin/broadcasts/recipients");
  await loading.hydrate();
  expect(new URL((await recount).url()).searchParams.get("list")).toBe("waitlist");
  await expect(page.getByTestId("recipient-count")).toHaveText(recipients(waitlist.count));
  await expect(audience).toBeChecked();
});

test("the article editor: the first keys typed into the title are autosaved and shown", async ({
  page,
}) => {
  await signInThroughEmail(page, "first-touch@console-e2e.test");
  const id = await newArticle(page);
  try {
    const loading = await openBeforeHydration(page, `/admin/content/${id}`);
    const title = page.getByLabel("Title", { exact: true });
    // A new article has no title: the keys are all of it.
    await expect(title).toHaveValue("");
    // Focusing a field is how keys reach it; the keys come before React.
    await title.focus();
    await page.keyboard.type("Typed first");
    const autosave = nextRequest(page, `/admin/content/${id}`, "POST");
    await loading.hydrate();
    const fields = new URLSearchParams((await autosave).postData() ?? "");
    expect(fields.get("intent")).toBe("autosave");
    expect(fields.get("title")).toBe("Typed first");
    await expect(page.getByTestId("article-status")).toContainText("revision 2");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Typed first");
    await expect(title).toHaveValue("Typed first");
  } finally {
    await removeArticle(id);
  }
});

test("the people search: a first paste and Enter find the person", async ({ page, context }) => {
  const email = "first.paste.person@example.com";
  const now = new Date().toISOString();
  await writeDatabase(
    `INSERT INTO people (id, email, email_key, source, first_seen_at, last_seen_at)
     VALUES ('first-paste-person', ?, ?, '/signup', ?, ?)`,
    [email, email, now, now],
  );
  try {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await signInThroughEmail(page, "first-touch@console-e2e.test");
    await page.evaluate((text) => navigator.clipboard.writeText(text), email);
    const loading = await openBeforeHydration(page, "/admin/people");
    const search = page.getByLabel("Name or email");
    await search.focus();
    await page.keyboard.press("ControlOrMeta+V");
    await expect(search).toHaveValue(email);
    const request = nextRequest(page, "/admin/people");
    await page.keyboard.press("Enter");
    expect(new URL((await request).url()).searchParams.get("q")).toBe(email);
    // The browser's own GET: the results page arrives, its scripts still held.
    await page.waitForURL((url) => url.searchParams.get("q") === email, { waitUntil: "commit" });
    await page.locator("main h1").waitFor();
    await loading.hydrate();
    await expect(page.getByTestId("people-list")).toContainText(email);
    await expect(page.getByLabel("Name or email")).toHaveValue(email);
  } finally {
    await writeDatabase("DELETE FROM people WHERE id = 'first-paste-person'");
  }
});

test("the import preview: a file chosen and previewed first is what the server reads", async ({
  page,
}) => {
  await signInThroughEmail(page, "first-touch@console-e2e.test");
  const loading = await openBeforeHydration(page, "/admin/people/import");
  await page.getByLabel("CSV file").setInputFiles({
    name: "first.csv",
    mimeType: "text/csv",
    buffer: Buffer.from("email,first_name,status\nfirst.file@example.com,Pat,subscribed\n"),
  });
  const upload = nextRequest(page, "/admin/people/import", "POST");
  await page.getByRole("button", { name: "Preview the import" }).click();
  expect((await upload).postDataBuffer()?.toString()).toContain("first.file@example.com");
  // The server's preview page arrives, its scripts still held; then React takes it over.
  await expect(page.getByTestId("import-preview")).toContainText("Rows in the file");
  await loading.hydrate();
  await page.getByRole("button", { name: "Discard" }).click();
  await expect(page.getByLabel("CSV file")).toBeVisible();
});
