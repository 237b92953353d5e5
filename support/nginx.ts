import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "./built-server";

const nginxBinary = "/usr/sbin/nginx";
const siteConfig = "deploy/nginx/presence-selling.conf";
const headersSnippet = "deploy/nginx/presence-selling-headers.conf";

export type Nginx = { baseURL: string; port: number; stop(): Promise<void> };

function replaceOnce(text: string, pattern: RegExp, replacement: string) {
  if (!pattern.test(text))
    throw new Error(`${siteConfig} no longer has ${pattern}: update the test`);
  return text.replace(pattern, replacement);
}

/** The shipped site config with this test's listen port, app instances and paths. */
function renderSite(port: number, upstreams: string[], clientDir: string) {
  let site = readFileSync(siteConfig, "utf8");
  site = replaceOnce(site, /^\s*listen \[::\]:80;\n/m, "");
  site = replaceOnce(site, /listen 80;/, `listen 127.0.0.1:${port};`);
  site = replaceOnce(
    site,
    /(?:^\s*server 127\.0\.0\.1:\d+;\n)+/m,
    upstreams.map((upstream) => `    server ${upstream};\n`).join(""),
  );
  site = replaceOnce(site, /root \/srv\/presence-selling\/build\/client;/, `root ${clientDir};`);
  site = replaceOnce(
    site,
    /include \/srv\/presence-selling\/build\/nginx\/inline-scripts\.conf;/,
    `include ${path.resolve(clientDir, "..", "nginx", "inline-scripts.conf")};`,
  );
  return site.replaceAll(
    "/etc/nginx/snippets/presence-selling-headers.conf",
    path.resolve(headersSnippet),
  );
}

/**
 * Debian's nginx as a child of the test (no daemon, one process, its own prefix, pid and temp
 * directories), listening on 127.0.0.1 in front of `upstreams` with the config the repo ships.
 */
export async function startNginx({
  upstreams,
  clientDir = path.resolve("build/client"),
}: {
  upstreams: string[];
  clientDir?: string;
}): Promise<Nginx> {
  if (!existsSync(nginxBinary)) {
    throw new Error("nginx is missing: `apt-get install -y nginx` (npm test installs it).");
  }
  const prefix = mkdtempSync(path.join(tmpdir(), "nginx-"));
  for (const dir of ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"]) {
    mkdirSync(path.join(prefix, dir));
  }
  const port = await freePort();
  writeFileSync(path.join(prefix, "site.conf"), renderSite(port, upstreams, clientDir));
  writeFileSync(
    path.join(prefix, "nginx.conf"),
    `daemon off;
master_process off;
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 512; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
  client_body_temp_path ${prefix}/client_body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  include ${prefix}/site.conf;
}
`,
  );
  const child = spawn(
    nginxBinary,
    ["-p", prefix, "-e", `${prefix}/error.log`, "-c", `${prefix}/nginx.conf`],
    {
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) {
      const log = existsSync(`${prefix}/error.log`)
        ? readFileSync(`${prefix}/error.log`, "utf8")
        : "";
      throw new Error(`nginx exited at start:\n${output}\n${log}`);
    }
    try {
      await fetch(`${baseURL}/favicon.ico`);
      break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`nginx did not listen within 15 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    baseURL,
    port,
    async stop() {
      if (child.exitCode === null) child.kill("SIGQUIT");
      await exited;
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}
