import type { ReactElement } from "react";

/** A rendered email body; the outbox adds the addresses. */
export type EmailContent = { subject: string; text: string; html: string };

/** Renders an email component to its HTML and the plain-text part made from that same HTML. */
export async function renderEmail(subject: string, email: ReactElement): Promise<EmailContent> {
  // Loaded with the first email, not at start: it brings Prettier and html-to-text (20 MB).
  const { render, toPlainText } = await import("@react-email/render");
  const html = await render(email);
  const text = toPlainText(html, {
    selectors: [
      { selector: "h1", options: { uppercase: false } },
      // Broadcasts use the lower levels too.
      { selector: "h2", options: { uppercase: false } },
      { selector: "h3", options: { uppercase: false } },
      // Links as "Label <https://...>": the address stands apart from the words around it.
      { selector: "a", options: { linkBrackets: ["<", ">"] } },
    ],
  });
  return { subject, text, html };
}
