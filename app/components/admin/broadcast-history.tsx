import { AdminTime } from "./admin-time";
import { ColumnHeads } from "./column-heads";

/** One pause as the report keeps it (broadcasts/broadcast-report.ts). */
export type BroadcastPauseHistory = {
  pausedAt: string;
  cause: "block" | "burst" | "temporary" | "complaints";
  reason: string;
  refusalCode: string | null;
  endedAt: string | null;
  endedBy: string | null;
  probes: number;
};
type BroadcastRefusalCount = { refusalClass: string; code: string | null; count: number };
type UncertainEmail = { address: string; markedAt: string; status: string };

export const pauseCauseLabels: Record<BroadcastPauseHistory["cause"], string> = {
  block: "Blocked by the provider",
  burst: "A burst of refusals",
  temporary: "Refused for now, after retries",
  complaints: "Too many spam complaints",
};

/** `2 h 5 min`, `3 min`, `40 s`: how long a pause lasted. */
export function formatDuration(ms: number) {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** How a pause ended, in words: who or what resumed it. */
export function pauseEnding(endedBy: string | null) {
  if (endedBy === "probe") return "resumed by itself: a probe send was accepted";
  if (endedBy === "cancelled") return "ended: the broadcast was cancelled";
  if (endedBy === "block") return "ended: the provider then blocked it (see the next pause)";
  return `resumed by ${endedBy ?? "someone"}`;
}

function Pause({ pause }: { pause: BroadcastPauseHistory }) {
  return (
    <li className="space-y-1 rounded-md border bg-card p-3 text-sm" data-testid="broadcast-pause">
      <p className="font-medium">
        <AdminTime iso={pause.pausedAt} />: {pauseCauseLabels[pause.cause]}
        {pause.refusalCode && <> ({pause.refusalCode})</>}
      </p>
      <p className="break-words text-muted-foreground">{pause.reason}</p>
      <p>
        {pause.endedAt ? (
          <>
            Lasted {formatDuration(Date.parse(pause.endedAt) - Date.parse(pause.pausedAt))},{" "}
            {pauseEnding(pause.endedBy)} at <AdminTime iso={pause.endedAt} />.
          </>
        ) : (
          "Paused still."
        )}
        {pause.probes > 0 && (
          <>
            {" "}
            {pause.probes} probe{pause.probes === 1 ? "" : "s"} tried.
          </>
        )}
      </p>
    </li>
  );
}

/**
 * What happened along the way, kept after the broadcast ends: every pause (when, why, how long,
 * who or what resumed it), refusals by class and code, retries, and the emails that may not have
 * gone out.
 */
export function BroadcastHistory({
  pauses,
  refusals,
  retries,
  uncertainEmails,
  csvHref,
}: {
  pauses: BroadcastPauseHistory[];
  refusals: BroadcastRefusalCount[];
  retries: number;
  uncertainEmails: UncertainEmail[];
  csvHref: string;
}) {
  return (
    <section aria-labelledby="history" className="space-y-4" data-testid="broadcast-history">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="history" className="text-lg font-semibold">
          History
        </h2>
        <a href={csvHref} className="text-sm underline underline-offset-4" download>
          Report as CSV
        </a>
      </div>
      <div className="space-y-2">
        <h3 className="font-medium">Pauses</h3>
        {pauses.length === 0 ? (
          <p className="text-sm text-muted-foreground">It never paused.</p>
        ) : (
          <ol className="space-y-2">
            {pauses.map((pause) => (
              <Pause key={`${pause.pausedAt}-${pause.cause}`} pause={pause} />
            ))}
          </ol>
        )}
      </div>
      <div className="space-y-2">
        <h3 className="font-medium">Refusals</h3>
        <p className="text-sm">
          {retries} refused attempt{retries === 1 ? " was" : "s were"} tried again after a wait.
        </p>
        {refusals.length === 0 ? (
          <p className="text-sm text-muted-foreground">No server refused an email of it.</p>
        ) : (
          <table className="w-full max-w-xl text-sm" data-testid="broadcast-refusals">
            <ColumnHeads
              labels={["Class", "Code", "Attempts"]}
              rowClassName="text-left"
              cellClassName="py-1 pr-3 font-medium"
              lastCellClassName="py-1 text-right font-medium"
            />
            <tbody>
              {refusals.map((refusal) => (
                <tr key={`${refusal.refusalClass}-${refusal.code}`} className="border-t">
                  <td className="py-1 pr-3">{refusal.refusalClass}</td>
                  <td className="py-1 pr-3">{refusal.code ?? "no reply (connection lost)"}</td>
                  <td className="py-1 text-right tabular-nums">{refusal.count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
      {uncertainEmails.length > 0 && (
        <div className="space-y-2">
          <h3 className="font-medium">May not have gone out</h3>
          <ul className="space-y-1 text-sm" data-testid="broadcast-uncertain">
            {uncertainEmails.map((email) => (
              <li key={email.address} className="break-words">
                {email.address}: in flight when its server stopped,{" "}
                <AdminTime iso={email.markedAt} />;{" "}
                {email.status === "sent"
                  ? "sent again since"
                  : email.status === "dismissed"
                    ? "dismissed since: counted as sent on your word"
                    : email.status === "uncertain"
                      ? "waiting for your word"
                      : email.status}
                .
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
