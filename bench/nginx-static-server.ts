import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "../support/built-server";

/** Debian's nginx serving `root` (gzip copies beside the files), one worker: the benches' reference. */
export async function startNginx(root: string) {
  const prefix = mkdtempSync(path.join(tmpdir(), "bench-nginx-"));
  const port = await freePort();
  writeFileSync(
    path.join(prefix, "nginx.conf"),
    `daemon off;
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  access_log off;
  client_body_temp_path ${prefix};
  proxy_temp_path ${prefix};
  fastcgi_temp_path ${prefix};
  uwsgi_temp_path ${prefix};
  scgi_temp_path ${prefix};
  gzip_static on;
  server {
    listen 127.0.0.1:${port};
    root ${root};
    location /assets/ { add_header Cache-Control "public, max-age=31536000, immutable"; }
    location / {
      add_header Cache-Control "public, max-age=0, must-revalidate";
      try_files $uri $uri/index.html =404;
    }
  }
}
`,
  );
  const child = spawn("/usr/sbin/nginx", ["-p", prefix, "-c", path.join(prefix, "nginx.conf")], {
    stdio: "inherit",
  });
  const baseURL = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt++) {
    try {
      // Any answer means it listens.
      await fetch(`${baseURL}/`);
      break;
    } catch {
      if (attempt > 50 || child.exitCode !== null) throw new Error("nginx did not start");
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    baseURL,
    /** The one worker's process, which does the serving (its CPU time is the bench's cost). */
    workerPid() {
      const children = readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, "utf8");
      return Number(children.trim().split(" ")[0]);
    },
    async stop() {
      child.kill("SIGQUIT");
      await new Promise((resolve) => child.once("exit", resolve));
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}
