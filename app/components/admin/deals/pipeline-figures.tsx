import { dealStageLabels, type DealStage } from "~/lib/deal-schema";
import { dealValueLabel } from "./deal-stage-form";

/** The pipeline's figures as `deals/pipeline-figures.ts` reads them. */
type PipelineFigures = {
  stages: Record<DealStage, { count: number; cents: number }>;
  winRate: { won: number; closed: number; percent: number | null };
  wonBySource: { source: string; count: number; cents: number }[];
  wonByInterest: { interest: string; count: number; cents: number }[];
};

const openStages = ["new", "qualified", "proposal-sent"] as const;

const deals = (count: number) => `${count} ${count === 1 ? "deal" : "deals"}`;

/** One figure's card: a heading and its rows of label and amount. */
function FigureCard({
  title,
  rows,
  empty,
  testId,
}: {
  title: string;
  rows: { label: string; value: string }[];
  empty?: string;
  testId: string;
}) {
  return (
    <section className="min-w-0 rounded-lg border bg-card p-4" data-testid={testId}>
      <h2 className="text-sm font-semibold">{title}</h2>
      {rows.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">{empty}</p>
      ) : (
        <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 text-sm">
          {rows.map((row) => (
            <div key={row.label} className="contents">
              <dt className="wrap-anywhere">{row.label}</dt>
              <dd className="text-right tabular-nums">{row.value}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

/** Every deal's figures, above the board: open value, win rate, won revenue by source and interest. */
export function PipelineFigureCards({ figures }: { figures: PipelineFigures }) {
  const { stages, winRate, wonBySource, wonByInterest } = figures;
  const open = openStages.reduce((sum, stage) => sum + stages[stage].cents, 0);
  return (
    <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
      <FigureCard
        title="Open value by stage"
        testId="open-value"
        rows={[
          ...openStages.map((stage) => ({
            label: `${dealStageLabels[stage]} (${deals(stages[stage].count)})`,
            value: dealValueLabel(stages[stage].cents),
          })),
          { label: "All open", value: dealValueLabel(open) },
        ]}
      />
      <section className="min-w-0 rounded-lg border bg-card p-4" data-testid="win-rate">
        <h2 className="text-sm font-semibold">Win rate</h2>
        <p className="mt-2 text-2xl font-semibold tabular-nums">
          {winRate.percent === null ? "None closed yet" : `${winRate.percent}%`}
        </p>
        <p className="text-sm text-muted-foreground">
          {`Won ${winRate.won} of ${winRate.closed} closed deals, won and lost; open deals are not counted.`}
        </p>
      </section>
      <FigureCard
        title="Won revenue by source"
        testId="won-by-source"
        empty="No deal won yet."
        rows={wonBySource.map((row) => ({
          label: `${row.source} (${deals(row.count)})`,
          value: dealValueLabel(row.cents),
        }))}
      />
      <FigureCard
        title="Won revenue by interest"
        testId="won-by-interest"
        empty="No deal won yet."
        rows={wonByInterest.map((row) => ({
          label: `${row.interest} (${deals(row.count)})`,
          value: dealValueLabel(row.cents),
        }))}
      />
    </div>
  );
}
