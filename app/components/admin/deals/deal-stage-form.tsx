import { AdminForm } from "~/components/admin/admin-form";
import { Button } from "~/components/ui/button";
import { formatPrice } from "~/lib/catalog";
import { cn } from "~/lib/class-names";
import { dealStageLabels, dealStages, type DealStage } from "~/lib/deal-schema";

/**
 * Moves a deal to another stage: a select and a button, so it works by keyboard and by pointer,
 * and without JavaScript (a form post). Posted to the pipeline, which comes back to `back`.
 */
export function DealStageForm({
  id,
  title,
  stage,
  back,
  className,
}: {
  id: string;
  title: string;
  stage: DealStage;
  back: string;
  className?: string;
}) {
  return (
    <AdminForm
      action="/admin/pipeline"
      className={cn("flex flex-wrap items-center gap-2", className)}
    >
      <input type="hidden" name="intent" value="move" />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="back" value={back} />
      <select
        name="stage"
        defaultValue={stage}
        aria-label={`Stage of ${title}`}
        className="h-9 min-w-0 flex-1 rounded-md border border-input bg-background px-2 text-sm"
      >
        {dealStages.map((option) => (
          <option key={option} value={option}>
            {dealStageLabels[option]}
          </option>
        ))}
      </select>
      <Button type="submit" variant="outline" size="sm">
        Move<span className="sr-only">{` ${title}`}</span>
      </Button>
    </AdminForm>
  );
}

/** Dollars as the console shows a deal's value: $24,000, or "no value yet". */
export function dealValueLabel(cents: number | null) {
  return cents === null ? "no value yet" : formatPrice(cents / 100);
}
