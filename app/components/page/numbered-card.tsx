type NumberedCardProps = {
  /** Its place in a sequence: "Chapter 3", "Module 2", "Introduction". */
  label: string;
  title: string;
  description: string;
  titleSize?: "lg" | "xl";
};

/** One card of a numbered sequence (the book's chapters, the program's modules): an `li`. */
export function NumberedCard({ label, title, description, titleSize = "lg" }: NumberedCardProps) {
  return (
    <li className="rounded-lg border bg-card p-6 shadow-soft">
      <p className="text-sm font-semibold tracking-wide text-accent uppercase">{label}</p>
      <h3
        className={`mt-1 font-semibold text-primary ${titleSize === "xl" ? "text-xl" : "text-lg"}`}
      >
        {title}
      </h3>
      <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{description}</p>
    </li>
  );
}
