import { cn } from "~/lib/class-names";

/** An article's state in the console; light grounds under 900 text (7:1 or more). */
const tones: Record<string, string> = {
  draft: "border-slate-400 bg-white text-slate-900",
  scheduled: "border-violet-300 bg-violet-100 text-violet-900",
  published: "border-emerald-300 bg-emerald-100 text-emerald-900",
  unpublished: "border-slate-300 bg-slate-200 text-slate-800",
  deleted: "border-slate-300 bg-slate-200 text-slate-800",
};

export function ArticleStateBadge({ state }: { state: string }) {
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-medium",
        tones[state] ?? tones.draft,
      )}
      data-testid="article-state"
    >
      {state}
    </span>
  );
}
