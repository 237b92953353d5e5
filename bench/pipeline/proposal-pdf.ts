// `npm run bench:proposal-pdf` (after `npm run build`): the time to get one proposal PDF (pdfkit,
// the site's two faces embedded). The headline is the client's download through the built server
// (a sent proposal's signed link, on SQLite); the second figure renders a longer proposal alone.
// BENCH_RUNS of each after one cold one (fonts parsed on first use); prints the cold time and the
// warm median and p99 against the 300 ms. Asserts nothing.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { renderProposalPdf } from "~/.server/deals/proposals/proposal-pdf";
import type { ProposalDocument } from "~/lib/proposal-schema";
import { startBuiltServer } from "../../support/built-server";
import { sentProposal } from "../../support/sent-proposal";
import { createTestDatabase } from "../../support/test-databases";

const runs = Number(process.env.BENCH_RUNS ?? 50);

const proposal: ProposalDocument = {
  id: "bench",
  version: 3,
  dealTitle: "Northwind Traders (sales team of 40)",
  from: "Presence Selling",
  program: "Presence-based selling for the Northwind sales team: three days on site, then coaching",
  teamSize: 40,
  dates: "2027-03-01 to 2027-03-03",
  startsOn: "2027-03-01",
  endsOn: "2027-03-03",
  lines: [
    { label: "Three-day workshop on site, up to 40 people", amountCents: 4_800_000 },
    { label: "Workbooks and the book for every participant", amountCents: 240_000 },
    { label: "Six weeks of group coaching calls", amountCents: 900_000 },
    { label: "Travel and lodging (estimate)", amountCents: 320_000 },
  ],
  totalCents: 6_260_000,
  terms: Array.from(
    { length: 12 },
    (_, index) =>
      `${index + 1}. Half of the total is due on acceptance and the balance on the first day; dates move free of charge until 30 days before the workshop, and the materials stay with the team.`,
  ).join("\n"),
  validUntil: "2027-01-31",
  depositCents: 3_130_000,
  accepted: null,
};

/** The cold time, then the warm median, p99 and max of `runs` more, in ms. */
async function timed(label: string, once: () => Promise<number>) {
  const started = performance.now();
  const bytes = await once();
  const coldMs = performance.now() - started;
  const warm: number[] = [];
  for (let run = 0; run < runs; run++) {
    const start = performance.now();
    await once();
    warm.push(performance.now() - start);
  }
  warm.sort((a, b) => a - b);
  const at = (share: number) =>
    warm[Math.min(warm.length - 1, Math.ceil(share * warm.length) - 1)]!;
  return {
    label,
    runs,
    bytes,
    coldMs: Math.round(coldMs),
    medianMs: Number(at(0.5).toFixed(1)),
    p99Ms: Number(at(0.99).toFixed(1)),
    maxMs: Number(warm.at(-1)!.toFixed(1)),
    targetMs: 300,
  };
}

const database = await createTestDatabase("sqlite");
const dir = mkdtempSync(path.join(tmpdir(), "bench-proposal-pdf-"));
const owner = "owner@bench-proposal.test";
const server = await startBuiltServer({
  DATABASE_URL: database.url,
  ADMIN_EMAILS: owner,
  MAIL_DIR: path.join(dir, "mail"),
  LOG_LEVEL: "warn",
});
try {
  const { publicPath } = await sentProposal(database.db, { owner });
  const download = await timed("the client's download through the built server", async () => {
    const response = await fetch(`${server.baseURL}${publicPath}/pdf`);
    if (response.status !== 200) throw new Error(`The PDF answered ${response.status}`);
    return (await response.arrayBuffer()).byteLength;
  });
  const alone = await timed("a longer proposal rendered alone", async () => {
    return (await renderProposalPdf(proposal)).byteLength;
  });
  console.log(JSON.stringify([download, alone], null, 2));
} finally {
  await server.stop();
  await database.dispose();
  rmSync(dir, { recursive: true, force: true });
}
