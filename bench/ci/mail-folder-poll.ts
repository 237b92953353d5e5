// What one poll of the browser suites' mail folder costs (e2e/support/captured-mail.ts): before,
// every poll parsed every .eml in the folder; now each file is parsed once per worker. Writes N
// emails shaped like the site's (multipart text and HTML, about 11 KB) and times, in CPU, a poll
// that parses them all against a poll that finds them all parsed already.
// `npx tsx bench/ci/mail-folder-poll.ts [N …]`
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import PostalMime, { type Email } from "postal-mime";

function email(index: number) {
  const paragraph = `<p style="margin:0 0 16px;font-family:Georgia,serif;font-size:17px;line-height:1.6">Thank you for writing, reader ${index}. Here is what happens next, and the link to confirm.</p>\n`;
  const html = `<!DOCTYPE html><html><body><table role="presentation" width="100%"><tr><td>${paragraph.repeat(40)}</td></tr></table></body></html>`;
  const text =
    "Thank you for writing. Here is what happens next, and the link to confirm.\n".repeat(30);
  return [
    "From: Presence Selling <hello@presenceselling.example>",
    `To: reader-${index}@example.com`,
    `Subject: Please confirm your subscription ${index}`,
    `Message-ID: <${index}@presenceselling.example>`,
    "MIME-Version: 1.0",
    'Content-Type: multipart/alternative; boundary="b"',
    "",
    "--b",
    "Content-Type: text/plain; charset=utf-8",
    "Content-Transfer-Encoding: 7bit",
    "",
    text,
    "--b",
    "Content-Type: text/html; charset=utf-8",
    "Content-Transfer-Encoding: base64",
    "",
    Buffer.from(html).toString("base64").replace(/.{76}/g, "$&\r\n"),
    "--b--",
    "",
  ].join("\r\n");
}

function cpuMs(started: NodeJS.CpuUsage) {
  const used = process.cpuUsage(started);
  return (used.user + used.system) / 1000;
}

const parsed = new Map<string, Email>();
async function poll(folder: string, cached: boolean) {
  for (const file of readdirSync(folder)) {
    const full = path.join(folder, file);
    if (cached && parsed.has(full)) continue;
    const message = await PostalMime.parse(readFileSync(full));
    if (cached) parsed.set(full, message);
  }
}

for (const count of (process.argv.slice(2).length
  ? process.argv.slice(2)
  : ["50", "200", "500"]
).map(Number)) {
  const folder = mkdtempSync(path.join(tmpdir(), "mail-poll-bench-"));
  for (let index = 0; index < count; index++)
    writeFileSync(path.join(folder, `${index}.eml`), email(index));
  const size = readFileSync(path.join(folder, "0.eml")).length;
  await poll(folder, false); // warm up the parser
  let started = process.cpuUsage();
  for (let round = 0; round < 5; round++) await poll(folder, false);
  const parseAll = cpuMs(started) / 5;
  await poll(folder, true); // the first poll of a worker parses each file once
  started = process.cpuUsage();
  for (let round = 0; round < 5; round++) await poll(folder, true);
  const known = cpuMs(started) / 5;
  console.log(
    `${count} emails of ${size} bytes: a poll parsing all ${parseAll.toFixed(1)} ms CPU, a poll of parsed files ${known.toFixed(2)} ms CPU`,
  );
  rmSync(folder, { recursive: true, force: true });
  parsed.clear();
}
