import type { ReactNode } from "react";

type PageHeroProps = {
  eyebrow: string;
  title: string;
  lead: string;
  /** Buttons or facts below the lead. */
  children?: ReactNode;
  /** Artwork beside the text on wide screens. */
  aside?: ReactNode;
};

/** The opening band of a content page: eyebrow, the page's h1 and a lead paragraph. */
export function PageHero({ eyebrow, title, lead, children, aside }: PageHeroProps) {
  return (
    <section
      aria-labelledby="page-title"
      className="bg-gradient-to-b from-secondary/60 via-background to-background"
    >
      <div
        className={
          aside
            ? "container-page grid items-center gap-10 py-16 sm:py-20 lg:grid-cols-[1.3fr_1fr]"
            : "container-page py-16 sm:py-20"
        }
      >
        <div className="flex flex-col items-start gap-5">
          <p className="rounded-full border border-accent/30 bg-card/70 px-3 py-1 text-sm font-medium text-accent">
            {eyebrow}
          </p>
          <h1
            id="page-title"
            className="max-w-3xl text-4xl leading-[1.1] font-semibold text-primary sm:text-5xl"
          >
            {title}
          </h1>
          <p className="max-w-2xl text-lg text-muted-foreground">{lead}</p>
          {children}
        </div>
        {aside}
      </div>
    </section>
  );
}
