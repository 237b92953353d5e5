import { data, Form, Link, redirect } from "react-router";
import type { Route } from "./+types/admin.pipeline";
import { adminMeta } from "~/components/admin/admin-meta";
import { dealValueLabel, DealStageForm } from "~/components/admin/deals/deal-stage-form";
import { ExportLink } from "~/components/admin/export-link";
import { FilterSelect } from "~/components/admin/filter-select";
import { PipelineFigureCards } from "~/components/admin/deals/pipeline-figures";
import { Button, buttonVariants } from "~/components/ui/button";
import { requireAdminAction, requireAdminPage } from "~/.server/admin";
import {
  boardLimit,
  columnLimit,
  dealFilterFromQuery,
  listDeals,
  moveDeal,
  pipelineFigures,
} from "~/.server/deals";
import type { DealRow } from "~/.server/deals";
import { readFormBody } from "~/.server/http/request-body";
import { cn } from "~/lib/class-names";
import { contactInterests } from "~/lib/contact-interests";
import { dealStageLabels, dealStages } from "~/lib/deal-schema";

export const meta = () => adminMeta("Pipeline");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  const query = new URL(request.url).searchParams;
  const filter = dealFilterFromQuery(query);
  const [deals, figures] = await Promise.all([
    listDeals(context.db, filter),
    pipelineFigures(context.db),
  ]);
  return { filter, deals, figures, search: query.toString(), boardLimit, columnLimit };
}

/** Where a move comes back to: a pipeline page, never another site. */
function backTo(value: string | null) {
  return value && /^\/admin\/pipeline(\/[\w-]+)?(\?[\w=&%+.-]*)?$/.test(value)
    ? value
    : "/admin/pipeline";
}

/** A card's stage form: the deal moves, and the owner is back where they moved it. */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readFormBody(request);
  const session = await requireAdminAction(request, context, formData);
  if (formData.get("intent") !== "move") return data({ error: "Unknown action." }, 400);
  const id = formData.get("id") ?? "";
  const moved = await moveDeal(context, { id, fields: formData, actor: session.email });
  if (moved.outcome === "not-found") throw data("Deal not found", 404);
  if (moved.outcome === "invalid") {
    // Lost from the board: the deal's page asks why.
    if (moved.fieldErrors.lostReason) return redirect(`/admin/pipeline/${id}?stage=lost#lost`);
    return data({ error: moved.error }, 400);
  }
  return redirect(backTo(formData.get("back")));
}

function DealSummary({ deal }: { deal: DealRow }) {
  return (
    <>
      <Link
        to={`/admin/pipeline/${deal.id}`}
        className="block font-medium wrap-anywhere underline-offset-4 hover:underline"
      >
        {deal.title}
      </Link>
      <p className="text-xs text-muted-foreground">
        {deal.interest}, {dealValueLabel(deal.value_cents)}
        {deal.team_size !== null && `, team of ${deal.team_size}`}
      </p>
      {deal.next_step && (
        <p className="text-xs wrap-anywhere">
          Next: {deal.next_step}
          {deal.next_step_due_on && ` (due ${deal.next_step_due_on})`}
        </p>
      )}
      {deal.stage === "lost" && deal.lost_reason && (
        <p className="text-xs wrap-anywhere text-muted-foreground">Lost: {deal.lost_reason}</p>
      )}
    </>
  );
}

export default function AdminPipeline({ loaderData }: Route.ComponentProps) {
  const { filter, deals, figures, search, boardLimit, columnLimit } = loaderData;
  const limited = filter.stage && deals.length === boardLimit;
  const back = `/admin/pipeline${search ? `?${search}` : ""}`;
  const stages = filter.stage ? [filter.stage] : dealStages;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-semibold">Pipeline</h1>
        <Link to="/admin/pipeline/new" className={buttonVariants()}>
          Open a deal
        </Link>
      </div>
      <PipelineFigureCards figures={figures} />
      <Form method="get" className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        <FilterSelect
          name="stage"
          label="Stage"
          value={filter.stage}
          options={dealStages.map((stage) => ({ value: stage, label: dealStageLabels[stage] }))}
        />
        <FilterSelect
          name="interest"
          label="Interest"
          value={filter.interest}
          options={contactInterests}
        />
        <Button type="submit" variant="outline">
          Filter
        </Button>
      </Form>
      {!filter.stage && deals.length > 0 && (
        <p className="text-sm text-muted-foreground">
          {`Each stage shows its ${columnLimit} deals changed last; filter by a stage to see up to ${boardLimit}, or export them all.`}
        </p>
      )}
      {limited && (
        <p className="text-sm text-muted-foreground">
          {`The ${boardLimit} deals changed last; export to see the rest.`}
        </p>
      )}
      {deals.length === 0 ? (
        <p className="rounded-lg border bg-card p-6 text-muted-foreground">No deals match.</p>
      ) : (
        // Each deal drawn once: one column per stage on a wide screen, the stages one under
        // another on a phone (drawing a board and a list doubled the page's cost).
        <div
          className={cn("grid gap-3", stages.length > 1 && "lg:grid-cols-5")}
          data-testid="pipeline-board"
        >
          {stages.map((stage) => {
            const inStage = deals.filter((deal) => deal.stage === stage);
            const total = inStage.reduce((sum, deal) => sum + (deal.value_cents ?? 0), 0);
            const more = !filter.stage && inStage.length === columnLimit;
            return (
              <section
                key={stage}
                aria-labelledby={`stage-${stage}`}
                className="min-w-0 space-y-2 rounded-lg border bg-muted/40 p-2"
                data-testid={`stage-${stage}`}
              >
                <h2 id={`stage-${stage}`} className="px-1 text-sm font-semibold">
                  {dealStageLabels[stage]}
                  <span className="block text-xs font-normal text-muted-foreground">
                    {`${inStage.length} ${inStage.length === 1 ? "deal" : "deals"}, ${dealValueLabel(total)}`}
                  </span>
                </h2>
                <ul className="space-y-2">
                  {inStage.map((deal) => (
                    <li key={deal.id} className="space-y-2 rounded-md border bg-card p-3">
                      <DealSummary deal={deal} />
                      <DealStageForm
                        id={deal.id}
                        title={deal.title}
                        stage={deal.stage}
                        back={back}
                      />
                    </li>
                  ))}
                </ul>
                {more && (
                  <Link
                    to={`/admin/pipeline?${new URLSearchParams({ ...(filter.interest ? { interest: filter.interest } : {}), stage })}`}
                    className="block px-1 text-xs underline underline-offset-4"
                  >
                    {`More ${dealStageLabels[stage]} deals`}
                  </Link>
                )}
              </section>
            );
          })}
        </div>
      )}
      <ExportLink kind="deals" search={search} label="Export these deals (CSV)" />
    </div>
  );
}
