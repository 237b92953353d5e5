/**
 * Queues one broadcast in a process of its own, for the test that kills it mid-queue:
 * `node --import tsx support/queue-broadcast-child.ts <database url> <broadcast id> [batch size]`.
 */
import { queueBroadcast } from "~/.server/broadcasts/broadcast-sending";
import { systemClock } from "~/.server/core/clock";
import { parseConfig } from "~/.server/core/config";
import { createDatabase } from "~/.server/core/db/database";

const [url, id, batchSize = "100"] = process.argv.slice(2);
const database = await createDatabase(url!);
const config = parseConfig({ SITE_URL: "https://presence.example" });
await queueBroadcast({ db: database.db, clock: systemClock, config }, id!, {
  batchSize: Number(batchSize),
});
await database.destroy();
