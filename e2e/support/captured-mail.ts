import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import PostalMime, { type Email } from "postal-mime";
import { currentServer } from "./server-settings";

/**
 * Each .eml file parsed once per worker: the outbox renames a file into place whole under a name
 * of its own (time and email id) and never rewrites it, while every poll lists the whole folder,
 * which keeps every email of the run: parsing them all again cost about 1.2 ms of CPU per email
 * per poll (bench/ci/mail-folder-poll.ts).
 */
const parsedFiles = new Map<string, Email>();
async function parsedEmail(file: string): Promise<Email | undefined> {
  const known = parsedFiles.get(file);
  if (known) return known;
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch {
    return undefined;
  }
  const email = await PostalMime.parse(bytes);
  parsedFiles.set(file, email);
  return email;
}

/**
 * Waits for the server's outbox to write an email to `to` whose subject contains `subject` and,
 * when several tests write to the same address, that `matches` picks out. `mailDir` is the mail
 * folder of a server the test started itself; by default, that of the project's server.
 */
export async function waitForEmail(
  to: string,
  subject: string,
  matches: (email: Email) => boolean = () => true,
  mailDir = currentServer(test.info().project.use.baseURL).mailDir,
): Promise<Email> {
  let found: Email | undefined;
  await expect
    .poll(
      async () => {
        let files: string[] = [];
        try {
          files = readdirSync(mailDir).filter((file) => file.endsWith(".eml"));
        } catch {
          return false;
        }
        for (const file of files) {
          const email = await parsedEmail(path.join(mailDir, file));
          // An erasure in another test removed it between the listing and the read.
          if (!email) continue;
          const recipients = email.to?.map((address) => address.address?.toLowerCase());
          if (
            recipients?.includes(to.toLowerCase()) &&
            email.subject?.includes(subject) &&
            matches(email)
          ) {
            found = email;
            return true;
          }
        }
        return false;
      },
      // Every 100 ms, not Playwright's 100-250-500-1000 ms steps: an email written just after
      // a poll waited up to a second for the next, and a poll of parsed files costs little.
      { message: `an email to ${to} about "${subject}"`, timeout: 15_000, intervals: [100] },
    )
    .toBe(true);
  return found!;
}

/**
 * The path and query of the first link in the email's text that goes to `pathname`, its token
 * in the query (`?token=`) or as the last path segment.
 */
export function linkPath(email: Email, pathname: string) {
  const match = new RegExp(`https?://[^\\s/]+(${pathname}(?:\\?token=|/)[\\w.-]+)`).exec(
    email.text ?? "",
  );
  expect(match, `a ${pathname} link`).not.toBeNull();
  return match![1]!;
}
