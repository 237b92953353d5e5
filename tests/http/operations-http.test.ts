import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  builtServerLinkSecret,
  startBuiltServer,
  type BuiltServer,
} from "../../support/built-server";
import { builtServerFormToken } from "../../support/form-token";
import { httpDialects, createTestDatabase, type TestDatabase } from "../../support/test-databases";

const contactEndpoint = "/functions/v1/send-contact-email";
const message = (index: number) => ({
  firstName: "Grace",
  lastName: "Hopper",
  email: `grace.${index}@example.com`,
  company: "",
  interest: "Keynote Speaking",
  message: `Drain test message number ${index}, with enough words to pass.`,
  formToken: builtServerFormToken(builtServerLinkSecret),
});

function ownMailDir() {
  return path.join(mkdtempSync(path.join(tmpdir(), "operations-")), "mail");
}

const postContact = (server: BuiltServer, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${server.baseURL}${contactEndpoint}`, {
    method: "POST",
    body: JSON.stringify(body),
    headers: { "Content-Type": "application/json", ...headers },
  });

describe("operating the production server", () => {
  let server: BuiltServer;
  beforeAll(async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "operations-"));
    server = await startBuiltServer({
      DATABASE_URL: `file:${path.join(dataDir, "site.db")}`,
      MAIL_DIR: path.join(dataDir, "mail"),
      METRICS_TOKEN: "metrics-token-for-the-operations-test",
      CONTACT_MIN_FILL_SECONDS: "0",
      CONTACT_RATE_LIMIT: "2",
    });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("refuses an absurd path before the router, while /healthz keeps answering", async () => {
    const longPath = "/a".repeat(7_000);
    const started = performance.now();
    const [long, health] = await Promise.all([
      fetch(`${server.baseURL}${longPath}`),
      fetch(`${server.baseURL}/healthz`),
    ]);
    console.info(`7,000-segment path answered in ${(performance.now() - started).toFixed(0)} ms`);
    expect(long.status).toBe(414);
    expect(health.status).toBe(200);
    const manySegments = await fetch(`${server.baseURL}${"/a".repeat(400)}`);
    expect(manySegments.status).toBe(404);
    expect(await manySegments.text()).toBe("Not Found");
  });

  it("says only ok on /healthz, and ready on /readyz", async () => {
    expect(await (await fetch(`${server.baseURL}/healthz`)).json()).toEqual({ status: "ok" });
    expect(await (await fetch(`${server.baseURL}/readyz`)).json()).toEqual({ status: "ready" });
  });

  it("logs one JSON line per request under the id it sends back, with no personal data", async () => {
    const visitor = {
      ...message(1),
      firstName: "Zelda",
      lastName: "Quillfeather",
      email: "zelda.quillfeather@example.com",
      message: "A very particular sentence that must never reach the logs.",
    };
    const response = await postContact(server, visitor);
    expect(response.status).toBe(200);
    const requestId = response.headers.get("x-request-id");
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    await expect.poll(() => server.output()).toContain(requestId!);
    const lines = server
      .output()
      .split("\n")
      .filter((line) => line.startsWith("{"));
    const requestLine = lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((entry) => entry.reqId === requestId);
    expect(requestLine).toMatchObject({
      msg: "request",
      req: { method: "POST", route: contactEndpoint },
      res: { status: 200 },
    });
    expect(typeof requestLine?.responseTime).toBe("number");
    for (const personal of ["Zelda", "Quillfeather", "zelda.quillfeather", "particular sentence"]) {
      expect(server.output()).not.toContain(personal);
    }
  });

  it("keeps the per-address limit when a client makes up X-Forwarded-For", async () => {
    const statuses = [];
    for (let index = 0; index < 3; index++) {
      const response = await postContact(server, message(100 + index), {
        "X-Forwarded-For": `203.0.113.${index + 1}`,
      });
      statuses.push(response.status);
    }
    expect(statuses.at(-1)).toBe(429);
  });

  it("serves Prometheus metrics only with the token", async () => {
    const anonymous = await fetch(`${server.baseURL}/metrics`);
    expect(anonymous.status).toBe(401);
    const metrics = await fetch(`${server.baseURL}/metrics`, {
      headers: { Authorization: "Bearer metrics-token-for-the-operations-test" },
    });
    expect(metrics.status).toBe(200);
    const text = await metrics.text();
    expect(text).toMatch(/http_requests_total\{method="GET",route="\/healthz",status="200"\} \d+/);
    expect(text).toMatch(
      /http_request_duration_seconds_bucket\{[^}]*route="\/functions\/v1\/send-contact-email"/,
    );
    expect(text).toMatch(/outbox_emails\{status="pending"\} \d+/);
    expect(text).toMatch(/leads_stored\{kind="contact_message"\} [1-9]/);
    expect(text).not.toMatch(/route="\/a\/a/);
  });
});

// One database (decision 327): the process's shutdown; a kill mid-write runs on both in the
// resilience suite.
for (const dialect of httpDialects) {
  describe(`SIGTERM during a burst on ${dialect}`, () => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await createTestDatabase(dialect);
    });
    afterAll(async () => {
      await database?.dispose();
    });

    it("drains: every submission answered 200 is stored, none answered with an error", async () => {
      const server = await startBuiltServer({
        DATABASE_URL: database.url,
        MAIL_DIR: ownMailDir(),
        CONTACT_MIN_FILL_SECONDS: "0",
        CONTACT_RATE_LIMIT: "0",
      });
      const outcomes: (number | "no connection")[] = [];
      let sent = 0;
      const burst = Array.from({ length: 8 }, async () => {
        while (sent < 400) {
          const index = sent++;
          if (index === 40) void server.stop();
          try {
            const response = await postContact(server, message(index));
            outcomes[index] = response.status;
          } catch {
            outcomes[index] = "no connection";
            return;
          }
        }
      });
      await Promise.all(burst);
      expect(await server.stop()).toBe(0);
      const answered = outcomes.filter((outcome) => outcome !== undefined);
      expect(answered.filter((outcome) => outcome === 200).length).toBeGreaterThanOrEqual(40);
      expect(answered.filter((outcome) => typeof outcome === "number" && outcome !== 200)).toEqual(
        [],
      );
      const stored = await database.db.selectFrom("contact_messages").select("email").execute();
      const acknowledged = outcomes.flatMap((outcome, index) =>
        outcome === 200 ? [message(index).email] : [],
      );
      expect(stored.map((row) => row.email).sort()).toEqual(acknowledged.sort());
    }, 60_000);
  });
}
