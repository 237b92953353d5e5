import "dotenv/config";
import { createServer } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import type { ServerBuild } from "react-router";
import { createAppRuntime } from "./app/.server/app-context";
import { ConfigError, getConfig } from "./app/.server/config";
import { securityHeaders } from "./app/.server/http/security-headers";
import { staticFiles } from "./app/.server/http/static-files";

const rootDir = path.dirname(fileURLToPath(import.meta.url));

function readConfig() {
  try {
    return getConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

const config = readConfig();
const production = config.NODE_ENV === "production";
const runtime = await createAppRuntime(config);

const app = express();
app.disable("x-powered-by");
app.set("trust proxy", true);
app.use(compression());
app.use(securityHeaders({ https: config.SITE_URL.startsWith("https://") }));

// The owner's console: never indexed, never cached by a proxy or the browser's back button.
app.use("/admin", (_request, response, next) => {
  response.set({ "X-Robots-Tag": "noindex, nofollow", "Cache-Control": "no-store" });
  next();
});

app.get("/healthz", async (_request, response) => {
  try {
    await runtime.checkHealth();
    response.json({ status: "ok" });
  } catch (error) {
    response.status(503).json({ status: "unavailable", error: (error as Error).message });
  }
});

let build: ServerBuild | (() => Promise<ServerBuild>);
if (production) {
  app.use(staticFiles(path.join(rootDir, "build/client")));
  build = (await import(path.join(rootDir, "build/server/index.js"))) as ServerBuild;
} else {
  const vite = await import("vite").then(({ createServer: createViteServer }) =>
    createViteServer({ server: { middlewareMode: true } }),
  );
  app.use(vite.middlewares);
  build = () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
}

app.all(
  "/{*splat}",
  createRequestHandler({
    build,
    mode: config.NODE_ENV,
    getLoadContext: (request) => ({
      ...runtime.services,
      clientAddress: request.ip ?? request.socket.remoteAddress ?? "unknown",
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
    if (status >= 500) console.error(error);
    response
      .status(status)
      .type("text/plain")
      .send(status < 500 ? "Bad Request" : "Internal Server Error");
  },
);

const server = createServer(app);
server.listen(config.PORT, config.HOST, () => {
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.PORT;
  console.log(`Listening on http://localhost:${port} (${config.NODE_ENV})`);
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal} received: closing`);
  const forceExit = setTimeout(() => process.exit(1), 10_000);
  forceExit.unref();
  server.close();
  server.closeIdleConnections();
  await runtime.close();
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
