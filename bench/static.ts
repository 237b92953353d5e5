// `npm run bench:static`: requests per second and p99 latency of the Node server and of nginx
// (Debian's, started here with its own prefix on 127.0.0.1, one worker) serving the same
// build/client, with the same autocannon concurrency, interleaved round by round so both see the
// same machine. Both send the gzip copies written at build time (nginx's gzip_static).
// Usage: npm run build && npm run bench:static   (ROUNDS=2, BENCH_DURATION=5 s, BENCH_CONNECTIONS=10)
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { startBuiltServer } from "../support/built-server";
import { startNginx } from "./nginx-static-server";
import { clientBuildDir } from "../support/prerendered-pages";

const rounds = Number(process.env.ROUNDS ?? 2);
const durationSeconds = Number(process.env.BENCH_DURATION ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);

const stylesheet = /\/assets\/app-[^"]+\.css/.exec(
  readFileSync(path.join(clientBuildDir, "index.html"), "utf8"),
)?.[0];
if (!stylesheet) throw new Error("No production build: run `npm run build` first.");
const files = ["/", "/method", stylesheet];

const dataDir = mkdtempSync(path.join(tmpdir(), "bench-static-"));
const node = await startBuiltServer({
  DATABASE_URL: `file:${path.join(dataDir, "site.db")}`,
  MAIL_DIR: path.join(dataDir, "mail"),
});
const nginx = await startNginx(path.resolve(clientBuildDir));
const stopAll = async () => {
  await Promise.allSettled([node.stop(), nginx.stop()]);
  rmSync(dataDir, { recursive: true, force: true });
};
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.once(signal, () => void stopAll().then(() => process.exit(130)));

type Sample = { requests: number; p99: number; failed: number };
const samples = new Map<string, Sample[]>();
try {
  for (let round = 0; round < rounds; round++)
    for (const file of files)
      for (const [server, baseURL] of [
        ["node", node.baseURL],
        ["nginx", nginx.baseURL],
      ] as const) {
        const result = await autocannon({
          url: `${baseURL}${file}`,
          headers: { "accept-encoding": "gzip" },
          connections,
          duration: durationSeconds,
        });
        const key = `${file} ${server}`;
        samples.set(key, [
          ...(samples.get(key) ?? []),
          {
            requests: result["2xx"] / result.duration,
            p99: result.latency.p99,
            failed: result.non2xx + result.errors + result.timeouts,
          },
        ]);
      }
} finally {
  await stopAll();
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
console.log(
  `GET with Accept-Encoding: gzip, ${connections} connections, ${rounds} × ${durationSeconds} s each, interleaved`,
);
console.table(
  files.map((file) => {
    const ofNode = samples.get(`${file} node`) ?? [];
    const ofNginx = samples.get(`${file} nginx`) ?? [];
    const nodeRate = mean(ofNode.map((sample) => sample.requests));
    const nginxRate = mean(ofNginx.map((sample) => sample.requests));
    return {
      file,
      "node req/s": Math.round(nodeRate),
      "nginx req/s": Math.round(nginxRate),
      "node / nginx": Math.round((nodeRate / nginxRate) * 100) / 100,
      "node p99 ms": Math.max(...ofNode.map((sample) => sample.p99)),
      "nginx p99 ms": Math.max(...ofNginx.map((sample) => sample.p99)),
      failed: [...ofNode, ...ofNginx].reduce((sum, sample) => sum + sample.failed, 0),
    };
  }),
);
