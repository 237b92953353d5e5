import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import type { BeaconIngestion, BeaconOutcome, BeaconRequest } from "../../analytics";
import { maxBeaconBytes } from "../../analytics";
import { logFailure } from "../../core/logger";
import { readSmallTextBody } from "../../http/request-body";
import { clientAddressOf, type TrustProxy } from "../wiring/client-address";
import { pathOf, sendJson, sendRefusal, type EarlyAnswerer } from "./early-answers";
import { guideDownloads } from "~/lib/download-targets";

/** Where the page script sends its beacons, and the `<noscript>` image it falls back to. */
export const beaconPath = "/beacon";
export const pixelPath = "/beacon.gif";

/** The smallest transparent GIF: what the `<noscript>` image shows. */
const transparentGif = Buffer.from(
  "R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7",
  "base64",
);

const headerOf = (request: IncomingMessage, name: string) => {
  const value = request.headers[name];
  return typeof value === "string" ? value : undefined;
};

function beaconRequest(request: IncomingMessage, trustProxy: TrustProxy): BeaconRequest {
  return {
    clientAddress: clientAddressOf(request, trustProxy),
    userAgent: headerOf(request, "user-agent"),
    globalPrivacyControl: headerOf(request, "sec-gpc"),
    purpose: headerOf(request, "sec-purpose") ?? headerOf(request, "purpose"),
    origin: headerOf(request, "origin"),
    fetchSite: headerOf(request, "sec-fetch-site"),
    host: headerOf(request, "host"),
  };
}

function sendOutcome(response: ServerResponse, outcome: BeaconOutcome) {
  if (outcome.status === 202) {
    response.statusCode = 202;
    return response.end();
  }
  if ("retryAfterSeconds" in outcome)
    response.setHeader("Retry-After", String(outcome.retryAfterSeconds));
  sendJson(response, outcome.status, { error: outcome.error });
}

/**
 * POST /beacon: the page script's events, answered as soon as they are checked (202, also when
 * an event is not counted, so a bot learns nothing); the database write happens in the next batch.
 */
async function answerBeacon(
  ingestion: BeaconIngestion,
  trustProxy: TrustProxy,
  request: IncomingMessage,
  response: ServerResponse,
) {
  if (request.method !== "POST") {
    response.setHeader("Allow", "POST");
    return sendJson(response, 405, { error: "Use POST." });
  }
  let body: string;
  try {
    body = await readSmallTextBody(request, {
      maxBytes: maxBeaconBytes,
      types: ["text/plain", "application/json"],
    });
  } catch (refusal) {
    if (refusal instanceof Response) return sendRefusal(response, refusal);
    throw refusal;
  }
  sendOutcome(response, await ingestion.receiveBeacon(body, beaconRequest(request, trustProxy)));
}

/** GET /beacon.gif: a visit by a browser without JavaScript, counted from the image's request. */
async function answerPixel(
  ingestion: BeaconIngestion,
  trustProxy: TrustProxy,
  request: IncomingMessage,
  response: ServerResponse,
) {
  await ingestion.receivePixel({
    ...beaconRequest(request, trustProxy),
    referer: headerOf(request, "referer"),
  });
  response.statusCode = 200;
  response.setHeader("Content-Type", "image/gif");
  response.end(request.method === "HEAD" ? undefined : transparentGif);
}

/**
 * The headers a beacon's answer needs: it is never a page, so the page policies (CSP, framing,
 * permissions) would be bytes written with every page view for nothing.
 */
function setAnswerHeaders(response: ServerResponse) {
  response.setHeader("X-Content-Type-Options", "nosniff");
  response.setHeader("Cache-Control", "no-store");
}

/**
 * The beacon and the pixel, answered by the plain Node listener before Express: a beacon comes
 * with every page view, and Express's routing and middleware cost many times the beacon's own
 * checks. Returns the route answered (for the metrics), or undefined for any other request.
 */
export function beaconAnswerer(ingestion: BeaconIngestion, trustProxy: TrustProxy): EarlyAnswerer {
  const failed = (response: ServerResponse) => (error: unknown) => {
    logFailure("beacon failed", error);
    if (response.headersSent) return response.destroy();
    sendJson(response, 500, { error: "Internal Server Error" });
  };
  return (request: IncomingMessage, response: ServerResponse) => {
    const path = pathOf(request);
    if (path === beaconPath) {
      setAnswerHeaders(response);
      answerBeacon(ingestion, trustProxy, request, response).catch(failed(response));
      return beaconPath;
    }
    if (path === pixelPath && (request.method === "GET" || request.method === "HEAD")) {
      setAnswerHeaders(response);
      answerPixel(ingestion, trustProxy, request, response).catch(failed(response));
      return pixelPath;
    }
    return undefined;
  };
}

/** The guides and audio files a download is counted for (not the logo). */
export const countedDownloadPaths = guideDownloads.map((guide) => guide.href);
const countedDownloads = new Set(countedDownloadPaths);

/**
 * A guide's download, recorded server-side as the file is served (from memory, or by Express for
 * a ranged request), so it counts without JavaScript and no browser can forge it.
 */
export function countGuideDownload(ingestion: BeaconIngestion, request: IncomingMessage) {
  if (request.method !== "GET") return;
  const path = pathOf(request);
  if (!countedDownloads.has(path)) return;
  ingestion.receiveDownload(
    {
      userAgent: headerOf(request, "user-agent"),
      globalPrivacyControl: headerOf(request, "sec-gpc"),
      purpose: headerOf(request, "sec-purpose") ?? headerOf(request, "purpose"),
      range: headerOf(request, "range"),
    },
    path,
  );
}

/** Express's part of it: only the guides' own paths reach this, just before the static files. */
export function guideDownloadCounter(ingestion: BeaconIngestion): RequestHandler {
  return (request, _response, next) => {
    countGuideDownload(ingestion, request);
    next();
  };
}
