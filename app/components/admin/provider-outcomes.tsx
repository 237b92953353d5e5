import { StatCard } from "./stat-card";

/** What providers reported after accepting the emails, as the reports hand it over. */
export type ProviderOutcomesFigures = {
  delivered: number;
  hardBounces: number;
  softBounces: number;
  complaints: number;
  hardBounceRate: number | null;
  softBounceRate: number | null;
  complaintRate: number | null;
};

/** A rate as a percent with two decimals (0.1 % matters for complaints), or a dash. */
export function formatRate(rate: number | null) {
  return rate === null ? "–" : `${(rate * 100).toFixed(2)} %`;
}

/** Delivered, bounced (hard, soft) and complained, each rate over the emails delivered. */
export function ProviderOutcomes({
  figures,
  testId,
}: {
  figures: ProviderOutcomesFigures;
  testId: string;
}) {
  const cards = [
    { label: "Delivered", value: figures.delivered, detail: "Accepted by our email provider" },
    {
      label: "Hard bounces",
      value: figures.hardBounces,
      detail: `${formatRate(figures.hardBounceRate)} of delivered`,
    },
    {
      label: "Soft bounces",
      value: figures.softBounces,
      detail: `${formatRate(figures.softBounceRate)} of delivered`,
    },
    {
      label: "Complaints",
      value: figures.complaints,
      detail: `${formatRate(figures.complaintRate)} of delivered`,
    },
  ];
  return (
    <div className="space-y-2" data-testid={testId}>
      <p className="text-sm text-muted-foreground">
        Reported by the receiving mailboxes after delivery. Each rate is its count divided by the
        emails delivered.
      </p>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {cards.map((card) => (
          <StatCard key={card.label} {...card} />
        ))}
      </div>
    </div>
  );
}
