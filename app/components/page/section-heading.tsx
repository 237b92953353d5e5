type SectionHeadingProps = {
  id: string;
  title: string;
  lead?: string;
  align?: "start" | "center";
};

/** A section's h2 and optional lead; `id` labels the section (aria-labelledby). */
export function SectionHeading({ id, title, lead, align = "start" }: SectionHeadingProps) {
  return (
    <div className={align === "center" ? "mx-auto mb-10 max-w-2xl text-center" : "mb-10 max-w-2xl"}>
      <h2 id={id} className="text-3xl font-semibold text-primary sm:text-4xl">
        {title}
      </h2>
      {lead && <p className="mt-3 text-muted-foreground">{lead}</p>}
    </div>
  );
}
