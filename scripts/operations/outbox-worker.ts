// `npm run worker`: sends the outbox in a process of its own, beside web instances set to
// OUTBOX_WORKER=none (to scale sending apart from the site). Also what each web instance's outbox
// thread runs (OUTBOX_WORKER=thread). Compiled by `npm run build`
// (build/operations/outbox-worker.js). Stops on SIGTERM once the emails in hand are settled.
import "dotenv/config";
import { runOutboxService } from "../../app/.server/server/outbox-placement/outbox-service";

await runOutboxService();
