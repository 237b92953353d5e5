import { spawn } from "node:child_process";
import { onTestFailed } from "vitest";
import type { Db } from "~/.server/core/db/database";
import { builtServerLinkSecret } from "../../support/built-server";
import { builtServerFormToken } from "../../support/form-token";
import type { SmtpSink } from "../../support/smtp-sink";

/** A contact-form submission from a visitor of its own (the address identifies the lead). */
export function contactLead(index: number, tag: string) {
  return {
    firstName: "Burst",
    lastName: `Visitor ${index}`,
    email: `${tag}-${index}@leads.test`,
    company: "",
    interest: "Keynote Speaking",
    message: `Submission ${index} of the ${tag} burst.`,
    // The form token the page would have handed out a minute before.
    formToken: builtServerFormToken(builtServerLinkSecret),
  };
}

/** Posts one lead to the contact function; resolves with its address when answered 200. */
export async function submitLead(baseURL: string, lead: ReturnType<typeof contactLead>) {
  const response = await fetch(`${baseURL}/functions/v1/send-contact-email`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(lead),
  });
  await response.arrayBuffer();
  return response.status;
}

/** Runs `task` over `items`, `concurrency` at a time. */
export async function inParallel<T>(
  items: T[],
  concurrency: number,
  task: (item: T) => Promise<void>,
) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await task(items[next++]!);
    }),
  );
}

export async function storedLeadAddresses(db: Db) {
  const rows = await db.selectFrom("contact_messages").select("email").execute();
  return new Set(rows.map((row) => row.email));
}

/** Each address's emails seen by the sink: its acknowledgement and the owner's notification. */
export function deliveredFor(sink: SmtpSink, address: string) {
  return {
    acknowledgements: sink.received.filter((email) => email.envelopeTo.includes(address)),
    notifications: sink.received.filter(
      (email) =>
        email.parsed.replyTo?.[0]?.address === address && !email.envelopeTo.includes(address),
    ),
  };
}

/** How many times each Message-ID arrived, for the ones that arrived more than once. */
export function duplicateMessageIds(sink: SmtpSink) {
  const counts = new Map<string, number>();
  for (const email of sink.received) {
    const id = email.parsed.messageId ?? "";
    counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return [...counts].filter(([, count]) => count > 1);
}

/**
 * Waits until `condition` holds, looking again every 50 ms. No deadline of its own: on a loaded
 * machine a step takes what it takes (a 20 s deadline failed at load 20), and the test's timeout
 * ends a wait for what never comes; its log then names what it was waiting for.
 */
export async function until(condition: () => Promise<boolean> | boolean, what: string) {
  let ended = false;
  onTestFailed(() => {
    if (!ended) console.error(`The test ended while waiting for ${what}`);
    ended = true;
  });
  try {
    while (!ended && !(await condition())) await new Promise((resolve) => setTimeout(resolve, 50));
  } finally {
    ended = true;
  }
}

/** `npm run <script> -- <args>` on the built tree, with only the given settings; never throws. */
export function runNpmScript(script: string, args: string[], env: Record<string, string>) {
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn("npm", ["run", "--silent", script, "--", ...args], {
      env: { PATH: process.env.PATH, ...env },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("close", (status) => resolve({ status, stdout, stderr }));
  });
}
