// `npm run bench:cached-page` (issue 36 point 4): a page Node answers from memory against nginx
// serving the same bytes, and against a bare node:http server answering them with the same headers
// (the floor for Node), identity and gzip, interleaved round by round. Prints requests per second
// and the CPU each server used per request (user + system, /proc), which holds better than a rate
// on a shared machine. BUILDS compares builds: "before=/tmp/before/build,after=build".
// Usage: npm run build && npm run bench:cached-page
//   (ROUNDS=3, BENCH_DURATION=5 s, BENCH_CONNECTIONS=10, PAGES=/articles/…,/method)
import { fork } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { freePort, startBuiltServer, type BuiltServer } from "../../support/built-server";
import { startNginx } from "../nginx-static-server";
import { cpuMsOf } from "../process-stats";

const rounds = Number(process.env.ROUNDS ?? 3);
const durationSeconds = Number(process.env.BENCH_DURATION ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const pages = (process.env.PAGES ?? "/articles/staying-present-under-pressure,/method").split(",");
const builds = (process.env.BUILDS ?? "node=build").split(",").map((entry) => {
  const [label, dir] = entry.split("=") as [string, string];
  return { label, dir };
});
const encodings = ["identity", "gzip"] as const;

/** The raw answer (no decompression), as a client accepting `encoding` gets it. */
function rawGet(url: string, encoding: string) {
  return new Promise<{ status: number; headers: [string, string][]; body: Buffer }>(
    (resolve, reject) => {
      httpRequest(url, { headers: { "accept-encoding": encoding } }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const raw = response.rawHeaders;
          const headers: [string, string][] = [];
          for (let index = 0; index < raw.length; index += 2) {
            const name = raw[index]!.toLowerCase();
            // Node adds these itself.
            if (["date", "connection", "keep-alive"].includes(name)) continue;
            headers.push([raw[index]!, raw[index + 1]!]);
          }
          resolve({ status: response.statusCode ?? 0, headers, body: Buffer.concat(chunks) });
        });
      })
        .on("error", reject)
        .end();
    },
  );
}

const dataDir = mkdtempSync(path.join(tmpdir(), "bench-cached-page-"));
const rootDir = path.join(dataDir, "root");
mkdirSync(rootDir);
// nginx's worker (nobody, when started by root) must read it.
chmodSync(dataDir, 0o755);
chmodSync(rootDir, 0o755);
const servers: {
  label: string;
  baseURL: string;
  pid: () => number;
  stop: () => Promise<unknown>;
}[] = [];
const stopAll = async () => {
  await Promise.allSettled(servers.map((server) => server.stop()));
  rmSync(dataDir, { recursive: true, force: true });
};
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.once(signal, () => void stopAll().then(() => process.exit(130)));

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
const loads: number[] = [];

try {
  for (const [index, { label, dir }] of builds.entries()) {
    const built: BuiltServer = await startBuiltServer(
      {
        DATABASE_URL: `file:${path.join(dataDir, `site-${index}.db`)}`,
        MAIL_DIR: path.join(dataDir, `mail-${index}`),
      },
      [],
      path.join(dir, "server.js"),
    );
    servers.push({ label, baseURL: built.baseURL, pid: () => built.pid, stop: built.stop });
  }
  // The site's bytes and headers, as the first build answers them (the article is held after its
  // first request): nginx serves the same bytes, the floor server the same bytes and headers.
  const floorAnswers: Record<string, { body64: string; headers: [string, string][] }> = {};
  for (const page of pages) {
    await rawGet(`${servers[0]!.baseURL}${page}`, "identity");
    const folder = path.join(rootDir, page);
    mkdirSync(folder, { recursive: true });
    for (const encoding of encodings) {
      const answer = await rawGet(`${servers[0]!.baseURL}${page}`, encoding);
      if (answer.status !== 200) throw new Error(`${page} answered ${answer.status}`);
      writeFileSync(
        path.join(folder, encoding === "gzip" ? "index.html.gz" : "index.html"),
        answer.body,
      );
      floorAnswers[`${page} ${encoding}`] = {
        body64: answer.body.toString("base64"),
        headers: answer.headers,
      };
    }
  }
  const answersFile = path.join(dataDir, "floor-answers.json");
  writeFileSync(answersFile, JSON.stringify(floorAnswers));
  const floorPort = await freePort();
  const floor = fork(path.join(import.meta.dirname, "floor-server.mjs"), [
    answersFile,
    String(floorPort),
  ]);
  await new Promise((resolve) => floor.once("message", resolve));
  servers.push({
    label: "node:http floor",
    baseURL: `http://127.0.0.1:${floorPort}`,
    pid: () => floor.pid!,
    stop: async () => {
      floor.kill();
    },
  });
  const nginx = await startNginx(rootDir);
  servers.push({ label: "nginx", baseURL: nginx.baseURL, pid: nginx.workerPid, stop: nginx.stop });

  const samples = new Map<string, { rate: number; cpuUs: number }[]>();
  let failed = 0;
  for (let round = 0; round < rounds; round++) {
    loads.push(loadavg()[0]!);
    for (const page of pages)
      for (const encoding of encodings)
        for (const server of servers) {
          const cpuBefore = cpuMsOf(server.pid());
          const result = await autocannon({
            url: `${server.baseURL}${page}`,
            headers: { "accept-encoding": encoding },
            connections,
            duration: durationSeconds,
          });
          const cpuMs = cpuMsOf(server.pid()) - cpuBefore;
          failed += result.non2xx + result.errors + result.timeouts;
          const key = `${page} ${encoding} ${server.label}`;
          samples.set(key, [
            ...(samples.get(key) ?? []),
            { rate: result["2xx"] / result.duration, cpuUs: (cpuMs * 1000) / result["2xx"] },
          ]);
        }
  }
  loads.push(loadavg()[0]!);

  console.log(
    `\n${connections} connections, ${rounds} × ${durationSeconds} s each, interleaved; load average (1 min) at each round: ${loads.map((load) => load.toFixed(1)).join(", ")}`,
  );
  console.log(`Failed requests (non-2xx, errors, timeouts): ${failed}\n`);
  console.log(
    "| page | encoding | server | req/s | CPU µs / request | rate / nginx | CPU nginx / server |",
  );
  console.log("| --- | --- | --- | --- | --- | --- | --- |");
  for (const page of pages)
    for (const encoding of encodings) {
      const ofNginx = samples.get(`${page} ${encoding} nginx`)!;
      const nginxRate = mean(ofNginx.map((sample) => sample.rate));
      const nginxCpu = mean(ofNginx.map((sample) => sample.cpuUs));
      for (const server of servers) {
        const of = samples.get(`${page} ${encoding} ${server.label}`)!;
        const rate = mean(of.map((sample) => sample.rate));
        const cpu = mean(of.map((sample) => sample.cpuUs));
        console.log(
          `| ${page} | ${encoding} | ${server.label} | ${rate.toFixed(0)} | ${cpu.toFixed(0)} | ${(rate / nginxRate).toFixed(2)}× | ${(nginxCpu / cpu).toFixed(2)}× |`,
        );
      }
    }
} finally {
  await stopAll();
}
