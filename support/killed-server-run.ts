import { afterAll, expect } from "vitest";
import { startBuiltServer, type BuiltServer } from "./built-server";
import { SmtpSink } from "./smtp-sink";
import { createTestDatabase, type DialectName, type TestDatabase } from "./test-databases";

/**
 * What a kill -9 test stands on: a fresh database and SMTP sink, built servers started on them,
 * one killed by SIGKILL, and everything stopped after the file. Call it in a `describe`.
 */
export function killedServerRun(dialect: DialectName) {
  let database: TestDatabase | undefined;
  let sink: SmtpSink | undefined;
  const servers: BuiltServer[] = [];

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await sink?.stop();
    await database?.dispose();
  });

  return {
    /** The database and the sink (set up before it starts: `holdDataMs`, ...). */
    async setUp(prepareSink: (sink: SmtpSink) => void = () => {}) {
      database = await createTestDatabase(dialect);
      sink = new SmtpSink();
      prepareSink(sink);
      await sink.start();
      return { database, sink };
    },
    async startServer(env: Record<string, string>) {
      const server = await startBuiltServer(env);
      servers.push(server);
      return server;
    },
    /** SIGKILL, and the proof that it died by the signal, not by an exit of its own. */
    async kill(server: BuiltServer) {
      process.kill(server.pid, "SIGKILL");
      expect(await server.stop()).toBeNull();
    },
  };
}
