import type { ReactElement } from "react";

/** A rendered email body; the outbox adds the addresses. */
export type EmailContent = { subject: string; text: string; html: string };

/**
 * React Email's renderer and our plain-text converter, loaded with the first email, not at start
 * (they bring Prettier and html-to-text, 20 MB). The converter is compiled once: html-to-text's
 * `convert` compiles its options on every call, which was a quarter of a contact message's CPU.
 */
let renderer: ReturnType<typeof loadRenderer> | undefined;

async function loadRenderer() {
  const [{ render, plainTextSelectors }, { compile }] = await Promise.all([
    import("@react-email/render"),
    import("html-to-text"),
  ]);
  // React Email's own `toPlainText` settings, with ours after its selectors.
  const toPlainText = compile({
    wordwrap: false,
    selectors: [
      ...plainTextSelectors,
      { selector: "h1", options: { uppercase: false } },
      // Broadcasts use the lower levels too.
      { selector: "h2", options: { uppercase: false } },
      { selector: "h3", options: { uppercase: false } },
      // Links as "Label <https://...>": the address stands apart from the words around it.
      { selector: "a", options: { linkBrackets: ["<", ">"] } },
    ],
  });
  return { render, toPlainText };
}

/** Renders an email component to its HTML and the plain-text part made from that same HTML. */
export async function renderEmail(subject: string, email: ReactElement): Promise<EmailContent> {
  const { render, toPlainText } = await (renderer ??= loadRenderer());
  const html = await render(email);
  return { subject, text: toPlainText(html), html };
}
