import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { guideReaderToken } from "~/.server/audience";
import { systemClock } from "~/.server/core/clock";
import { parseConfig } from "~/.server/core/config";
import { changeSequenceStatus, saveSequence, saveStep } from "~/.server/sequences";
import { seedReaders } from "../../support/broadcast-audience";
import {
  builtServerLinkSecret,
  startBuiltServer,
  type BuiltServer,
} from "../../support/built-server";
import { httpDialects, createTestDatabase, type TestDatabase } from "../../support/test-databases";
import { sequenceSettings } from "../../support/sequence-settings";

const config = parseConfig({ NEWSLETTER_LINK_SECRET: builtServerLinkSecret });
const guidePath = "/downloads/witness-consciousness-guide.pdf";
const actor = "owner@presence.example";

// Issue 38 point 1, decision 261: a guide fetched through a link from one of our emails names its
// reader, and the guide's sequence starts for them; the file is the same for everyone.
// One database (decision 327): the download's answers; the reader's rows run on both in sequences.
for (const dialect of httpDialects) {
  describe(`a guide downloaded from an email's link on ${dialect}`, () => {
    let database: TestDatabase;
    let server: BuiltServer;
    let sequenceId: string;

    beforeAll(async () => {
      database = await createTestDatabase(dialect);
      const deps = {
        db: database.db,
        clock: systemClock,
        config,
        outbox: { wake: () => {} },
      };
      const saved = await saveSequence(deps, {
        input: sequenceSettings({
          name: "After the guide",
          trigger: "guide_downloaded",
          triggerDetail: "witness-consciousness-guide",
        }),
        actor,
      });
      if (saved.outcome !== "saved") throw new Error(JSON.stringify(saved));
      sequenceId = saved.id;
      await saveStep(deps, {
        sequenceId,
        input: { subject: "How was it?", bodyMarkdown: "Hello.", delayDays: "1", position: "" },
        actor,
      });
      await changeSequenceStatus(deps, { id: sequenceId, change: "activate", actor });
      server = await startBuiltServer({ DATABASE_URL: database.url });
    }, 90_000);
    afterAll(async () => {
      await server?.stop();
      await database?.dispose();
    });

    const runsOf = (personId: string) =>
      database.db
        .selectFrom("sequence_enrollments")
        .select(["sequence_id", "status"])
        .where("person_id", "=", personId)
        .execute();

    it("serves the file to anyone, and starts the sequence for the reader the link names", async () => {
      const [forgedReader, reader] = await seedReaders(database.db, [
        { email: "forged@readers.test" },
        { email: "reader@readers.test" },
      ]);
      const file = readFileSync(`build/client${guidePath}`);
      const forged = `${guideReaderToken(config, forgedReader!).slice(0, -4)}AAAA`;
      for (const token of [forged, "x".repeat(2000), guideReaderToken(config, reader!)]) {
        const response = await fetch(`${server.baseURL}${guidePath}?reader=${token}`);
        expect(response.status).toBe(200);
        expect(Buffer.from(await response.arrayBuffer()).equals(file)).toBe(true);
      }
      await expect
        .poll(() => runsOf(reader!), { timeout: 15_000 })
        .toEqual([{ sequence_id: sequenceId, status: "active" }]);
      // The forged token was sent first; the reader's run shows the requests were handled.
      expect(await runsOf(forgedReader!)).toEqual([]);
    });
  });
}
