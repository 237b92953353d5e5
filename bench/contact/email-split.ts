// Where one contact email's sending CPU goes, in-process, without the database: drawing it from
// its template (renderStoredEmail), composing its MIME bytes (the transport's options and
// nodemailer's stream transport), and the whole of mailDirTransport's send (compose + .eml file).
// Usage: NODE_ENV=production npx vite-node --mode production bench/contact/email-split.ts [count=2000]
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { registerSiteEmails } from "../../app/.server/server/wiring/site-emails";
import { contactAcknowledgement } from "../../app/.server/leads/emails/contact-acknowledgement";
import { contactOwnerNotification } from "../../app/.server/leads/emails/contact-owner-notification";
import type { ContactMessage } from "../../app/lib/contact-message-schema";
import { mailDirTransport, type TransportMessage } from "../../app/.server/mail/mail-transport";
import { renderStoredEmail } from "../../app/.server/mail/templates/template-registry";

registerSiteEmails();
const count = Number(process.argv[2] ?? 2000);

const message = (index: number): ContactMessage => ({
  firstName: "Bench",
  lastName: "Mark",
  email: `split-${index}@example.com`,
  company: "Load Test Inc.",
  interest: "Corporate Training",
  message: "A realistic inquiry of a few sentences. We are a team of 25 and want a workshop.",
});
const emails = (index: number) => {
  const owner = contactOwnerNotification(message(index), new Date());
  const ack = contactAcknowledgement(message(index), {
    contactEmail: "hello@example.com",
    siteUrl: "https://example.com",
  });
  return [
    {
      ...owner,
      to: "owner@example.com",
      replyTo: `"Bench Mark" <split-${index}@example.com>`,
      headers: { "X-Contact-Message-Id": `id-${index}` } as Record<string, string>,
    },
    {
      ...ack,
      to: `split-${index}@example.com`,
      replyTo: "hello@example.com",
      headers: { "Auto-Submitted": "auto-replied" } as Record<string, string>,
    },
  ];
};

const cpuMs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};

async function phase(name: string, run: (index: number) => Promise<unknown>) {
  for (let index = 0; index < 200; index++) await run(index);
  const started = process.cpuUsage();
  for (let index = 0; index < count; index++) await run(index);
  return {
    phase: name,
    "CPU ms/message (2 emails)": Math.round((cpuMs(started) / count) * 1000) / 1000,
  };
}

const mailDir = mkdtempSync(path.join(tmpdir(), "bench-email-split-"));
const files = mailDirTransport(mailDir);
const rendered = async (index: number) =>
  Promise.all(
    emails(index).map(async (email, nth) => {
      const body = await renderStoredEmail(
        email.template.name,
        JSON.stringify(email.template.data),
      );
      return {
        id: `00000000-0000-4000-800${nth}-${String(index).padStart(12, "0")}`,
        createdAt: new Date().toISOString(),
        to: email.to,
        from: "Presence <mail@example.com>",
        replyTo: email.replyTo,
        subject: email.subject,
        text: body.text,
        html: body.html,
        headers: email.headers,
        attachments: body.attachments,
      } satisfies TransportMessage;
    }),
  );
const rows = [];
rows.push(await phase("draw (renderStoredEmail)", rendered));
const ready = await rendered(0);
rows.push(
  await phase("send to .eml (compose + file)", (index) =>
    Promise.all(
      ready.map((m) =>
        files.send({ ...m, id: `${m.id.slice(0, 24)}${String(index).padStart(12, "0")}` }),
      ),
    ),
  ),
);
const { default: nodemailer } = await import("nodemailer");
const composer = nodemailer.createTransport({ streamTransport: true, buffer: true });
rows.push(
  await phase("compose only (nodemailer)", () =>
    Promise.all(
      ready.map((m) =>
        composer.sendMail({
          ...m,
          messageId: `<${m.id}@example.com>`,
          date: new Date(m.createdAt),
        }),
      ),
    ),
  ),
);
const { mkdir, writeFile, rename } = await import("node:fs/promises");
const bytes = Buffer.alloc(6000, 97);
rows.push(
  await phase("file only (mkdir, write, rename)", (index) =>
    Promise.all(
      ready.map(async (m, nth) => {
        await mkdir(mailDir, { recursive: true });
        const file = path.join(mailDir, `f-${nth}-${index}.eml`);
        await writeFile(`${file}.tmp`, bytes);
        await rename(`${file}.tmp`, file);
      }),
    ),
  ),
);
console.log(
  `load ${(await import("node:os"))
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);
console.table(rows);
files.close();
rmSync(mailDir, { recursive: true, force: true });
