/** A calendar larger than this is refused: a busy calendar is some hundreds of kilobytes. */
export const busyCalendarMaxBytes = 2 * 1024 * 1024;

export type BusyCalendarFetch = { ok: true; text: string } | { ok: false; failure: string };

/**
 * Fetches the owner's busy-times calendar with a time limit and a size cap. The failure is a
 * sentence for the console and the log; it never contains the address (it is a secret).
 */
export async function fetchBusyCalendar(
  url: string,
  timeoutMs: number,
): Promise<BusyCalendarFetch> {
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const response = await fetch(url, {
      signal,
      redirect: "follow",
      headers: { Accept: "text/calendar" },
    });
    if (!response.ok) {
      await response.body?.cancel();
      return { ok: false, failure: `the calendar answered HTTP ${response.status}` };
    }
    const reader = response.body?.getReader();
    const chunks: Uint8Array[] = [];
    let bytes = 0;
    while (reader) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      if (bytes > busyCalendarMaxBytes) {
        await reader.cancel();
        return { ok: false, failure: "the calendar is larger than 2 MB" };
      }
      chunks.push(value);
    }
    return { ok: true, text: Buffer.concat(chunks).toString("utf8") };
  } catch (error) {
    if (signal.aborted)
      return { ok: false, failure: `no answer within ${Math.round(timeoutMs / 1000)} s` };
    const code = (error as { cause?: { code?: unknown } }).cause?.code;
    return {
      ok: false,
      failure: `the calendar could not be reached${typeof code === "string" ? ` (${code})` : ""}`,
    };
  }
}
