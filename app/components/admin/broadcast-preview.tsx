import { ScrollRegion } from "./scroll-region";

type DroppedAddress = { kind: "link" | "image"; text: string; address: string };

/**
 * The email as it will arrive: its HTML at phone and desktop widths, and its text part; above it,
 * every link or image the letter left out, so the author is never surprised by a missing one.
 */
export function BroadcastPreview({
  html,
  text,
  dropped,
}: {
  html: string;
  text: string;
  dropped: DroppedAddress[];
}) {
  return (
    <section aria-labelledby="preview" className="space-y-3">
      <h2 id="preview" className="text-lg font-semibold">
        Preview
      </h2>
      {dropped.length > 0 && (
        <div
          className="max-w-3xl space-y-2 rounded-md border border-destructive p-3 text-sm"
          data-testid="dropped-addresses"
        >
          <p className="font-semibold">
            {dropped.length === 1
              ? "One link or image was left out of the email"
              : `${dropped.length} links or images were left out of the email`}
            : only web (https://, http://) and mail (mailto:) addresses are kept. Readers see the
            words alone.
          </p>
          <ul className="list-disc space-y-1 pl-5">
            {dropped.map((item, index) => (
              <li key={index} className="break-all">
                {item.kind === "image" ? "Image" : "Link"} “{item.text || "(no text)"}”:{" "}
                <code>{item.address}</code>
              </li>
            ))}
          </ul>
        </div>
      )}
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
          <ScrollRegion label="Desktop preview">
            <iframe
              title="Email preview at desktop width"
              srcDoc={html}
              className="h-[640px] w-[720px] rounded-lg border bg-white"
            />
          </ScrollRegion>
        </figure>
      </div>
      <figure className="space-y-2">
        <figcaption className="text-sm text-muted-foreground">Plain-text part</figcaption>
        <pre
          className="max-h-[480px] overflow-auto rounded-lg border bg-card p-4 text-sm wrap-anywhere whitespace-pre-wrap"
          data-testid="preview-text"
          tabIndex={0}
        >
          {text}
        </pre>
      </figure>
    </section>
  );
}
