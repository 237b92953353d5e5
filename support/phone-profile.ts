// The mid-range phone the benches measure as (issue 22): Lighthouse's mobile profile, 150 ms round
// trip, 1.6 Mbps down and the CPU 4x slower, read from Lighthouse itself so that bench:lighthouse
// (which simulates it) and bench:first-tap (which applies it to Chromium through CDP) cannot drift.
import type { BrowserContextOptions, CDPSession } from "@playwright/test";
import { throttling } from "lighthouse/core/config/constants.js";

/** Lighthouse's settings for its default mobile run. */
export const phoneThrottling = throttling.mobileSlow4G;

/** A phone's screen: 390 x 844 CSS pixels at 3x, touch. */
export const phoneScreen: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
};

const bytesPerSecond = (kbps: number) => (kbps * 1024) / 8;

/** Throttles a page's network and CPU to the profile (the round trip and rates, as CDP takes them). */
export async function throttleLikeAPhone(cdp: CDPSession) {
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: phoneThrottling.rttMs,
    downloadThroughput: bytesPerSecond(phoneThrottling.throughputKbps),
    uploadThroughput: bytesPerSecond(phoneThrottling.uploadThroughputKbps),
  });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: phoneThrottling.cpuSlowdownMultiplier });
}
