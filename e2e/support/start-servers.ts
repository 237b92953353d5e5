// Playwright's globalSetup: the run's shared servers (SQLite; PostgreSQL for the console specs; one
// each for the specs whose data the others must not see) start side by side. Playwright's
// `webServer` entries start one after the other, and each waits for its /healthz.
import { spawn, type ChildProcess } from "node:child_process";
import { e2eServers, type e2eServer } from "./server-settings";

type Server = typeof e2eServer;

function prefixed(stream: NodeJS.ReadableStream | null, out: NodeJS.WriteStream) {
  stream?.on("data", (chunk: Buffer) => {
    for (const line of chunk.toString().split("\n"))
      if (line.trim()) out.write(`[WebServer] ${line}\n`);
  });
}

function stop(child: ChildProcess) {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

async function answers(url: string) {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}

async function start(server: Server, children: ChildProcess[]) {
  const health = `${server.baseURL}/healthz`;
  // Never a stranger's server: the tests would pass or fail on its data.
  if (await answers(health)) throw new Error(`${server.baseURL} is already used`);
  const child = spawn(process.execPath, ["e2e/support/start-server.mjs"], {
    env: { ...process.env, ...server.env },
    // Its request log stays out of the run's output, as Playwright's `webServer` keeps it.
    stdio: ["pipe", "ignore", "pipe"],
    // A group of its own, so a runner that dies can take the server with it (below).
    detached: true,
  });
  children.push(child);
  process.once("exit", () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    try {
      process.kill(-child.pid!, "SIGKILL");
    } catch {
      // The group ended between the check and the kill.
    }
  });
  prefixed(child.stderr, process.stderr);
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`${server.baseURL} exited at start`);
    if (await answers(health)) return;
    if (Date.now() > deadline)
      throw new Error(`${server.baseURL} did not answer /healthz within 60 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export default async function startServers() {
  const children: ChildProcess[] = [];
  const stopAll = async () => {
    await Promise.all(children.map(stop));
  };
  try {
    await Promise.all(e2eServers.map((server) => start(server, children)));
  } catch (error) {
    await stopAll();
    throw error;
  }
  return stopAll;
}
