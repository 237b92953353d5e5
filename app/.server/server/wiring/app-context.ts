import { systemClock } from "../../core/clock";
import type { AppConfig } from "../../core/config";
import { logFailure, logger, logLines } from "../../core/logger";
import {
  backgroundDatabase,
  createDatabase,
  pingDatabase,
  type AppDatabase,
} from "../../core/db/database";
import { startBroadcastQueue } from "../../broadcasts";
import { startSequenceRunner } from "../../sequences";
import { replayKeptWebhooks, webhookReplayAfterMs } from "../../deliverability";
import { startConfiguredOutbox, type OutboxSender } from "../outbox-placement/outbox-sender";
import { startOutboxThread } from "../outbox-placement/outbox-thread";
import { roomToSend, type RequestActivity } from "../outbox-placement/request-activity";
import { registerSiteEmails } from "./site-emails";
import { startAfterAnswerQueue } from "../../core/after-answer";
import { createStripeClient } from "../../sales";
import type { AppServices } from "../../core/service-deps";
import {
  importJobIntervalMs,
  notifyWaitlist,
  replaySignupRequests,
  signupReplayAfterMs,
  startImportJobs,
} from "../../audience";
import {
  analyticsHousekeeping,
  analyticsTodayRefresh,
  BeaconIngestion,
  todayRefreshMs,
} from "../../analytics";
import { startPollLoop } from "../../core/poll-loop";
import { refreshBusyTimes, sendDueReminders } from "../../booking";
import { nextStepSweepIntervalMs, sendDueNextSteps } from "../../deals";
import { readBounceMailboxRound } from "../../deliverability";
import {
  importMarkdownArticles,
  publishDueArticles,
  publishDueResources,
  sweepUnusedUploads,
} from "../../publishing";
import {
  sendBalanceRequests,
  sendWorkshopReminders,
  sweepLapsedHolds,
  sweepLapsedOffers,
} from "../../workshops";

/** How often every instance looks for scheduled articles whose time has come. */
const articleScheduleIntervalMs = 15_000;
/** Uploads nothing uses are removed by the schedule round once an hour per instance. */
const uploadSweepIntervalMs = 60 * 60 * 1000;

export type AppRuntime = {
  services: AppServices;
  /** The analytics beacons' batching receiver (the Express endpoints use it). */
  analytics: BeaconIngestion;
  /** Work each request hands off until it is answered (a signup for a new address). */
  afterAnswers: ReturnType<typeof startAfterAnswerQueue>;
  /** Throws when a dependency (the database, say) cannot serve requests. */
  checkHealth(): Promise<void>;
  /** Stops background work and closes connections. */
  close(): Promise<void>;
};

/**
 * The longest an inline sender holds back while requests keep the event loop busy: one round of
 * emails every half second keeps acknowledgements going during a burst (decision 201).
 */
const inlineSendingWaitsAtMostMs = 500;

/** Where the outbox's sender runs (OUTBOX_WORKER); `none` leaves it to `npm run worker`. */
async function startOutboxSender(
  config: AppConfig,
  database: AppDatabase,
  { outboxServiceEntry, activity }: { outboxServiceEntry: URL; activity: RequestActivity },
): Promise<OutboxSender> {
  if (config.OUTBOX_WORKER === "thread") return startOutboxThread(outboxServiceEntry);
  if (config.OUTBOX_WORKER === "inline") {
    // On the requests' event loop, sending waits out a burst of requests (decision 093).
    return startConfiguredOutbox(config, database, {
      roomToSend: roomToSend(activity, inlineSendingWaitsAtMostMs),
    });
  }
  return { wake() {}, stop: async () => undefined };
}

/**
 * The process's services and background work. `outboxServiceEntry` is the outbox service's
 * script, which the outbox thread runs (see outbox-service.ts).
 */
export async function createAppRuntime(
  config: AppConfig,
  options: { outboxServiceEntry: URL; activity: RequestActivity },
): Promise<AppRuntime> {
  // The mail engine renders the capabilities' emails (the worker, a person's data export).
  registerSiteEmails();
  const database = await createDatabase(config.DATABASE_URL);
  const workerDatabase = await backgroundDatabase(config.DATABASE_URL, database);
  const clock = systemClock;
  const sender = await startOutboxSender(config, database, options);
  logger.info({ database: database.dialect, outbox: config.OUTBOX_WORKER }, "started");
  const stripe = await createStripeClient(config);
  // Sales just opened (or a waitlist address was confirmed since): tell each address once.
  const outbox = { wake: sender.wake };
  const broadcastQueue = startBroadcastQueue({
    deps: { db: database.db, clock, config, outbox },
    intervalMs: config.BROADCAST_QUEUE_INTERVAL_MS,
    logger: logLines,
  });
  // The email sequences' pass: readers whose next step is due, queued as bulk emails.
  const sequenceRunner = startSequenceRunner({
    deps: { db: workerDatabase.db, clock, config, outbox },
    intervalMs: config.SEQUENCE_PASS_INTERVAL_MS,
    logger: logLines,
  });
  const notified = await notifyWaitlist({ db: database.db, clock, config, outbox });
  if (notified > 0) logger.info({ notified }, "waitlist: queued 'now available' emails");
  const analytics = new BeaconIngestion({ db: database.db, clock, config });
  // Rolls up ended days and applies the owner's retention; on the background connection.
  const analyticsJob = startPollLoop({
    intervalMs: config.ANALYTICS_HOUSEKEEPING_INTERVAL_MS,
    round: async () => {
      const { recut, rolledUp, deleted } = await analyticsHousekeeping(
        workerDatabase.db,
        clock.now(),
        config.OWNER_TIME_ZONE,
      );
      if (recut.length > 0)
        logger.info(
          { recut: recut.length, zone: config.OWNER_TIME_ZONE },
          "analytics: days cut again",
        );
      if (rolledUp.length > 0 || deleted > 0)
        logger.info({ rolledUp: rolledUp.length, deleted }, "analytics: rolled up, expired");
      return false;
    },
    onError: (error) => logFailure("analytics housekeeping failed", error),
  });
  // Today's figures, rolled up once a minute for every instance: the console never counts raw events.
  const analyticsTodayJob = startPollLoop({
    intervalMs: todayRefreshMs,
    round: async () => {
      await analyticsTodayRefresh(workerDatabase.db, clock.now(), config.OWNER_TIME_ZONE);
      return false;
    },
    onError: (error) => logFailure("analytics: today's rollup failed", error),
  });
  // Booking reminders: every instance sweeps; each reminder's row is claimed with its email.
  const remindersJob = startPollLoop({
    intervalMs: config.BOOKING_REMINDER_INTERVAL_MS,
    round: async () => {
      const { queued, more } = await sendDueReminders({ db: workerDatabase.db, clock, config });
      if (queued > 0) sender.wake();
      return more;
    },
    onError: (error) => logFailure("booking reminders failed", error),
  });
  // The owner's email on a deal's next step due: every instance sweeps, each email claimed once.
  const nextStepsJob = startPollLoop({
    intervalMs: nextStepSweepIntervalMs,
    round: async () => {
      const queued = await sendDueNextSteps({ db: workerDatabase.db, clock, config });
      if (queued > 0) sender.wake();
      return false;
    },
    onError: (error) => logFailure("deal next-step emails failed", error),
  });
  // The owner's busy-times calendar: one instance fetches per interval, all read the stored copy.
  const busyCalendarJob = startPollLoop({
    intervalMs: config.BOOKING_BUSY_POLL_INTERVAL_MS,
    round: async () => {
      const refresh = await refreshBusyTimes({ db: workerDatabase.db, clock, config });
      if (refresh.outcome === "failed")
        logger.warn({ failure: refresh.failure }, "booking: busy-times fetch failed");
      return false;
    },
    onError: (error) => logFailure("busy-times fetch failed", error),
  });
  // The bounce mailbox: every instance reads; a report read twice is recorded once (decision 333).
  const bounceMailboxJob = config.BOUNCE_MAILBOX_URL
    ? startPollLoop({
        intervalMs: config.BOUNCE_MAILBOX_POLL_INTERVAL_MS,
        round: async () => {
          const round = await readBounceMailboxRound({ db: workerDatabase.db, clock, config });
          if (round.reports > 0) {
            logger.info(
              { read: round.read, recorded: round.recorded, unknown: round["unknown-email"] },
              "deliverability: bounce mailbox read",
            );
          }
          return round.more;
        },
        onError: (error) => logFailure("reading the bounce mailbox failed", error),
      })
    : undefined;
  // The first start imports the Markdown articles into the store (decision 190).
  const imported = await importMarkdownArticles({ db: database.db, clock });
  if (imported > 0) logger.info({ imported }, "articles: imported the Markdown articles");
  // Set by the server once its page cache runs; a scheduled publish drops the pages at once.
  const contentPages = { changed: () => Promise.resolve() };
  // Scheduled articles and resources: published within the interval of their time, at start when
  // it passed while the site was down; each row is claimed by one instance.
  let lastUploadSweep = 0;
  const articleScheduleJob = startPollLoop({
    intervalMs: articleScheduleIntervalMs,
    round: async () => {
      const deps = { db: workerDatabase.db, clock };
      const published = (await publishDueArticles(deps)) + (await publishDueResources(deps));
      if (published > 0) {
        logger.info({ published }, "content: published on schedule");
        await contentPages.changed();
      }
      if (clock.now().getTime() - lastUploadSweep >= uploadSweepIntervalMs) {
        lastUploadSweep = clock.now().getTime();
        const swept = await sweepUnusedUploads({ ...deps, uploadsDir: config.UPLOADS_DIR });
        if (swept > 0) logger.info({ swept }, "content: removed uploads nothing uses");
      }
      return false;
    },
    onError: (error) => logFailure("publishing scheduled articles failed", error),
  });
  // Workshop seats held past their Checkout session's end, waiting-list offers that ran out, and
  // the balance and reminder emails due: every instance sweeps, each row is claimed once (issue 37).
  const workshopSweep = startPollLoop({
    intervalMs: config.WORKSHOP_SWEEP_INTERVAL_MS,
    round: async () => {
      const deps = { db: workerDatabase.db, clock, config };
      const holds = await sweepLapsedHolds(deps);
      const { lapsed, offers } = await sweepLapsedOffers(deps);
      const notices = (await sendBalanceRequests(deps)) + (await sendWorkshopReminders(deps));
      if (holds > 0 || offers > 0 || notices > 0) sender.wake();
      return holds === 100 || lapsed === 100;
    },
    onError: (error) => logFailure("workshop sweep failed", error),
  });
  // People imports: previewed, applied and undone in slices by the instance that claims each.
  const peopleImports = startImportJobs({
    deps: { db: workerDatabase.db, clock, config },
    intervalMs: importJobIntervalMs,
    onError: (error) => logFailure("people import job failed", error),
  });
  const afterAnswers = startAfterAnswerQueue();
  // Signups kept before their answer whose later work failed: settled again (issue 20).
  const signupReplay = startPollLoop({
    intervalMs: signupReplayAfterMs,
    round: () => replaySignupRequests({ db: workerDatabase.db, clock, config, outbox }),
    onError: (error) => logFailure("replaying kept signups failed", error),
  });
  // Provider webhooks kept before their answer whose reading failed or never ran (issue 48).
  const webhookReplay = startPollLoop({
    intervalMs: webhookReplayAfterMs,
    round: () => replayKeptWebhooks({ db: workerDatabase.db, clock, config, outbox }),
    onError: (error) => logFailure("replaying kept provider webhooks failed", error),
  });
  return {
    services: {
      config,
      db: database.db,
      clock,
      outbox,
      broadcastQueue,
      peopleImports,
      stripe,
      contentPages,
    },
    analytics,
    afterAnswers,
    checkHealth: () => pingDatabase(database.db),
    async close() {
      // Signups answered before the stop are written (and their emails queued) before it ends.
      await afterAnswers.settle();
      await signupReplay.stop();
      await webhookReplay.stop();
      // Accepted beacons are written before the database closes: a graceful stop loses none.
      await analytics.stop();
      await analyticsJob.stop();
      await analyticsTodayJob.stop();
      await remindersJob.stop();
      await nextStepsJob.stop();
      await busyCalendarJob.stop();
      await bounceMailboxJob?.stop();
      await articleScheduleJob.stop();
      await workshopSweep.stop();
      await peopleImports.stop();
      await broadcastQueue.stop();
      await sequenceRunner.stop();
      await sender.stop();
      await workerDatabase.destroy();
      await database.destroy();
    },
  };
}
