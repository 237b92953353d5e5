import type { RefusalKind } from "./smtp-refusal";

/**
 * Trips when a bulk batch's refusals pass `percent` of its recent sends in this process: a burst
 * of refusals, whatever their codes say, means the list or the sender has a problem the owner
 * must look at before more addresses are marked. Counted against at least `minimumSends`, so the
 * first refusals of a batch do not trip it alone. Once tripped, every refusal of the batch counts
 * as part of the burst for `trippedForMs` (the sends in flight then finish within a lease), and the
 * window starts afresh after it.
 */
export function bulkRefusalBreaker({
  percent,
  trippedForMs,
  windowSize = 200,
  minimumSends = 50,
}: {
  percent: number;
  trippedForMs: number;
  windowSize?: number;
  minimumSends?: number;
}) {
  const windows = new Map<string, boolean[]>();
  const trippedUntil = new Map<string, number>();
  return {
    /** Records one send's outcome; true when this refusal is part of a burst for the batch. */
    record(batchId: string, refused: boolean, nowMs: number): boolean {
      const tripped = trippedUntil.get(batchId);
      if (tripped !== undefined) {
        if (nowMs < tripped) return refused;
        trippedUntil.delete(batchId);
      }
      let window = windows.get(batchId);
      if (!window) windows.set(batchId, (window = []));
      window.push(refused);
      if (window.length > windowSize) window.shift();
      if (!refused || percent >= 100) return false;
      const refusals = window.filter(Boolean).length;
      if (refusals * 100 <= percent * Math.max(window.length, minimumSends)) return false;
      windows.delete(batchId);
      trippedUntil.set(batchId, nowMs + trippedForMs);
      return true;
    },
  };
}

/**
 * Opens when the server refused `threshold` sends in a row for policy or volume (a provider
 * refusing everything), and closes at the next email it accepts. While open, transactional
 * emails are tried one at a time and a refusal does not use up their attempts.
 */
export function serverRefusalBreaker({ threshold = 3 }: { threshold?: number } = {}) {
  let inARow = 0;
  return {
    record(outcome: "sent" | RefusalKind) {
      if (outcome === "sent") inARow = 0;
      else if (outcome === "provider") inARow++;
    },
    get refusingEverything() {
      return inARow >= threshold;
    },
    /** Policy or volume refusals since the server last accepted an email. */
    get refusalsInARow() {
      return inARow;
    },
  };
}
