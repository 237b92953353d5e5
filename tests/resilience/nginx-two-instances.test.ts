import { readdirSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startBuiltServer, type BuiltServer } from "../../support/built-server";
import { startNginx, type Nginx } from "../../support/nginx";
import { SmtpSink } from "../../support/smtp-sink";
import { createTestDatabase, type TestDatabase } from "../../support/test-databases";
import {
  contactLead,
  deliveredFor,
  duplicateMessageIds,
  storedLeadAddresses,
  until,
} from "./contact-leads";

// Two app instances on one Postgres behind nginx with deploy/nginx/presence-selling.conf.
const rateLimit = 5;
let database: TestDatabase;
let sink: SmtpSink;
let servers: BuiltServer[] = [];
let nginx: Nginx;

beforeAll(async () => {
  database = await createTestDatabase("postgres");
  sink = await new SmtpSink().start();
  const env = {
    DATABASE_URL: database.url,
    SMTP_URL: sink.url,
    SITE_URL: "https://leads.test",
    OWNER_EMAIL: "owner@leads.test",
    CONTACT_RATE_LIMIT: String(rateLimit),
    CONTACT_MIN_FILL_SECONDS: "0",
    // nginx on loopback names the visitor in X-Forwarded-For.
    TRUST_PROXY: "loopback",
  };
  servers = await Promise.all([startBuiltServer(env), startBuiltServer(env)]);
  nginx = await startNginx({ upstreams: servers.map((server) => new URL(server.baseURL).host) });
});
afterAll(async () => {
  await nginx?.stop();
  await Promise.all(servers.map((server) => server.stop()));
  await sink?.stop();
  await database?.dispose();
});

type Answer = {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
};

/** A request to nginx from the loopback address 127.0.0.`visitor`: each visitor its own client. */
function request(
  method: string,
  pathname: string,
  { visitor = 1, body, type }: { visitor?: number; body?: string; type?: string } = {},
) {
  return new Promise<Answer>((resolve, reject) => {
    const outgoing = httpRequest(
      `${nginx.baseURL}${pathname}`,
      {
        method,
        localAddress: `127.0.0.${visitor}`,
        agent: false,
        headers: type ? { "Content-Type": type } : {},
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }),
        );
      },
    );
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

const submit = (lead: ReturnType<typeof contactLead>, visitor: number) =>
  request("POST", "/functions/v1/send-contact-email", {
    visitor,
    body: JSON.stringify(lead),
    type: "application/json",
  });

it("takes concurrent submissions through both instances: no lead lost, no email twice", async () => {
  const leads = Array.from({ length: 40 }, (_, index) => contactLead(index, "nginx"));
  const answers = await Promise.all(leads.map((lead, index) => submit(lead, 10 + index)));
  expect(answers.map((answer) => answer.status)).toEqual(leads.map(() => 200));
  // Both instances served some: each logs one line per request it answered.
  for (const server of servers) expect(server.output()).toContain("send-contact-email");

  const addresses = leads.map((lead) => lead.email);
  const stored = await storedLeadAddresses(database.db);
  expect(addresses.filter((address) => !stored.has(address))).toEqual([]);
  expect(stored.size).toBe(leads.length);
  await until(
    () =>
      addresses.every((address) => {
        const delivered = deliveredFor(sink, address);
        return delivered.acknowledgements.length > 0 && delivered.notifications.length > 0;
      }),
    "every lead's emails",
  );
  await until(
    async () =>
      (await database.db.selectFrom("outbox_emails").select("status").execute()).every(
        (row) => row.status === "sent",
      ),
    "the outbox to record every delivery",
  );
  expect(sink.received).toHaveLength(2 * leads.length);
  expect(duplicateMessageIds(sink)).toEqual([]);
});

it("counts one visitor's submissions across both instances, whatever X-Forwarded-For says", async () => {
  const visitor = 200;
  const statuses: number[] = [];
  for (let index = 0; index < rateLimit + 3; index++) {
    // Alternate instances through nginx's round robin; a made-up X-Forwarded-For changes nothing.
    const answer = await new Promise<number>((resolve, reject) => {
      const outgoing = httpRequest(
        `${nginx.baseURL}/functions/v1/send-contact-email`,
        {
          method: "POST",
          localAddress: `127.0.0.${visitor}`,
          agent: false,
          headers: { "Content-Type": "application/json", "X-Forwarded-For": `203.0.113.${index}` },
        },
        (response) => {
          response.resume();
          response.on("end", () => resolve(response.statusCode ?? 0));
        },
      );
      outgoing.on("error", reject);
      outgoing.end(JSON.stringify(contactLead(index, "limited")));
    });
    statuses.push(answer);
  }
  expect(statuses).toEqual([
    ...Array.from({ length: rateLimit }, () => 200),
    ...Array.from({ length: 3 }, () => 429),
  ]);
});

it("serves hashed assets and prerendered pages itself, with the app's headers", async () => {
  const asset = readdirSync("build/client/assets").find((file) => file.endsWith(".js"))!;
  const assetAnswer = await request("GET", `/assets/${asset}`);
  expect(assetAnswer.status).toBe(200);
  expect(assetAnswer.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(assetAnswer.headers["content-type"]).toMatch(/javascript/);
  // The app marks every answer with a request id; nginx's own files have none.
  expect(assetAnswer.headers["x-request-id"]).toBeUndefined();

  const page = await request("GET", "/method");
  expect(page.status).toBe(200);
  expect(page.headers["x-request-id"]).toBeUndefined();
  expect(page.headers["cache-control"]).toBe("public, max-age=0, must-revalidate");
  expect(page.body).toContain("<html");

  const pageFromApp = await fetch(`${servers[0]!.baseURL}/method`);
  const assetFromApp = await fetch(`${servers[0]!.baseURL}/assets/${asset}`);
  const securityHeaders = [
    "content-security-policy",
    "x-content-type-options",
    "x-frame-options",
    "referrer-policy",
    "permissions-policy",
    "cross-origin-opener-policy",
    "strict-transport-security",
  ];
  for (const name of securityHeaders) {
    expect({ name, value: page.headers[name] }).toEqual({
      name,
      value: pageFromApp.headers.get(name),
    });
    expect({ name, value: assetAnswer.headers[name] }).toEqual({
      name,
      value: assetFromApp.headers.get(name),
    });
  }

  // The home page's file is found as `//index.html`; its scripts' hashes must still be named.
  const home = await request("GET", "/");
  const homeFromApp = await fetch(`${servers[0]!.baseURL}/`);
  expect(home.headers["content-security-policy"]).toBe(
    homeFromApp.headers.get("content-security-policy"),
  );

  // What is not a file goes to the app: a form post, a dynamic page, an unknown path.
  const notFound = await request("GET", "/no-such-page");
  expect(notFound.status).toBe(404);
  expect(notFound.headers["x-request-id"]).toBeDefined();
  const health = await request("GET", "/healthz");
  expect(health.status).toBe(200);
});
