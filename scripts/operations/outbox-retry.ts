// `npm run outbox:retry [-- <email id> ...]`: emails the outbox gave up on are queued again with
// fresh attempts; the running servers send them at their next poll. Compiled by `npm run build`
// (build/operations/outbox-retry.js), so it runs on a production tree without TypeScript tooling.
import "dotenv/config";
import { createDatabase } from "../../app/.server/core/db/database";
import { requeueFailedEmails } from "../../app/.server/mail/outbox";

const ids = process.argv.slice(2);
const database = await createDatabase(process.env.DATABASE_URL?.trim() || "file:data/site.db");
try {
  const requeued = await requeueFailedEmails(database.db, ids.length ? { ids } : {});
  for (const id of requeued) console.log(`requeued ${id}`);
  console.log(
    requeued.length
      ? `${requeued.length} failed email(s) queued again; a running server sends them at its next poll.`
      : "No failed emails to retry.",
  );
  const missing = ids.filter((id) => !requeued.includes(id));
  if (missing.length) {
    console.error(`Not failed (or unknown), left alone: ${missing.join(", ")}`);
    process.exitCode = 1;
  }
} finally {
  await database.destroy();
}
