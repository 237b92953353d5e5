import type { IncomingMessage } from "node:http";
import type { Request, RequestHandler, Response as ExpressResponse } from "express";
import type { BeaconIngestion, BeaconOutcome, BeaconRequest } from "../analytics";
import { maxBeaconBytes } from "../analytics";
import { readSmallTextBody } from "../http/request-body";
import { downloadTargets } from "~/lib/download-targets";

/** Where the page script sends its beacons, and the `<noscript>` image it falls back to. */
export const beaconPath = "/beacon";
export const pixelPath = "/beacon.gif";

/** The smallest transparent GIF: what the `<noscript>` image shows. */
const transparentGif = Buffer.from(
  "R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7",
  "base64",
);

const header = (request: Request, name: string) => {
  const value = request.headers[name];
  return typeof value === "string" ? value : undefined;
};

function beaconRequest(request: Request): BeaconRequest {
  return {
    clientAddress: request.ip ?? request.socket.remoteAddress ?? "unknown",
    userAgent: header(request, "user-agent"),
    globalPrivacyControl: header(request, "sec-gpc"),
    purpose: header(request, "sec-purpose") ?? header(request, "purpose"),
    origin: header(request, "origin"),
    fetchSite: header(request, "sec-fetch-site"),
    host: header(request, "host"),
  };
}

function sendOutcome(response: ExpressResponse, outcome: BeaconOutcome) {
  response.setHeader("Cache-Control", "no-store");
  if (outcome.status === 202) return response.status(202).end();
  if ("retryAfterSeconds" in outcome)
    response.setHeader("Retry-After", String(outcome.retryAfterSeconds));
  response.status(outcome.status).json({ error: outcome.error });
}

/** A refusal the body reader threw (413, 415, 400) sent as it is. */
async function sendRefusal(response: ExpressResponse, refusal: Response) {
  response.status(refusal.status);
  refusal.headers.forEach((value, name) => response.setHeader(name, value));
  response.send(await refusal.text());
}

/**
 * POST /beacon: the page script's events, answered as soon as they are checked (202, also when
 * an event is not counted, so a bot learns nothing); the database write happens in the next batch.
 */
export function beaconEndpoint(ingestion: BeaconIngestion): RequestHandler {
  return async (request, response) => {
    if (request.method !== "POST") {
      response.setHeader("Allow", "POST");
      return response.status(405).json({ error: "Use POST." });
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
    sendOutcome(response, await ingestion.receiveBeacon(body, beaconRequest(request)));
  };
}

/** GET /beacon.gif: a visit by a browser without JavaScript, counted from the image's request. */
export function pixelEndpoint(ingestion: BeaconIngestion): RequestHandler {
  return async (request, response) => {
    await ingestion.receivePixel({
      ...beaconRequest(request),
      referer: header(request, "referer"),
    });
    response
      .status(200)
      .set({ "Content-Type": "image/gif", "Cache-Control": "no-store" })
      .send(transparentGif);
  };
}

/** The guides and audio files a download is counted for (not the logo). */
export const countedDownloadPaths = Object.values(downloadTargets).flatMap((target) =>
  target.kind === "file" && target.format !== "png" ? [target.href] : [],
);
const countedDownloads = new Set(countedDownloadPaths);

/**
 * A guide's download, recorded server-side as the file is served (from memory, or by Express for
 * a ranged request), so it counts without JavaScript and no browser can forge it.
 */
export function countGuideDownload(ingestion: BeaconIngestion, request: IncomingMessage) {
  if (request.method !== "GET") return;
  const path = (request.url ?? "").split("?")[0]!;
  if (!countedDownloads.has(path)) return;
  const headerOf = (name: string) => {
    const value = request.headers[name];
    return typeof value === "string" ? value : undefined;
  };
  ingestion.receiveDownload(
    {
      userAgent: headerOf("user-agent"),
      globalPrivacyControl: headerOf("sec-gpc"),
      purpose: headerOf("sec-purpose") ?? headerOf("purpose"),
      range: headerOf("range"),
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
