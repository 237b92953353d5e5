import { siteConfig } from "~/lib/site";

/** A rendered email body; the outbox adds the addresses. */
export type EmailContent = { subject: string; text: string; html: string };

export function escapeHtml(value: string) {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/** A paragraph of plain text as HTML: escaped, line breaks kept. */
export function htmlParagraph(text: string) {
  return `<p style="margin:0 0 16px">${escapeHtml(text).replace(/\n/g, "<br>")}</p>`;
}

export function htmlButton(href: string, label: string) {
  return `<p style="margin:24px 0"><a href="${escapeHtml(href)}" style="display:inline-block;background:#2b3a55;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;font-weight:600">${escapeHtml(label)}</a></p>`;
}

/** The simple, single-column frame every email shares (inline styles: mail clients drop CSS). */
export function htmlEmail({
  title,
  body,
  footer,
}: {
  title: string;
  body: string;
  footer?: string;
}) {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f7f5f0;font-family:Georgia,serif;color:#1f2937;line-height:1.55">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
<p style="margin:0 0 24px;font-size:18px;font-weight:700;color:#2b3a55">${escapeHtml(siteConfig.brand)}</p>
${body}
</div>
${footer ? `<div style="max-width:560px;margin:16px auto 0;font-size:12px;color:#6b7280;font-family:Arial,sans-serif">${footer}</div>` : ""}
</body>
</html>`;
}
