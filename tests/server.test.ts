import { spawnSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, readFileSync } from "node:fs";
import { createServer, get, type IncomingHttpHeaders } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { startBuiltServer, type BuiltServer } from "../support/built-server";

/** A GET whose body stays as sent (fetch would decode it). */
function request(url: string, headers: Record<string, string>) {
  return new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    get(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
    }).on("error", reject);
  });
}

function ownDataFolder() {
  const dataDir = mkdtempSync(path.join(tmpdir(), "server-test-"));
  return {
    DATABASE_URL: `file:${path.join(dataDir, "site.db")}`,
    MAIL_DIR: path.join(dataDir, "mail"),
  };
}

describe("the production server", () => {
  let server: BuiltServer;
  const metricsToken = "metrics-token-for-the-server-test";
  beforeAll(async () => {
    server = await startBuiltServer({ ...ownDataFolder(), METRICS_TOKEN: metricsToken });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("serves prerendered pages, health, and 404 for unknown paths", async () => {
    const home = await fetch(server.baseURL);
    expect(home.status).toBe(200);
    expect(home.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
    expect(await home.text()).toContain("The End of Persuasion, The Rise of Presence");
    expect(await (await fetch(`${server.baseURL}/healthz`)).json()).toEqual({ status: "ok" });
    const missing = await fetch(`${server.baseURL}/definitely-not-here`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain("Oops! Page not found");
  });

  it("sends the brotli or gzip copy written at build time to the clients that accept it", async () => {
    const stylesheet = readFileSync("build/client/index.html", "utf8").match(
      /\/assets\/app-[^"]+\.css/,
    )?.[0];
    for (const [file, builtFile, cacheControl] of [
      ["/", "/index.html", "public, max-age=0, must-revalidate"],
      [stylesheet, stylesheet, "public, max-age=31536000, immutable"],
    ]) {
      const plain = await request(`${server.baseURL}${file}`, { "Accept-Encoding": "identity" });
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.headers.vary).toMatch(/Accept-Encoding/);
      for (const [accepted, encoding, extension, decode] of [
        ["gzip, deflate, br", "br", ".br", brotliDecompressSync],
        ["gzip;q=1, br;q=0.5", "gzip", ".gz", gunzipSync],
        ["gzip", "gzip", ".gz", gunzipSync],
      ] as const) {
        const compressed = await request(`${server.baseURL}${file}`, {
          "Accept-Encoding": accepted,
        });
        expect(compressed.headers["content-encoding"], accepted).toBe(encoding);
        expect(compressed.headers["content-type"]).toBe(plain.headers["content-type"]);
        expect(compressed.headers["cache-control"]).toBe(cacheControl);
        expect(compressed.headers.vary).toMatch(/Accept-Encoding/);
        expect(decode(compressed.body).equals(plain.body)).toBe(true);
        // The file written at build time, not a compression made for this request.
        const written = readFileSync(`build/client${builtFile}${extension}`);
        expect(compressed.body.equals(written)).toBe(true);
      }
    }
  });

  it("revalidates a page by the ETag of the copy it sent, and counts it", async () => {
    const first = await request(`${server.baseURL}/method`, { "Accept-Encoding": "gzip" });
    const etag = first.headers.etag!;
    expect(etag).toMatch(/^"/);
    const plain = await request(`${server.baseURL}/method`, { "Accept-Encoding": "identity" });
    // Each encoding is its own representation: a cached gzip copy never matches the plain one.
    expect(plain.headers.etag).not.toBe(etag);
    const again = await fetch(`${server.baseURL}/method`, {
      headers: { "Accept-Encoding": "gzip", "If-None-Match": etag },
    });
    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe(etag);
    expect(again.headers.get("x-frame-options")).toBe("DENY");
    const changed = await fetch(`${server.baseURL}/method`, {
      headers: { "Accept-Encoding": "gzip", "If-None-Match": '"another"' },
    });
    expect(changed.status).toBe(200);
    const metrics = await (
      await fetch(`${server.baseURL}/metrics`, {
        headers: { Authorization: `Bearer ${metricsToken}` },
      })
    ).text();
    expect(metrics).toMatch(
      /http_requests_total\{method="GET",route="\/method",status="304"\} [1-9]/,
    );
  });

  it("stops cleanly on SIGTERM", async () => {
    const other = await startBuiltServer(ownDataFolder());
    const code = await other.stop();
    expect(code).toBe(0);
    expect(other.output()).toContain('"msg":"stopped"');
  });
});

describe("start-up configuration", () => {
  it("refuses an invalid setting with one line that names it", () => {
    const result = spawnSync(process.execPath, ["build/server.js"], {
      env: { ...process.env, NODE_ENV: "production", PORT: "0", OWNER_EMAIL: "not-an-address" },
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe("Invalid setting OWNER_EMAIL: must be an email address");
  });

  it("refuses to run a deployment on a development secret", () => {
    const result = spawnSync(process.execPath, ["build/server.js"], {
      env: {
        PATH: process.env.PATH,
        NODE_ENV: "production",
        PORT: "0",
        SITE_URL: "https://presenceselling.example",
        SMTP_URL: "smtp://127.0.0.1:2525",
      },
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe(
      "Invalid setting DOWNLOAD_LINK_SECRET: must be set to a secret of your own in production",
    );
  });

  it("says in one line which port is taken and which setting to change", async () => {
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, "127.0.0.1", resolve));
    const { port } = holder.address() as { port: number };
    try {
      const result = spawnSync(process.execPath, ["build/server.js"], {
        env: {
          PATH: process.env.PATH,
          NODE_ENV: "production",
          HOST: "127.0.0.1",
          PORT: String(port),
          ...ownDataFolder(),
        },
        encoding: "utf8",
        timeout: 30_000,
      });
      expect(result.status).toBe(1);
      expect(result.stderr.trim()).toBe(
        `Port ${port} is already in use: stop what listens there or set PORT to another port.`,
      );
      expect(result.stdout + result.stderr).not.toContain("EADDRINUSE");
    } finally {
      holder.close();
    }
  });

  it("lets a test server's start see that its port was taken, to choose another", async () => {
    // support/built-server.ts recognises the server's line for a taken port and chooses again.
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, "127.0.0.1", resolve));
    const { port } = holder.address() as { port: number };
    try {
      await expect(startBuiltServer({ ...ownDataFolder(), PORT: String(port) })).rejects.toThrow(
        `Port ${port} was taken`,
      );
    } finally {
      holder.close();
    }
  });
});
