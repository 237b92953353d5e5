import type { ReactNode } from "react";

type PageHeroProps = {
  eyebrow: string;
  title: string;
  lead: string;
  children?: ReactNode;
};

/** The opening band of a content page: eyebrow, the page's h1 and a lead paragraph. */
export function PageHero({ eyebrow, title, lead, children }: PageHeroProps) {
  return (
    <section
      aria-labelledby="page-title"
      className="bg-gradient-to-b from-secondary/60 via-background to-background"
    >
      <div className="container-page pt-14 pb-6 sm:pt-20 sm:pb-8">
        <p className="text-sm font-semibold tracking-wide text-accent uppercase">{eyebrow}</p>
        <h1
          id="page-title"
          className="mt-3 max-w-3xl text-4xl leading-tight font-semibold text-primary sm:text-5xl"
        >
          {title}
        </h1>
        <p className="mt-4 max-w-2xl text-lg text-muted-foreground">{lead}</p>
        {children}
      </div>
    </section>
  );
}
