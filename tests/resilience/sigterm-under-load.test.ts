import { Agent, request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { afterAll, describe, expect, it } from "vitest";
import { startBuiltServer, type BuiltServer } from "../../support/built-server";
import { startNginx, type Nginx } from "../../support/nginx";
import { SmtpSink } from "../../support/smtp-sink";
import { allDialects, createTestDatabase, type TestDatabase } from "../../support/test-databases";
import { contactLead, storedLeadAddresses, until } from "./contact-leads";

type Answer = { status: number; headers: IncomingHttpHeaders; reusedSocket: boolean };

const contactPath = "/functions/v1/send-contact-email";

/**
 * A request on `agent`: resolves with the answer, rejects with the socket's error (ECONNRESET
 * when the server cut the connection under it). `beforeEnd` runs once the head and the first
 * half of the body are sent, so a test can hold the request open.
 */
function send(
  baseURL: string,
  agent: Agent,
  { method = "POST", pathname = contactPath, body = "" } = {},
  beforeEnd?: () => Promise<void>,
) {
  return new Promise<Answer>((resolve, reject) => {
    const outgoing = httpRequest(
      `${baseURL}${pathname}`,
      {
        method,
        agent,
        headers: body
          ? { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body) }
          : {},
      },
      (response) => {
        response.resume();
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            reusedSocket: outgoing.reusedSocket,
          }),
        );
      },
    );
    outgoing.on("error", reject);
    if (!beforeEnd) return outgoing.end(body);
    const half = Math.floor(body.length / 2);
    outgoing.write(body.slice(0, half));
    void beforeEnd().then(() => outgoing.end(body.slice(half)), reject);
  });
}

const errorCode = (error: unknown) => (error as NodeJS.ErrnoException).code ?? String(error);

describe.each(allDialects)("SIGTERM on %s", (dialect) => {
  let database: TestDatabase;
  let sink: SmtpSink;
  let nginx: Nginx | undefined;
  const servers: BuiltServer[] = [];

  const env = () => ({
    DATABASE_URL: database.url,
    SMTP_URL: sink.url,
    SITE_URL: "http://leads.test",
    OWNER_EMAIL: "owner@leads.test",
    CONTACT_RATE_LIMIT: "0",
    CONTACT_MIN_FILL_SECONDS: "0",
    TRUST_PROXY: "loopback",
  });
  async function startServer() {
    database ??= await createTestDatabase(dialect);
    sink ??= await new SmtpSink().start();
    const server = await startBuiltServer(env());
    servers.push(server);
    return server;
  }
  const stopping = (server: BuiltServer) => server.output().includes("stopping: draining");

  afterAll(async () => {
    await nginx?.stop();
    await Promise.all(servers.map((server) => server.stop()));
    await sink?.stop();
    await database?.dispose();
  });

  it("answers a request in flight and the next one on an idle kept-alive connection, each with Connection: close", async () => {
    const server = await startServer();
    const idleAgent = new Agent({ keepAlive: true, maxSockets: 1 });
    const busyAgent = new Agent({ keepAlive: true, maxSockets: 1 });
    const before = await send(server.baseURL, idleAgent, { method: "GET", pathname: "/healthz" });
    expect(before.headers.connection).toBe("keep-alive");
    // The in-flight request goes on a connection the server has already taken, not on one still
    // waiting in its listen queue when SIGTERM closes it.
    await send(server.baseURL, busyAgent, { method: "GET", pathname: "/healthz" });

    // Half a body sent before SIGTERM, the rest once the server says it is stopping.
    const inFlight = send(
      server.baseURL,
      busyAgent,
      { body: JSON.stringify(contactLead(0, `in-flight-${dialect}`)) },
      async () => {
        process.kill(server.pid, "SIGTERM");
        await until(() => stopping(server), "the server to begin stopping");
      },
    );
    const inFlightAnswer = await inFlight;
    expect(inFlightAnswer.reusedSocket).toBe(true);
    expect(inFlightAnswer.status).toBe(200);
    expect(inFlightAnswer.headers.connection).toBe("close");

    // The connection left idle before SIGTERM is still there for the client's next request.
    const next = await send(server.baseURL, idleAgent, {
      body: JSON.stringify(contactLead(1, `idle-${dialect}`)),
    });
    expect({ status: next.status, reused: next.reusedSocket }).toEqual({
      status: 200,
      reused: true,
    });
    expect(next.headers.connection).toBe("close");

    expect(await server.stop()).toBe(0);
    const stored = await storedLeadAddresses(database.db);
    expect(stored).toEqual(
      new Set([`in-flight-${dialect}-0@leads.test`, `idle-${dialect}-1@leads.test`]),
    );
  });

  it("resets no connection and answers no 502 through nginx during a contact load", async () => {
    const stopped = await startServer();
    const other = await startServer();
    nginx = await startNginx({
      upstreams: [stopped, other].map((server) => new URL(server.baseURL).host),
    });
    const viaNginx = new Agent({ keepAlive: true, maxSockets: 8 });
    const direct = new Agent({ keepAlive: true, maxSockets: 4 });

    const acknowledged: string[] = [];
    const failures: string[] = [];
    let refusedDirect = 0;
    let closedAfterSigterm = 0;
    let leadNumber = 0;
    let exitCode: Promise<number | null> | undefined;
    let exited = false;

    async function worker(baseURL: string, agent: Agent, isDirect: boolean) {
      // Until the stopped instance is gone; through nginx, a few more after it.
      for (let after = 0; after < 3; after += exited ? 1 : 0) {
        const lead = contactLead(leadNumber++, `sigterm-${dialect}`);
        try {
          const answer = await send(baseURL, agent, { body: JSON.stringify(lead) });
          if (answer.status === 200) acknowledged.push(lead.email);
          else failures.push(`${isDirect ? "direct" : "nginx"} ${answer.status}`);
          if (isDirect && exitCode && answer.headers.connection === "close") closedAfterSigterm++;
        } catch (error) {
          // A new connection to a server no longer listening is refused: nothing was sent.
          if (isDirect && exitCode && errorCode(error) === "ECONNREFUSED") {
            refusedDirect++;
            return;
          }
          failures.push(`${isDirect ? "direct" : "nginx"} ${errorCode(error)}`);
        }
        if (!exitCode && acknowledged.length >= 40) exitCode = stopped.stop();
        if (isDirect && exited) return;
      }
    }
    const watchExit = (async () => {
      await until(() => exitCode !== undefined, "40 acknowledged leads");
      const code = await exitCode;
      exited = true;
      return code;
    })();
    await Promise.all([
      ...Array.from({ length: 8 }, () => worker(nginx!.baseURL, viaNginx, false)),
      ...Array.from({ length: 4 }, () => worker(stopped.baseURL, direct, true)),
      watchExit,
    ]);
    viaNginx.destroy();
    direct.destroy();

    expect(failures).toEqual([]);
    expect(await watchExit).toBe(0);
    // The load overlapped the shutdown: the direct clients were told to close, then refused.
    expect(closedAfterSigterm).toBeGreaterThan(0);
    expect(refusedDirect).toBeGreaterThan(0);
    const stored = await storedLeadAddresses(database.db);
    expect(acknowledged.filter((address) => !stored.has(address))).toEqual([]);
  });
});
