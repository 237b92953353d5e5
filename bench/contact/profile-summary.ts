// Where a V8 CPU profile (`node --cpu-prof`, e.g. `BENCH_CPU_PROF=dir npm run bench:contact`)
// spent its time: self time by function and by module (a package under node_modules, a file of
// ours, or Node's own internals), largest first.
// Usage: tsx bench/contact/profile-summary.ts file.cpuprofile [rows=25]
import { readFileSync } from "node:fs";

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
};
type Profile = { nodes: ProfileNode[]; startTime: number; endTime: number; samples: number[] };

const [file, rowsArgument] = process.argv.slice(2);
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

const totalMs = (profile.endTime - profile.startTime) / 1000;
const sampleMs = totalMs / profile.samples.length;
const byFunction = new Map<string, number>();
const byModule = new Map<string, number>();
let busyMs = 0;
for (const node of profile.nodes) {
  const ms = (node.hitCount ?? 0) * sampleMs;
  if (ms === 0) continue;
  const frame = node.callFrame;
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
