import { readFileSync } from "node:fs";
import { expect, expectNoAxeViolations, gotoHydrated, test } from "./support/test";

async function downloadFrom(page: import("@playwright/test").Page, itemTitle: string) {
  const item = page.getByTestId("download-item").filter({ hasText: itemTitle });
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    item.getByRole("link", { name: /^Download/ }).click(),
  ]);
  return { name: download.suggestedFilename(), bytes: readFileSync((await download.path())!) };
}

test("a static guide downloads under its friendly name", async ({ page }) => {
  await gotoHydrated(page, "/all-resources");
  const { name, bytes } = await downloadFrom(page, "The Witness Consciousness Guide");
  expect(name).toBe("Witness-Consciousness-Guide.pdf");
  expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
});

test("a generated guide downloads as a real PDF under its friendly name", async ({ page }) => {
  await gotoHydrated(page, "/all-resources");
  const { name, bytes } = await downloadFrom(page, "The Method Overview");
  expect(name).toBe("No-Self-Selling-Method-Overview.pdf");
  expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
});

test("the objections guide on /resources downloads as a PDF", async ({ page }) => {
  await gotoHydrated(page, "/resources");
  const { name, bytes } = await downloadFrom(page, "Handling Objections with Presence");
  expect(name).toBe("Handling-Objections-with-Presence.pdf");
  expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
});

test("the practice audio downloads as an mp3", async ({ page }) => {
  await gotoHydrated(page, "/all-resources");
  const { name, bytes } = await downloadFrom(page, "Ego Interrupt Practice");
  expect(name).toBe("Ego-Interrupt-Practice.mp3");
  expect(bytes.subarray(0, 3).toString()).toBe("ID3");
});

test("every download file is served with its type", async ({ request }) => {
  const files = {
    "/downloads/presence-selling-logo.png": "image/png",
    "/downloads/ego-interrupt-practice.mp3": "audio/mpeg",
    "/downloads/witness-consciousness-guide.pdf": "application/pdf",
    "/downloads/selling-comparison.pdf": "application/pdf",
    "/downloads/method-overview.pdf": "application/pdf",
    "/downloads/ego-patterns-workbook.pdf": "application/pdf",
    "/downloads/sales-ego-recognition.pdf": "application/pdf",
    "/downloads/beyond-technique.pdf": "application/pdf",
    "/downloads/handling-objections.pdf": "application/pdf",
  };
  for (const [path, type] of Object.entries(files)) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()["content-type"], path).toContain(type);
  }
});

test("an audio practice shows the demo notice in a labelled dialog", async ({ page }) => {
  await gotoHydrated(page, "/all-resources");
  const item = page.getByTestId("download-item").filter({ hasText: "Presence Anchor Meditation" });
  const trigger = item.getByRole("button", { name: /^Download/ });
  await trigger.click();

  const dialog = page.getByRole("dialog", {
    name: /Presence Anchor Meditation \(12-minute audio guide\)/,
  });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("The audio download would start here; this is a demo.");
  await expectNoAxeViolations(page);

  await dialog.getByRole("button", { name: "Close" }).first().click();
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();

  const witness = page
    .getByTestId("download-item")
    .filter({ hasText: "Witness Consciousness Practice" });
  await witness.getByRole("button", { name: /^Download/ }).click();
  await expect(page.getByRole("dialog", { name: /18-minute audio guide/ })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toBeHidden();
});
