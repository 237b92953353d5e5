import { cn } from "~/lib/class-names";

/** The site's reading style for long-form text (articles, the newsletter archive). */
export const proseClassName = cn(
  "text-lg leading-relaxed text-foreground/90",
  "[&_p]:mt-5 [&>*:first-child]:mt-0",
  "[&_h2]:mt-12 [&_h2]:mb-1 [&_h2]:text-2xl [&_h2]:font-semibold [&_h2]:text-primary sm:[&_h2]:text-3xl",
  "[&_h3]:mt-8 [&_h3]:text-xl [&_h3]:font-semibold [&_h3]:text-primary",
  "[&_ol]:mt-5 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6 [&_ul]:mt-5 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6",
  "[&_em]:italic [&_li]:pl-1 [&_li::marker]:text-accent [&_strong]:font-semibold [&_strong]:text-foreground",
  "[&_a]:text-accent [&_a]:underline [&_a]:underline-offset-4",
  "[&_blockquote]:mt-6 [&_blockquote]:border-l-4 [&_blockquote]:border-gold [&_blockquote]:pl-5 [&_blockquote]:font-serif [&_blockquote]:text-xl",
);

/** Long-form text rendered from Markdown at build time, set in the site's reading style. */
export function Prose({ html, className }: { html: string; className?: string }) {
  return (
    <div
      className={cn(proseClassName, className)}
      // Rendered at build time from the project's own Markdown files, never from visitor input.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
