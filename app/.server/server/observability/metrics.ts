import type { Request, RequestHandler } from "express";
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import type { Db } from "../../core/db/database";

export type Metrics = {
  /** Counts and times every request under its route label. */
  recordRequests(label: (request: Request) => string): RequestHandler;
  /** Counts and times one request answered outside Express (the in-memory files). */
  recordAnswer(answer: { method: string; route: string; status: number; seconds: number }): void;
  /** GET /metrics in Prometheus text format, behind a bearer token. */
  endpoint(token: string | undefined): RequestHandler;
};

const leadTables = { contact_message: "contact_messages", order: "orders" } as const;

/** List memberships count as leads of their list's kind. */
const listKinds = { newsletter: "subscriber", waitlist: "waitlist" } as const;

export function createMetrics(db: Db): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: "http_requests_total",
    help: "HTTP requests answered, by method, route and status",
    labelNames: ["method", "route", "status"],
    registers: [registry],
  });
  const duration = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time to answer an HTTP request, by method and route",
    labelNames: ["method", "route"],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  new Gauge({
    name: "outbox_emails",
    help: "Emails in the outbox, by status",
    labelNames: ["status"],
    registers: [registry],
    async collect() {
      const rows = await db
        .selectFrom("outbox_emails")
        .select(["status", (eb) => eb.fn.countAll<number | string>().as("count")])
        .groupBy("status")
        .execute();
      this.reset();
      for (const status of ["pending", "sending", "sent", "failed", "held", "uncertain"]) {
        const row = rows.find((candidate) => candidate.status === status);
        this.set({ status }, Number(row?.count ?? 0));
      }
    },
  });
  new Gauge({
    name: "leads_stored",
    help: "Leads stored, by kind",
    labelNames: ["kind"],
    registers: [registry],
    async collect() {
      for (const [kind, table] of Object.entries(leadTables)) {
        const row = await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number | string>().as("count"))
          .executeTakeFirst();
        this.set({ kind }, Number(row?.count ?? 0));
      }
      const lists = await db
        .selectFrom("list_memberships")
        .select(["list", (eb) => eb.fn.countAll<number | string>().as("count")])
        .groupBy("list")
        .execute();
      for (const [list, kind] of Object.entries(listKinds)) {
        const row = lists.find((candidate) => candidate.list === list);
        this.set({ kind }, Number(row?.count ?? 0));
      }
    },
  });

  function recordAnswer({
    method,
    route,
    status,
    seconds,
  }: {
    method: string;
    route: string;
    status: number;
    seconds: number;
  }) {
    duration.observe({ method, route }, seconds);
    requests.inc({ method, route, status: String(status) });
  }

  return {
    recordRequests(label) {
      return (request, response, next) => {
        const started = performance.now();
        response.once("finish", () =>
          recordAnswer({
            method: request.method,
            route: label(request),
            status: response.statusCode,
            seconds: (performance.now() - started) / 1000,
          }),
        );
        next();
      };
    },
    recordAnswer,
    endpoint(token) {
      return async (request, response, next) => {
        if (!token) return next();
        if (request.headers.authorization !== `Bearer ${token}`) {
          response
            .status(401)
            .setHeader("WWW-Authenticate", "Bearer")
            .type("text/plain")
            .send("Unauthorized");
          return;
        }
        response.type(registry.contentType).send(await registry.metrics());
      };
    },
  };
}
