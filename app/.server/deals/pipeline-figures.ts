import { dealStages, type DealStage } from "~/lib/deal-schema";
import { amountsBySource } from "../analytics";
import type { Db } from "../core/db/database";

/**
 * The pipeline's figures over every deal (not only the board's): per stage its deals and value,
 * the win rate (won over the deals closed, won or lost; none until one closes), and won
 * revenue by the inquiry's source (as analytics credits it) and by interest.
 */
export async function pipelineFigures(db: Db) {
  const [byStage, wonByInterest, wonBySource] = await Promise.all([
    db
      .selectFrom("deals")
      .select((eb) => [
        "stage",
        eb.fn.countAll<number>().as("count"),
        eb.fn.sum<number>("value_cents").as("cents"),
      ])
      .groupBy("stage")
      .execute(),
    db
      .selectFrom("deals")
      .select((eb) => [
        "interest",
        eb.fn.countAll<number>().as("count"),
        eb.fn.sum<number>("value_cents").as("cents"),
      ])
      .where("stage", "=", "won")
      .groupBy("interest")
      .execute(),
    amountsBySource(db, "deal_won"),
  ]);
  const stages = Object.fromEntries(
    dealStages.map((stage) => [stage, { count: 0, cents: 0 }]),
  ) as Record<DealStage, { count: number; cents: number }>;
  for (const row of byStage)
    stages[row.stage] = { count: Number(row.count), cents: Number(row.cents ?? 0) };
  const won = stages.won.count;
  const closed = won + stages.lost.count;
  return {
    stages,
    winRate: { won, closed, percent: closed === 0 ? null : Math.round((won / closed) * 1000) / 10 },
    wonBySource,
    wonByInterest: wonByInterest
      .map((row) => ({
        interest: row.interest,
        count: Number(row.count),
        cents: Number(row.cents ?? 0),
      }))
      .sort((a, b) => b.cents - a.cents || (a.interest < b.interest ? -1 : 1)),
  };
}

export type PipelineFigures = Awaited<ReturnType<typeof pipelineFigures>>;
