import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";

type SectionHeadingProps = {
  /** Id of the h2, for the section's aria-labelledby. */
  id: string;
  title: string;
  lead?: string;
  align?: "start" | "center";
  /** A link to see more, beside the heading on wide screens. */
  action?: { label: string; href: string };
};

/** A section's h2 and optional lead, with an optional link to see more. */
export function SectionHeading({ id, title, lead, align = "start", action }: SectionHeadingProps) {
  const heading = (
    <div className={align === "center" ? "mx-auto max-w-2xl text-center" : "max-w-2xl"}>
      <h2 id={id} className="text-3xl font-semibold text-primary sm:text-4xl">
        {title}
      </h2>
      {lead && <p className="mt-3 text-muted-foreground">{lead}</p>}
    </div>
  );
  if (!action) return <div className="mb-10">{heading}</div>;
  return (
    <div className="mb-10 flex flex-col justify-between gap-4 sm:flex-row sm:items-end">
      {heading}
      <Button asChild variant="outline" className="self-start sm:self-auto">
        <Link to={action.href}>
          {action.label}
          <ArrowRight aria-hidden="true" />
        </Link>
      </Button>
    </div>
  );
}
