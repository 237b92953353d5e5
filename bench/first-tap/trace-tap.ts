// Probe: a CDP performance trace of the tap on Complete Purchase, in bench:first-tap's setup
// (throttled phone, the form filled and its session prepared, the page idle a second). Per run:
// wall and main-thread time from the tap's pointerdown to the navigation towards Stripe, and when
// pointerup, click and submit were dispatched; each trace is written for DevTools to open.
// The tracing slows the page a little: compare its figures with each other, not with the bench's.
// Usage: npm run build && RUNS=3 npm run bench:first-tap-trace
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import { startBuiltServer } from "../../support/built-server";
import { phoneScreen, throttleLikeAPhone } from "../../support/phone-profile";
import { startStripeFake } from "../../support/stripe-fake";
import { fillAndAwaitPreparedPurchase } from "./prepared-purchase";

const dataDir = mkdtempSync(path.join(tmpdir(), "trace-tap-"));
const stripe = await startStripeFake();
const server = await startBuiltServer({
  DATABASE_URL: `file:${path.join(dataDir, "site.db")}`,
  MAIL_DIR: path.join(dataDir, "mail"),
  CHECKOUT_RATE_LIMIT: "1000",
  FORM_TOKEN_RATE_LIMIT: "1000",
  SALES_OPEN: "true",
  STRIPE_SECRET_KEY: "sk_test_x",
  STRIPE_WEBHOOK_SECRET: "whsec_x",
  STRIPE_API_BASE: stripe.url,
});
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--disable-gpu", "--disable-quic", "--disable-background-networking", "--no-first-run"],
});
type TraceEvent = {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  tts?: number;
  pid: number;
  tid: number;
  args?: Record<string, unknown>;
};
try {
  for (let run = 0; run < Number(process.env.RUNS ?? 3); run++) {
    const context = await browser.newContext(phoneScreen);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    await throttleLikeAPhone(cdp);
    await page.goto(`${server.baseURL}/buy-now`, { waitUntil: "load" });
    await page.waitForTimeout(500);
    await fillAndAwaitPreparedPurchase(page);
    await page.waitForTimeout(1000);
    const events: TraceEvent[] = [];
    cdp.on("Tracing.dataCollected", ({ value }) =>
      events.push(...(value as unknown as TraceEvent[])),
    );
    const complete = new Promise<void>((resolve) =>
      cdp.once("Tracing.tracingComplete", () => resolve()),
    );
    await cdp.send("Tracing.start", {
      transferMode: "ReportEvents",
      traceConfig: {
        includedCategories: ["devtools.timeline", "navigation", "toplevel"],
      },
    } as never);
    await page.waitForTimeout(300);
    const navigation = new Promise<void>((resolve) =>
      cdp.on("Network.requestWillBeSent", ({ request }) => {
        if (request.url.startsWith(`${stripe.url}/c/pay/`)) resolve();
      }),
    );
    await page.getByTestId("purchase-button").tap();
    await navigation;
    await page.waitForTimeout(200);
    await cdp.send("Tracing.end");
    await complete;
    const file = path.join(dataDir, `trace-${run}.json`);
    writeFileSync(file, JSON.stringify({ traceEvents: events }));
    // The renderer's main thread: the one that dispatched the tap's events.
    const dispatch = events.filter((e) => e.name === "EventDispatch");
    const typeOf = (e: TraceEvent) => (e.args?.data as { type?: string } | undefined)?.type;
    const down = dispatch.find((e) => typeOf(e) === "pointerdown");
    const begin = events.find((e) => e.name === "RenderFrameImpl::BeginNavigation");
    if (!down || !begin) {
      console.log(`run ${run}: no tap or no navigation in the trace`);
      await context.close();
      continue;
    }
    const at = (e: TraceEvent | undefined) => (e ? ((e.ts - down.ts) / 1000).toFixed(0) : "-");
    const first = (type: string) => dispatch.find((e) => typeOf(e) === type && e.ts >= down.ts);
    const click = first("click");
    // Thread time (tts) only runs while the main thread does: its CPU between two of its events,
    // which the other processes on the machine do not stretch as they stretch wall time.
    const cpu = (e: TraceEvent | undefined) =>
      e?.tts !== undefined && down.tts !== undefined ? ((e.tts - down.tts) / 1000).toFixed(1) : "-";
    // The main thread's tasks from the one that dispatched pointerdown to the one that began the
    // navigation: how many (a count the machine's load does not change).
    const tasks = events.filter(
      (e) =>
        e.tid === down.tid &&
        e.pid === down.pid &&
        e.ph === "X" &&
        e.name === "ThreadControllerImpl::RunTask" &&
        e.ts + (e.dur ?? 0) >= down.ts &&
        e.ts <= begin.ts,
    );
    console.log(
      `run ${run}: tap to navigation ${at(begin)} ms wall, ${cpu(begin)} ms main-thread CPU; ` +
        `to pointerup ${at(first("pointerup"))} ms, to click ${at(click)} ms (CPU ${cpu(click)} ms), ` +
        `to submit ${at(first("submit"))} ms; main-thread tasks ${tasks.length}; ${file}`,
    );
    await context.close();
  }
} finally {
  await browser.close();
  await stripe.close();
  await server.stop();
}
