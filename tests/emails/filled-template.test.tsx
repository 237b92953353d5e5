import { describe, expect, it } from "vitest";
import { z } from "zod";
import { Paragraph } from "~/.server/mail/templates/email-blocks";
import { EmailLayout } from "~/.server/mail/templates/email-layout";
import { defineEmailTemplate } from "~/.server/mail/templates/email-template";
import { contactAcknowledgementTemplate } from "~/.server/leads/emails/contact-acknowledgement";
import { contactOwnerNotificationTemplate } from "~/.server/leads/emails/contact-owner-notification";
import type { DefinedEmailTemplate } from "~/.server/mail/templates/email-template";
import { filledTemplates } from "~/.server/mail/templates/filled-template";
import { renderEmail } from "~/.server/mail/templates/render-email";
import { everyEmail } from "../../support/every-email";

/** A filler whose drawings (React Email renders) are counted. */
function countingFiller() {
  let draws = 0;
  const render = filledTemplates({
    draw: (subject, email) => {
      draws += 1;
      return renderEmail(subject, email);
    },
  });
  return { render, draws: () => draws };
}

async function drawnInFull(template: DefinedEmailTemplate, data: unknown) {
  const { html, text } = await renderEmail("", template.body(data));
  return { html, text };
}

const ownerData = (message: Record<string, string>) =>
  contactOwnerNotificationTemplate.schema.parse({
    message: {
      firstName: "Grace",
      lastName: "Hopper",
      email: "grace@example.com",
      company: "Navy",
      interest: "Corporate Training",
      message: "A workshop for 12 people, please.",
      ...message,
    },
    receivedAt: "2026-11-23T09:30:00Z",
  });

/** Single-line values a visitor may type: each is filled in, none is drawn afresh. */
const typed = [
  '<script>alert("x")</script>',
  "Engines & Sons 'Ltd' \"quoted\" &amp; &lt;b&gt;",
  "Zoë Ünïcødé 日本語 😀 naïve",
  "#top",
  "https://evil.example/?a=1&b=<2>",
  "x",
  "A long message ".repeat(20).trim(),
];

describe("a template drawn once and filled in", () => {
  it("fills in every contact email as its full drawing, escaped as React escapes", async () => {
    const filler = countingFiller();
    // The first email of a shape is drawn twice (its skeleton, and in full to check it).
    await filler.render(contactOwnerNotificationTemplate, ownerData({}));
    const drawn = filler.draws();
    for (const value of typed) {
      const data = ownerData({ firstName: value, company: value, message: value });
      expect(await filler.render(contactOwnerNotificationTemplate, data)).toEqual(
        await drawnInFull(contactOwnerNotificationTemplate, data),
      );
    }
    expect(filler.draws()).toBe(drawn);
  });

  it("keeps what a visitor typed as text: escaped in the HTML, as typed in the text part", async () => {
    const filler = countingFiller();
    await filler.render(contactOwnerNotificationTemplate, ownerData({}));
    const drawn = filler.draws();
    const email = await filler.render(
      contactOwnerNotificationTemplate,
      ownerData({
        message: '<script>alert("x")</script> & <a href="https://evil.example">win</a>',
      }),
    );
    expect(filler.draws()).toBe(drawn);
    expect(email.html).not.toContain("<script>");
    expect(email.html).not.toContain('<a href="https://evil.example"');
    expect(email.html).toContain(
      "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;a href=&quot;https://evil.example&quot;&gt;win&lt;/a&gt;",
    );
    expect(email.text).toContain(
      '<script>alert("x")</script> & <a href="https://evil.example">win</a>',
    );
  });

  it("cuts a value in the inbox preview where React Email cuts it", async () => {
    const filler = countingFiller();
    const acknowledgement = (interest: string) =>
      contactAcknowledgementTemplate.schema.parse({
        firstName: "Grace",
        interest,
        contactEmail: "hello@presence.example",
        siteUrl: "https://presence.example",
      });
    const owner = (interest: string) => ownerData({ interest });
    for (const interest of ["Keynote", "Corporate Training", "word ".repeat(40).trim()]) {
      for (const [template, data] of [
        [contactOwnerNotificationTemplate, owner(interest)],
        [contactAcknowledgementTemplate, acknowledgement(interest)],
      ] as const) {
        await filler.render(template, data);
        expect(await filler.render(template, data)).toEqual(await drawnInFull(template, data));
      }
    }
  });

  it("draws in full what it cannot fill in: lines, spaces, a template that compares", async () => {
    const filler = countingFiller();
    const multiLine = ownerData({ message: "Line one\n\n  Line <two>" });
    expect(await filler.render(contactOwnerNotificationTemplate, multiLine)).toEqual(
      await drawnInFull(contactOwnerNotificationTemplate, multiLine),
    );
    expect(filler.draws()).toBe(1);

    const comparing = defineEmailTemplate({
      name: "comparing",
      schema: z.object({ plan: z.string() }),
      subject: () => "Your plan",
      body: ({ plan }) => (
        <EmailLayout preview="Your plan">
          <Paragraph text={plan === "paid" ? "Thank you for paying." : `You chose ${plan}.`} />
        </EmailLayout>
      ),
    });
    for (const plan of ["paid", "free", "paid"]) {
      expect(await filler.render(comparing, { plan })).toEqual(
        await drawnInFull(comparing, { plan }),
      );
    }
  });

  it("draws every email the site sends as it is drawn in full", async () => {
    for (const sample of everyEmail) {
      // The first drawing is in full (and checks the filling); the second is filled in.
      expect(await sample.render(), sample.name).toEqual(await sample.render());
    }
  });
});
