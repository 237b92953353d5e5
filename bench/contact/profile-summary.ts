// Where a V8 CPU profile (`node --cpu-prof`, e.g. `BENCH_CPU_PROF=dir npm run bench:contact`)
// spent its time: self time by function and by module (a package under node_modules, a file of
// ours, or Node's own internals), largest first.
// Samples before the first one inside `since` (a function name) are left out, so a server's start
// (migrations, module loading) does not drown the requests: pass readJsonBody for the bench.
// Usage: tsx bench/contact/profile-summary.ts file.cpuprofile [rows=25] [since]
import { readFileSync } from "node:fs";

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
};
type Profile = {
  nodes: Array<ProfileNode & { children?: number[] }>;
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
};

const [file, rowsArgument, since] = process.argv.slice(2);
if (!file) throw new Error("Usage: tsx bench/contact/profile-summary.ts file.cpuprofile [rows]");
const rowCount = Number(rowsArgument ?? 25);
const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;

/** A package's name, a file of ours, or the kind of frame V8 gave no file for. */
function moduleOf({ url, functionName }: ProfileNode["callFrame"]) {
  if (!url) return functionName.startsWith("(") ? functionName : "(native)";
  if (url.startsWith("node:")) return "node internals";
  const packagePath = url.split("node_modules/").at(-1)!;
  if (packagePath !== url) {
    const parts = packagePath.split("/");
    return parts[0]!.startsWith("@") ? `${parts[0]}/${parts[1]}` : parts[0]!;
  }
  return url.replace(/^file:\/\/.*?\/build\//, "build/");
}

const nodeById = new Map(profile.nodes.map((node) => [node.id, node]));
const parentOf = new Map<number, number>();
for (const node of profile.nodes)
  for (const child of node.children ?? []) parentOf.set(child, node.id);
function within(id: number | undefined, name: string): boolean {
  for (; id !== undefined; id = parentOf.get(id))
    if (nodeById.get(id)!.callFrame.functionName === name) return true;
  return false;
}
const first = since ? profile.samples.findIndex((id) => within(id, since)) : 0;
if (first < 0) throw new Error(`No sample inside ${since}`);

// Each sample's time is the delta to the next one.
const selfMs = new Map<number, number>();
let totalMs = 0;
for (let index = first; index < profile.samples.length - 1; index++) {
  const ms = profile.timeDeltas[index + 1]! / 1000;
  totalMs += ms;
  const id = profile.samples[index]!;
  selfMs.set(id, (selfMs.get(id) ?? 0) + ms);
}
const byFunction = new Map<string, number>();
const byModule = new Map<string, number>();
let busyMs = 0;
for (const [id, ms] of selfMs) {
  const frame = nodeById.get(id)!.callFrame;
  const module = moduleOf(frame);
  if (frame.functionName !== "(idle)") busyMs += ms;
  const name = `${frame.functionName || "(anonymous)"}  ${module}:${frame.lineNumber + 1}`;
  byFunction.set(name, (byFunction.get(name) ?? 0) + ms);
  byModule.set(module, (byModule.get(module) ?? 0) + ms);
}

const table = (totals: Map<string, number>) =>
  [...totals]
    .filter(([name]) => !name.startsWith("(idle)"))
    .sort((a, b) => b[1] - a[1])
    .slice(0, rowCount)
    .map(([name, ms]) => ({
      name,
      "self ms": Math.round(ms),
      "% of busy": Math.round((ms / busyMs) * 1000) / 10,
    }));

console.log(`${file}: ${Math.round(totalMs)} ms profiled, ${Math.round(busyMs)} ms busy`);
console.log("By module:");
console.table(table(byModule));
console.log("By function:");
console.table(table(byFunction));
