import { throttleLikeAPhone } from "../support/phone-profile";
import { signInThroughEmail } from "./support/admin-sign-in";
import {
  newArticle,
  nextRequest,
  openBeforeHydration,
  removeArticle,
} from "./support/console-first-interaction";
import { expect, test } from "./support/test";

// Issue 33 point 1 in the console on a phone (decision 130): the owner's first tap on a freshly
// loaded console page, before React has hydrated it, on a throttled phone (4× CPU, 150 ms round
// trip, support/phone-profile.ts), has its full effect on the page and in what the server
// receives. The mouse, keys and paste: admin-first-interaction.spec.ts.
test.describe.configure({ mode: "serial" });

test.beforeEach(async ({ page }) => {
  // Signed in at full speed; what follows on a throttled phone.
  test.setTimeout(120_000);
  await signInThroughEmail(page, "first-tap@console-e2e.test");
  await throttleLikeAPhone(await page.context().newCDPSession(page));
});

test("the broadcast composer: the first tap on an audience asks the server for its count", async ({
  page,
}) => {
  const waitlist = (await (
    await page.request.get("/admin/broadcasts/recipients?list=waitlist")
  ).json()) as { count: number };
  const loading = await openBeforeHydration(page, "/admin/broadcasts/new");
  const audience = page.getByRole("radio", { name: "The book's waitlist" });
  await audience.tap();
  const recount = nextRequest(page, "/admin/broadcasts/recipients");
  await loading.hydrate();
  expect(new URL((await recount).url()).searchParams.get("list")).toBe("waitlist");
  await expect(page.getByTestId("recipient-count")).toHaveText(
    `${waitlist.count} recipient${waitlist.count === 1 ? "" : "s"} now`,
  );
  await expect(audience).toBeChecked();
});

test("the article editor: a field tapped and typed into first is autosaved", async ({ page }) => {
  const id = await newArticle(page);
  try {
    const loading = await openBeforeHydration(page, `/admin/content/${id}`);
    const excerpt = page.getByLabel("Excerpt");
    await excerpt.tap();
    await page.keyboard.type("Tapped and typed first.");
    const autosave = nextRequest(page, `/admin/content/${id}`, "POST");
    await loading.hydrate();
    const fields = new URLSearchParams((await autosave).postData() ?? "");
    expect(fields.get("intent")).toBe("autosave");
    expect(fields.get("excerpt")).toBe("Tapped and typed first.");
    await expect(page.getByTestId("article-status")).toContainText("revision 2");
    await expect(excerpt).toHaveValue("Tapped and typed first.");
  } finally {
    await removeArticle(id);
  }
});
