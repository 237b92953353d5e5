import type { FaqEntry } from "~/content/faq";

/** Questions and answers, all in view (they are also the page's FAQPage structured data). */
export function FaqList({ items }: { items: FaqEntry[] }) {
  return (
    <dl className="grid gap-4 md:grid-cols-2" data-testid="faq">
      {items.map((item) => (
        <div key={item.question} className="rounded-lg border bg-card p-6">
          <dt className="font-serif text-lg font-semibold text-primary">{item.question}</dt>
          <dd className="mt-2 text-muted-foreground">{item.answer}</dd>
        </div>
      ))}
    </dl>
  );
}
