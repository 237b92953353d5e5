// `npm run bench:proposal-pdf`: the time to render one proposal PDF (pdfkit, the site's two faces
// embedded), as the client's download and the owner's preview do. BENCH_RUNS renders after one
// cold one (fonts parsed on first use); prints the cold time and the warm median and p99 against
// the 300 ms. Asserts nothing.
import { performance } from "node:perf_hooks";
import { renderProposalPdf } from "~/.server/deals/proposals/proposal-pdf";
import type { ProposalDocument } from "~/lib/proposal-schema";

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

const time = async () => {
  const start = performance.now();
  const pdf = await renderProposalPdf(proposal);
  return { ms: performance.now() - start, bytes: pdf.byteLength };
};

const cold = await time();
const warm: number[] = [];
for (let run = 0; run < runs; run++) warm.push((await time()).ms);
warm.sort((a, b) => a - b);
const at = (share: number) => warm[Math.min(warm.length - 1, Math.ceil(share * warm.length) - 1)]!;
console.log(
  JSON.stringify(
    {
      runs,
      bytes: cold.bytes,
      coldMs: Math.round(cold.ms),
      medianMs: Number(at(0.5).toFixed(1)),
      p99Ms: Number(at(0.99).toFixed(1)),
      maxMs: Number(warm.at(-1)!.toFixed(1)),
      targetMs: 300,
    },
    null,
    2,
  ),
);
