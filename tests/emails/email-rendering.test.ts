import { existsSync, readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { everyEmail } from "../../support/every-email";

/** Parts beside the templates (in a capability's `emails/`) that draw no email of their own. */
const sharedParts = new Set(["order-items-schema"]);

/** Each capability keeps its emails in its own `emails/` (the mail engine's toolkit is apart). */
const emailFolders = readdirSync("app/.server", { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(`app/.server/${entry.name}/emails`))
  .map((entry) => `app/.server/${entry.name}/emails`);

it("covers every email template, so each is rendered and photographed at phone width", () => {
  const templates = emailFolders
    .flatMap((folder) => readdirSync(folder))
    .map((file) => file.replace(/\.tsx?$/, ""))
    .filter((name) => !sharedParts.has(name));
  expect(new Set(everyEmail.map((sample) => sample.template))).toEqual(new Set(templates));
});

/** The addresses the HTML links to, as a mail client reads them. */
function hrefs(html: string) {
  return [...html.matchAll(/href="([^"]*)"/g)].map((match) => match[1]!.replace(/&amp;/g, "&"));
}

describe.each(everyEmail)("the $name email", (sample) => {
  it("has its subject, its links in HTML and text, and the sender's postal line", async () => {
    const email = await sample.render();
    expect(email.subject).toBe(sample.subject);
    expect(email.html).toMatch(/^<!DOCTYPE html/i);
    expect(email.html).toMatch(/<html[^>]* lang="en"/);

    const links = hrefs(email.html);
    for (const link of sample.links) expect(links).toContain(link);
    // Nothing is reachable only by clicking: every address in the HTML is in the text part.
    for (const link of links) expect(email.text).toContain(link);

    for (const words of sample.text) expect(email.text).toContain(words);
    for (const part of [email.text, email.html]) {
      expect(part).toContain(
        `Presence Selling · Daniel Ashworth · ${sample.postalLine ?? "Boulder, Colorado"}`,
      );
    }
    // The text part is prose, not markup left over from the HTML.
    expect(email.text).not.toMatch(/<\/?(p|table|td|div|span)\b|style=/);
  });

  it(
    sample.unsubscribe
      ? "offers its personal unsubscribe link"
      : "carries no unsubscribe link (it is not a list email)",
    async () => {
      const email = await sample.render();
      const unsubscribes = hrefs(email.html).filter((link) => link.includes("/unsubscribe"));
      expect(unsubscribes).toEqual(sample.unsubscribe ? [sample.unsubscribe] : []);
      if (sample.unsubscribe) expect(email.text).toContain(`Unsubscribe <${sample.unsubscribe}>`);
    },
  );
});

describe("what a visitor typed", () => {
  it("reaches the owner as text: escaped in the HTML, as typed in the text part", async () => {
    const owner = everyEmail.find((sample) => sample.name === "contact-owner-notification")!;
    const email = await owner.render();
    expect(email.html).not.toContain("<script>");
    expect(email.html).not.toContain('href="https://evil.example"');
    expect(email.html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(email.html).toContain("Engines &amp; Sons");
    expect(email.text).toContain('<a href="https://evil.example">win</a>');
  });

  it("is not repeated to the address the visitor gave", async () => {
    const acknowledgement = everyEmail.find((sample) => sample.name === "contact-acknowledgement")!;
    const email = await acknowledgement.render();
    expect(email.text).not.toContain("A workshop for 12?");
    expect(email.html).not.toContain("A workshop for 12?");
  });
});
