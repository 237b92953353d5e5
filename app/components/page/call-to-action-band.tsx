import type { ReactNode } from "react";

const tones = {
  primary: {
    band: "rounded-2xl bg-primary px-6 py-14 text-center text-primary-foreground sm:px-12",
    title: "text-3xl font-semibold sm:text-4xl",
    lead: "mx-auto mt-3 max-w-2xl text-primary-foreground/85",
  },
  soft: {
    band: "rounded-2xl bg-gradient-to-br from-secondary via-background to-sage/40 px-6 py-14 text-center sm:px-12",
    title: "text-3xl font-semibold text-primary sm:text-4xl",
    lead: "mx-auto mt-3 max-w-xl text-muted-foreground",
  },
};

type CallToActionBandProps = {
  /** Id of the h2, for the section's aria-labelledby. */
  id: string;
  title: string;
  lead: string;
  tone: keyof typeof tones;
  /** Classes of the section around the band (its width and spacing on the page). */
  className?: string;
  /** The actions, below the lead. */
  children: ReactNode;
};

/** A rounded band near the end of a page: a heading, a lead and what to do next. */
export function CallToActionBand({
  id,
  title,
  lead,
  tone,
  className = "container-page",
  children,
}: CallToActionBandProps) {
  const classes = tones[tone];
  return (
    <section aria-labelledby={id} className={className}>
      <div className={classes.band}>
        <h2 id={id} className={classes.title}>
          {title}
        </h2>
        <p className={classes.lead}>{lead}</p>
        {children}
      </div>
    </section>
  );
}
