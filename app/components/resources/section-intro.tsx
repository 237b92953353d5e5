import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";

type SectionIntroProps = {
  /** Id of the section's h2, for the section's aria-labelledby. */
  id: string;
  title: string;
  lead: string;
  action?: { label: string; href: string };
};

/** A section's h2 and lead, with an optional link to see more beside them. */
export function SectionIntro({ id, title, lead, action }: SectionIntroProps) {
  return (
    <div className="mb-8 flex flex-col justify-between gap-4 sm:flex-row sm:items-end">
      <div className="max-w-2xl">
        <h2 id={id} className="text-3xl font-semibold text-primary">
          {title}
        </h2>
        <p className="mt-2 text-muted-foreground">{lead}</p>
      </div>
      {action && (
        <Button asChild variant="outline" className="self-start sm:self-auto">
          <Link to={action.href}>
            {action.label}
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      )}
    </div>
  );
}
