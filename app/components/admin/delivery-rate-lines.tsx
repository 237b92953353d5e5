import { formatRate } from "./provider-outcomes";

type Rates = {
  days: number;
  delivered: number;
  hardBounces: number;
  complaints: number;
  bounceRate: number | null;
  complaintRate: number | null;
};

/** Where each rate stands against the lines the providers draw. */
function standing(rate: number | null, keepUnder: number, neverReach: number) {
  if (rate === null) return "Nothing delivered yet";
  if (rate >= neverReach) return "Past the line never to reach";
  if (rate >= keepUnder) return "Above the line to keep under";
  return "Under both lines";
}

const lines = [
  {
    key: "complaint",
    label: "Complaint rate",
    keepUnder: 0.001,
    neverReach: 0.003,
    source: "Gmail and Yahoo bulk sender rules",
  },
  {
    key: "bounce",
    label: "Bounce rate (hard)",
    keepUnder: 0.05,
    neverReach: 0.1,
    source: "Amazon SES review and suspension",
  },
] as const;

/** The last days' complaint and bounce rates beside the providers' lines. */
export function DeliveryRateLines({ rates }: { rates: Rates }) {
  return (
    <section aria-labelledby="delivery-rates" className="space-y-3">
      <h2 id="delivery-rates" className="text-lg font-semibold">
        Complaints and bounces, last {rates.days} days
      </h2>
      <p className="text-sm text-muted-foreground">
        Each rate is its count divided by the{" "}
        {`${rates.delivered} ${rates.delivered === 1 ? "email" : "emails"}`} delivered in that time.
      </p>
      <div className="grid gap-3 sm:grid-cols-2" data-testid="delivery-rates">
        {lines.map((line) => {
          const rate = line.key === "complaint" ? rates.complaintRate : rates.bounceRate;
          const count = line.key === "complaint" ? rates.complaints : rates.hardBounces;
          return (
            <div key={line.key} className="rounded-lg border bg-card p-4">
              <p className="text-sm text-muted-foreground">{line.label}</p>
              <p className="mt-1 font-serif text-3xl font-semibold text-primary">
                {formatRate(rate)}
              </p>
              <p className="mt-1 text-sm">
                {count} of {rates.delivered} · {standing(rate, line.keepUnder, line.neverReach)}
              </p>
              <p className="mt-1 text-xs text-muted-foreground">
                Keep under {formatRate(line.keepUnder).replace(/\.?0+ %$/, " %")}, never reach{" "}
                {formatRate(line.neverReach).replace(/\.?0+ %$/, " %")} ({line.source}).
              </p>
            </div>
          );
        })}
      </div>
    </section>
  );
}
