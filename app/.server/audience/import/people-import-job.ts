import { randomUUID } from "node:crypto";
import type { Clock } from "../../core/clock";
import type { Db } from "../../core/db/database";
import { startPollLoop } from "../../core/poll-loop";
import type { ImportState } from "../audience-tables";
import type { ErasureKeyConfig } from "../erasure/erased-addresses";
import {
  applyBatches,
  buildPreview,
  undoBatches,
  JobLost,
  type Checkpoint,
  type ImportCounts,
  type ImportPreview,
} from "./people-import";

type JobDeps = { db: Db; clock: Clock; config: ErasureKeyConfig };

/**
 * How long an instance's claim on a job holds without a word from it: every slice renews it, so
 * only a job whose instance died waits this long for another to take it over.
 */
export const importLeaseMs = 60_000;

/** How often each instance looks for a job whose instance died (a woken one starts at once). */
export const importJobIntervalMs = 5_000;

/** The states a job has work to do in. */
const runningStates: ImportState[] = ["previewing", "importing", "cancelling"];

/** What the import page shows of a staged import. */
export type ImportStatus = {
  id: string;
  fileName: string;
  state: ImportState;
  rowsTotal: number;
  rowsDone: number;
  preview?: ImportPreview;
  result?: ImportCounts;
};

/** A staged import as stored: nothing is computed here, however often the page reloads. */
export async function importStatus(db: Db, id: string): Promise<ImportStatus | undefined> {
  const row = await db
    .selectFrom("people_imports")
    .select(["id", "file_name", "state", "rows_total", "rows_done", "preview", "result"])
    .where("id", "=", id)
    .where("state", "!=", "uploading")
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    fileName: row.file_name,
    state: row.state,
    rowsTotal: row.rows_total,
    rowsDone: row.rows_done,
    preview: row.preview ? (JSON.parse(row.preview) as ImportPreview) : undefined,
    result: row.result ? (JSON.parse(row.result) as ImportCounts) : undefined,
  };
}

/** The owner said import: the job applies the previewed file. False when it is not waiting. */
export async function startImport(db: Db, { id, actor }: { id: string; actor: string }) {
  const status = await importStatus(db, id);
  const preview = status?.state === "preview" ? status.preview : undefined;
  if (!preview || "error" in preview) return false;
  // The rows the file hands over: one per address, the refused left out.
  const rows = preview.counts.rows - preview.counts.refused - preview.duplicateCount;
  const started = await db
    .updateTable("people_imports")
    .set({ state: "importing", applied_by: actor, rows_total: rows, rows_done: 0 })
    .where("id", "=", id)
    .where("state", "=", "preview")
    .executeTakeFirst();
  return started.numUpdatedRows > 0n;
}

/**
 * Stops an import: one still previewing or waiting is dropped (nothing was written); one being
 * applied is undone by its job, batch by batch (decision 308). False when it already ended.
 */
export async function cancelImport(db: Db, id: string) {
  return db.transaction().execute(async (trx) => {
    const dropped = await trx
      .updateTable("people_imports")
      .set({ state: "cancelled", rows_done: 0, preview: null })
      .where("id", "=", id)
      .where("state", "in", ["previewing", "preview"])
      .executeTakeFirst();
    if (dropped.numUpdatedRows > 0n) {
      await trx.deleteFrom("people_import_chunks").where("import_id", "=", id).execute();
      return true;
    }
    // The rows applied so far are the rows to undo; the job counts them down.
    const undoing = await trx
      .updateTable("people_imports")
      .set((eb) => ({ state: "cancelling", rows_total: eb.ref("rows_done") }))
      .where("id", "=", id)
      .where("state", "=", "importing")
      .executeTakeFirst();
    return undoing.numUpdatedRows > 0n;
  });
}

class JobStopped extends Error {}

/**
 * Runs a job's steps while this instance holds its claim: the preview, the import, the undo of a
 * cancel. Each slice renews the claim with its progress; a slice that finds the claim gone or the
 * state changed (a cancel) rolls back, and the job goes on with what the state says now. On a
 * stop the claim is let go at once, so the next start (or another instance) goes on from there.
 * Returns whether this instance held the job.
 */
export async function runImportJob(
  deps: JobDeps,
  id: string,
  { owner = randomUUID(), signal }: { owner?: string; signal?: AbortSignal } = {},
) {
  const { db, clock } = deps;
  const leaseUntil = () => new Date(clock.now().getTime() + importLeaseMs).toISOString();
  const claimed = await db
    .updateTable("people_imports")
    .set({ lease_owner: owner, lease_until: leaseUntil() })
    .where("id", "=", id)
    .where("state", "in", runningStates)
    .where((eb) =>
      eb.or([
        eb("lease_until", "is", null),
        eb("lease_until", "<", clock.now().toISOString()),
        eb("lease_owner", "=", owner),
      ]),
    )
    .executeTakeFirst();
  if (claimed.numUpdatedRows === 0n) return false;
  try {
    for (;;) {
      const job = await db
        .selectFrom("people_imports")
        .select(["state", "lease_owner"])
        .where("id", "=", id)
        .executeTakeFirst();
      if (!job || job.lease_owner !== owner || !runningStates.includes(job.state)) break;
      const checkpoint: Checkpoint = async (trx, progress) => {
        if (signal?.aborted) throw new JobStopped();
        const kept = await trx
          .updateTable("people_imports")
          .set({ ...progress, lease_until: leaseUntil() })
          .where("id", "=", id)
          .where("lease_owner", "=", owner)
          .where("state", "=", job.state)
          .executeTakeFirst();
        if (kept.numUpdatedRows === 0n) throw new JobLost();
      };
      try {
        if (job.state === "previewing") await buildPreview(deps, id, checkpoint);
        else if (job.state === "importing") await applyBatches(deps, id, checkpoint);
        else await undoBatches(deps, id, checkpoint);
      } catch (error) {
        if (error instanceof JobStopped) break;
        if (!(error instanceof JobLost)) throw error;
      }
    }
  } finally {
    await db
      .updateTable("people_imports")
      .set({ lease_owner: null, lease_until: null })
      .where("id", "=", id)
      .where("lease_owner", "=", owner)
      .execute();
  }
  return true;
}

/**
 * Files up to this many rows are worked through while their request waits (well under a second,
 * in slices all the same): the owner sees the preview or the result at once, as before.
 */
export const rowsRunWhileWaiting = 5_000;

/**
 * Runs a small job's step now, in the request that asked for it; a larger one goes to the
 * instance's job runner (`wake`), and the page shows its progress meanwhile.
 */
export async function runNowOrWake(deps: JobDeps, id: string, runner?: { wake(): void }) {
  const job = await deps.db
    .selectFrom("people_imports")
    .select("rows_total")
    .where("id", "=", id)
    .executeTakeFirst();
  if (job && job.rows_total <= rowsRunWhileWaiting) await runImportJob(deps, id);
  else runner?.wake();
}

/** Runs the oldest job no instance holds; false when there was none. */
export async function runNextImportJob(
  deps: JobDeps,
  options: { owner: string; signal: AbortSignal },
) {
  const next = await deps.db
    .selectFrom("people_imports")
    .select("id")
    .where("state", "in", runningStates)
    .where((eb) =>
      eb.or([
        eb("lease_until", "is", null),
        eb("lease_until", "<", deps.clock.now().toISOString()),
      ]),
    )
    .orderBy("created_at")
    .limit(1)
    .executeTakeFirst();
  return next ? runImportJob(deps, next.id, options) : false;
}

/**
 * Runs the import jobs on this instance: at start (a job a restart cut short goes on), when woken
 * (an upload, an import, a cancel) and every `intervalMs` (a job whose instance died). Several
 * instances are safe: each job is claimed by one.
 */
export function startImportJobs({
  deps,
  intervalMs,
  onError,
}: {
  deps: JobDeps;
  intervalMs: number;
  onError: (error: unknown) => void;
}) {
  const owner = randomUUID();
  const stopping = new AbortController();
  const loop = startPollLoop({
    intervalMs,
    onError,
    round: () => runNextImportJob(deps, { owner, signal: stopping.signal }),
  });
  return {
    wake: loop.wake,
    async stop() {
      stopping.abort();
      await loop.stop();
    },
  };
}

/** Previews a staged file here and now (tests, benches); the page reads what the job stored. */
export async function previewImport(deps: JobDeps, id: string) {
  await runImportJob(deps, id);
  return (await importStatus(deps.db, id))?.preview;
}

/** Imports a previewed file here and now (tests, benches); the page starts it for the job. */
export async function applyImport(
  deps: JobDeps,
  { id, actor }: { id: string; actor: string },
): Promise<{ counts: ImportCounts } | { error: string }> {
  // A file not previewed yet is previewed first.
  await runImportJob(deps, id);
  if (!(await startImport(deps.db, { id, actor }))) {
    return { error: "This import was already done or discarded." };
  }
  await runImportJob(deps, id);
  const status = await importStatus(deps.db, id);
  return status?.result ? { counts: status.result } : { error: "The import did not finish." };
}
