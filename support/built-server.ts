import { spawn } from "node:child_process";
import { appendFileSync, existsSync } from "node:fs";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";

export type BuiltServer = {
  baseURL: string;
  output: () => string;
  pid: number;
  /** Sends SIGTERM and resolves with the exit code. */
  stop(): Promise<number | null>;
};

/** A port nobody listens on right now. */
export async function freePort() {
  return new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

const endWithParent = fileURLToPath(new URL("./end-with-parent.mjs", import.meta.url));

/** Servers started and not yet exited: killed if this process ends first (a bench that crashed). */
const running = new Set<ReturnType<typeof spawn>>();
process.once("exit", () => {
  for (const child of running) child.kill("SIGKILL");
});

/**
 * With BUILT_SERVER_STARTS_LOG set to a file, each start appends a line: the test file that asked
 * (from the call stack) and the start's wall milliseconds. Counting starts per file is how the
 * suite's server-starting cost is found (bench/results/2026-11-28-ci-cuts.md).
 */
function logStart(callStack: string | undefined, startedAt: number) {
  const log = process.env.BUILT_SERVER_STARTS_LOG;
  if (!log) return;
  const caller = /[\w./-]+\.(test|bench)\.tsx?/.exec(callStack ?? "")?.[0] ?? "unknown";
  appendFileSync(
    log,
    `${caller.replace(/^.*?(?=(tests|bench|app|scripts)\/)/, "")}\t${Math.round(performance.now() - startedAt)}\n`,
  );
}

/** The link-signing secret every built server of the tests runs with (form tokens are signed with it). */
export const builtServerLinkSecret = "newsletter-link-secret-for-the-http-tests";

/**
 * The production server (`node build/server.js`, what `npm start` runs), as deployed, with its own
 * settings. Resolves once /healthz answers.
 */
export async function startBuiltServer(
  env: Record<string, string>,
  /** Node's own flags before the script (`--cpu-prof`, which NODE_OPTIONS refuses). */
  nodeFlags: string[] = [],
  /** Another build's entry (a bench comparing two builds): build/server.js by default. */
  script = "build/server.js",
): Promise<BuiltServer> {
  if (!existsSync(script)) {
    throw new Error("No production build: run `npm run build` before the HTTP tests.");
  }
  const startedAt = performance.now();
  // Taken before the first await, while the caller is still on the stack.
  const callStack = process.env.BUILT_SERVER_STARTS_LOG ? new Error().stack : undefined;
  // A port found free can be taken before the server listens on it, as the local end of any
  // connection made meanwhile: a port chosen here is chosen again then.
  for (let attempt = 1; ; attempt++) {
    // A caller that needs its address before the start (its SITE_URL) chooses the port itself.
    const port = env.PORT ? Number(env.PORT) : await freePort();
    try {
      const server = await launch(port, env, nodeFlags, script);
      logStart(callStack, startedAt);
      return server;
    } catch (error) {
      const taken = error instanceof PortTaken && !env.PORT && attempt < 5;
      if (!taken) throw error;
    }
  }
}

/** The server found its port taken as it started. */
class PortTaken extends Error {}

async function launch(
  port: number,
  env: Record<string, string>,
  nodeFlags: string[],
  script: string,
): Promise<BuiltServer> {
  const args = [...nodeFlags, "--import", endWithParent, script];
  const child = spawn(process.execPath, args, {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      OUTBOX_POLL_INTERVAL_MS: "100",
      // A test that sets SITE_URL runs as a deployment: plain http allowed, secrets of full length.
      ALLOW_HTTP_SITE_URL: "true",
      DOWNLOAD_LINK_SECRET: "download-link-secret-for-the-http-tests",
      NEWSLETTER_LINK_SECRET: builtServerLinkSecret,
      ...env,
    },
    // stdin is ours: the server ends when this process does (support/end-with-parent.mjs).
    stdio: ["pipe", "pipe", "pipe"],
  });
  running.add(child);
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => {
      running.delete(child);
      resolve(code);
    }),
  );
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) {
      // The server's one line for a taken port (portTakenLine in site-server.ts).
      if (output.includes(`Port ${port} is already in use`))
        throw new PortTaken(`Port ${port} was taken:\n${output}`);
      throw new Error(`Server exited at start:\n${output}`);
    }
    try {
      // Bounded: whatever else holds the port may never answer.
      if ((await fetch(`${baseURL}/healthz`, { signal: AbortSignal.timeout(5_000) })).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`Server did not answer /healthz within 60 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    baseURL,
    output: () => output,
    pid: child.pid!,
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      return exited;
    },
  };
}
