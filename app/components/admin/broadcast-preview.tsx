/** The email as it will arrive: its HTML at phone and desktop widths, and its text part. */
export function BroadcastPreview({ html, text }: { html: string; text: string }) {
  return (
    <section aria-labelledby="preview" className="space-y-3">
      <h2 id="preview" className="text-lg font-semibold">
        Preview
      </h2>
      <div className="grid gap-4 xl:grid-cols-[390px_minmax(0,1fr)]">
        <figure className="space-y-2">
          <figcaption className="text-sm text-muted-foreground">Phone (390 px)</figcaption>
          {/* No sandbox: the HTML is our own render with every typed value escaped, and a
              sandboxed frame cannot be read by the accessibility checks. */}
          <iframe
            title="Email preview at phone width"
            srcDoc={html}
            className="h-[640px] w-full max-w-[390px] rounded-lg border bg-white"
          />
        </figure>
        <figure className="min-w-0 space-y-2">
          <figcaption className="text-sm text-muted-foreground">Desktop (720 px)</figcaption>
          <div
            className="overflow-x-auto"
            tabIndex={0}
            role="region"
            aria-label="Desktop preview (scrolls sideways on narrow screens)"
          >
            <iframe
              title="Email preview at desktop width"
              srcDoc={html}
              className="h-[640px] w-[720px] rounded-lg border bg-white"
            />
          </div>
        </figure>
      </div>
      <figure className="space-y-2">
        <figcaption className="text-sm text-muted-foreground">Plain-text part</figcaption>
        <pre
          className="max-h-[480px] overflow-auto rounded-lg border bg-card p-4 text-sm whitespace-pre-wrap"
          data-testid="preview-text"
          tabIndex={0}
        >
          {text}
        </pre>
      </figure>
    </section>
  );
}
