import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { Server as NetServer } from "node:net";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, {
  type NextFunction,
  type Request,
  type RequestHandler,
  type Response,
} from "express";
import { createRequestHandler as createFetchHandler, type ServerBuild } from "react-router";
import { pagesTouchedByLastChange, readContentVersion } from "../../publishing";
import { cacheNonce, contentPageCache } from "../content-pages/content-page-cache";
import { createAppRuntime } from "./app-context";
import { guideReaderRecorder } from "./guide-readers";
import { ConfigError, startupConfig, type AppConfig } from "../../core/config";
import {
  beaconAnswerer,
  countGuideDownload,
  countedDownloadPaths,
  guideDownloadCounter,
} from "../early-answers/analytics-endpoint";
import { contactFunctionAnswerer } from "../early-answers/contact-function";
import { firstEarlyAnswer, pathOf } from "../early-answers/early-answers";
import { logFailure, logger } from "../../core/logger";
import { inMemoryFiles } from "../static-files/in-memory-files";
import { createMetrics } from "../observability/metrics";
import { pathBound } from "./path-bound";
import { requestActivity } from "../outbox-placement/request-activity";
import { requestLogging } from "../observability/request-logging";
import { routeLabeller } from "../observability/route-label";
import { carriesSecret } from "~/lib/secret-paths";
import {
  grantScriptNonce,
  originOnlyReferrerFor,
  securityHeaders,
  siteHeaderValues,
} from "./security-headers";
import { staticFileHeaders, staticFiles } from "../static-files/static-files";
import { uploadedMedia } from "../static-files/uploaded-media";

/**
 * From the moment shutdown begins, every answer says `Connection: close`, so the client never
 * sends another request on a connection the server is about to close. An answer whose headers
 * already left (a streamed page) cannot say it: its connection is ended once it is complete.
 */
function closeConnectionAfter(response: ServerResponse) {
  if (!response.headersSent) {
    response.setHeader("Connection", "close");
    return;
  }
  // Node detaches the socket from the answer before "finish" listeners run.
  const socket = response.socket;
  response.once("finish", () => socket?.end());
}

export type SiteServerOptions = {
  /** The React Router server build, or a loader of it (the dev server reloads it on change). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** build/client, served by Node when no web server sits in front (production). */
  clientDir?: string;
  /** Vite's middleware in development. */
  devMiddleware?: RequestHandler;
  /** The outbox service's script, run by the outbox thread (OUTBOX_WORKER=thread). */
  outboxServiceEntry: URL;
};

/** The one line a start on a taken port ends with (support/built-server.ts looks for it). */
export const portTakenLine = (port: number) =>
  `Port ${port} is already in use: stop what listens there or set PORT to another port.`;

function readConfig(): AppConfig {
  try {
    return startupConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/**
 * Starts the site: settings, database, outbox worker, HTTP server, and an orderly stop on SIGTERM
 * (not ready, no new connections, in-flight requests finished, outbox worker done, database closed).
 */
export async function startSiteServer(options: SiteServerOptions) {
  const config = readConfig();
  const activity = requestActivity();
  const runtime = await createAppRuntime(config, { ...options, activity });
  const build = typeof options.build === "function" ? await options.build() : options.build;
  const routeOf = routeLabeller(build);
  const metrics = createMetrics(runtime.services.db);
  const recordGuideReader = guideReaderRecorder(runtime.services);
  let stopping = false;

  const development = config.NODE_ENV === "development";
  // A Stripe stand-in (STRIPE_API_BASE, the tests' fake) is where checkout forms are sent.
  const checkoutOrigins = config.STRIPE_API_BASE ? [new URL(config.STRIPE_API_BASE).origin] : [];
  const siteHeaderOptions = {
    checkoutOrigins,
    https: config.SITE_URL.startsWith("https://"),
    development,
    hstsPreload: config.HSTS_PRELOAD,
  };
  const securityHeadersOf = securityHeaders(siteHeaderOptions);
  const siteHeaders = siteHeaderValues(siteHeaderOptions);
  const fileHeadersOf = options.clientDir && staticFileHeaders(options.clientDir);
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.TRUST_PROXY);
  app.use(pathBound());
  // Express names its own endpoints (/healthz); the router's catch-all is named by route.
  const expressRouteOf = (request: Request) =>
    request.route && request.route.path !== "/{*splat}"
      ? String(request.route.path)
      : routeOf(request.path);
  app.use(requestLogging(expressRouteOf));
  app.use(metrics.recordRequests(expressRouteOf));
  app.use(securityHeadersOf);
  app.use(originOnlyReferrerFor((path) => carriesSecret(routeOf(path))));
  app.use(compression());
  // The owner's console: never indexed, never kept by a proxy or the browser's back button.
  app.use("/admin", (_request, response, next) => {
    response.set({ "X-Robots-Tag": "noindex, nofollow", "Cache-Control": "no-store" });
    next();
  });

  app.get("/healthz", async (_request, response) => {
    try {
      await runtime.checkHealth();
      response.json({ status: "ok" });
    } catch (error) {
      logFailure("health check failed", error);
      response.status(503).json({ status: "unavailable" });
    }
  });
  app.get("/readyz", (_request, response) => {
    if (stopping) response.status(503).json({ status: "stopping" });
    else response.json({ status: "ready" });
  });
  app.get("/metrics", metrics.endpoint(config.METRICS_TOKEN));

  if (options.clientDir && fileHeadersOf) {
    app.get(countedDownloadPaths, guideDownloadCounter(runtime.analytics), (request, _, next) => {
      recordGuideReader(request);
      next();
    });
    app.use(staticFiles(options.clientDir, fileHeadersOf));
  }
  app.use(uploadedMedia(config.UPLOADS_DIR));
  if (options.devMiddleware) app.use(options.devMiddleware);

  // Every answer of the site carries them, those answered before Express included.
  const setSecurityHeaders = (request: IncomingMessage, response: ServerResponse) =>
    securityHeadersOf(request as never, response as never, () => undefined);

  // The article pages and their lists, rendered once per change of the store (decisions 190,
  // 240); a held one is answered before Express, as build/client's files are.
  const renderPage = createFetchHandler(options.build, config.NODE_ENV);
  const contentPages = contentPageCache({
    development,
    siteHeaders,
    readVersion: () => readContentVersion(runtime.services.db),
    touchedPaths: () => pagesTouchedByLastChange(runtime.services.db),
    render: async (path) => {
      const rendered = await renderPage(new Request(new URL(path, config.SITE_URL)), {
        ...runtime.services,
        clientAddress: "127.0.0.1",
        scriptNonce: cacheNonce,
      });
      return { status: rendered.status, headers: rendered.headers, body: await rendered.text() };
    },
  });
  runtime.services.contentPages!.changed = contentPages.changed;
  app.use(contentPages.middleware);

  app.all(
    "/{*splat}",
    createRequestHandler({
      build: options.build,
      mode: config.NODE_ENV,
      getLoadContext: (request, response) => ({
        ...runtime.services,
        clientAddress: request.ip ?? request.socket.remoteAddress ?? "unknown",
        globalPrivacyControl: request.get("sec-gpc")?.trim() === "1",
        userAgent: request.get("user-agent"),
        afterAnswer: runtime.afterAnswers.forResponse(response),
        scriptNonce: grantScriptNonce(response, {
          development,
          styleAttributes: request.path.startsWith("/admin"),
          checkoutOrigins,
        }),
      }),
    }),
  );

  // Errors Express meets before the router (a malformed URL, say): a plain answer, logged when ours.
  app.use(
    (
      error: Error & { status?: number },
      _request: Request,
      response: Response,
      next: NextFunction,
    ) => {
      if (response.headersSent) return next(error);
      const status = error.status && error.status >= 400 && error.status < 600 ? error.status : 500;
      if (status >= 500) logFailure("request failed before the router", error);
      response
        .status(status)
        .type("text/plain")
        .send(status < 500 ? "Bad Request" : "Internal Server Error");
    },
  );

  const heldFiles =
    options.clientDir &&
    fileHeadersOf &&
    inMemoryFiles(options.clientDir, {
      headersOf: fileHeadersOf,
      routeOf,
      siteHeaders,
    });
  const answerEarly = firstEarlyAnswer([
    beaconAnswerer(runtime.analytics, app.get("trust proxy fn")),
    contactFunctionAnswerer(runtime.services, {
      trustProxy: app.get("trust proxy fn"),
      setHeaders: setSecurityHeaders,
    }),
  ]);
  // Answers not yet finished: when shutdown begins, each is told to close its connection. A held
  // file's answer is written whole before the handler returns, so only the others are followed.
  const unfinished = new Set<ServerResponse>();
  const follow = (response: ServerResponse) => {
    if (stopping) return;
    unfinished.add(response);
    response.once("close", () => unfinished.delete(response));
  };
  const server = createServer((request, response) => {
    const started = performance.now();
    activity.track();
    if (stopping) closeConnectionAfter(response);
    const early = answerEarly(request, response);
    if (early) {
      follow(response);
      const method = request.method ?? "POST";
      response.once("finish", () =>
        metrics.recordAnswer({
          method,
          route: early,
          status: response.statusCode,
          seconds: (performance.now() - started) / 1000,
        }),
      );
      return;
    }
    const heldPage = contentPages.answerHeld(request, response);
    const answered =
      heldPage === undefined
        ? heldFiles && heldFiles(request, response)
        : { route: routeOf(pathOf(request)), status: heldPage };
    if (!answered) {
      follow(response);
      return app(request, response);
    }
    countGuideDownload(runtime.analytics, request);
    recordGuideReader(request);
    metrics.recordAnswer({
      method: request.method ?? "GET",
      ...answered,
      seconds: (performance.now() - started) / 1000,
    });
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(config.PORT, config.HOST, () => {
        server.off("error", reject);
        resolve();
      });
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE") throw error;
    await runtime.close();
    console.error(portTakenLine(config.PORT));
    process.exit(1);
  }
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.PORT;
  logger.info(
    { host: config.HOST, port, mode: config.NODE_ENV },
    `Listening on http://localhost:${port}`,
  );

  async function shutdown(signal: string) {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "stopping: draining requests");
    for (const response of unfinished) closeConnectionAfter(response);
    // Take the connections waiting in the listen queue first (the event loop accepts them before
    // it runs setImmediate): closing the listener resets them, and with them a POST nginx sent.
    await new Promise((resolve) => setImmediate(resolve));
    // Stop listening, but leave idle kept-alive connections open: a client may be sending its next
    // request on one right now, and closing it would reset that request (a POST nginx cannot
    // retry). That request is answered with `Connection: close`; a connection nobody uses again
    // ends at the keep-alive timeout the client was told (`Keep-Alive: timeout=5`), which nginx
    // and Node's clients anticipate. http.Server#close would close the idle ones at once.
    const drained = new Promise<void>((resolve) =>
      NetServer.prototype.close.call(server, () => resolve()),
    );
    const timeout = setTimeout(() => {
      logger.warn("requests still open after SHUTDOWN_TIMEOUT_MS: closing their connections");
      server.closeAllConnections();
    }, config.SHUTDOWN_TIMEOUT_MS);
    await drained;
    clearTimeout(timeout);
    contentPages.stop();
    await runtime.close();
    logger.info("stopped");
    process.exit(0);
  }
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}
