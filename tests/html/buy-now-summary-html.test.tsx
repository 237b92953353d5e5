import { FileSystemConfigLoader, HtmlValidate } from "html-validate";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { FormatPicker } from "~/components/purchase/format-picker";
import { OrderSummary } from "~/components/purchase/order-summary";
import { purchasableItemIds, purchasableItems } from "~/lib/catalog";

// The built server answers /buy-now with its prerendered page (sales closed at build time), so
// valid-html.test.ts never sees the open form's summary: it is checked here, under the same rules
// (.htmlvalidate.mjs), as React renders it.
const validator = new HtmlValidate(new FileSystemConfigLoader());

describe("/buy-now's order summary", () => {
  it("is valid HTML under the project's rules: a named section, not a div with role=region", async () => {
    const body = renderToStaticMarkup(
      <form aria-label="Purchase">
        <FormatPicker
          items={purchasableItemIds.map((id) => purchasableItems[id])}
          selection={[purchasableItemIds[0]!]}
          onToggle={() => {}}
        />
        <OrderSummary selection={[purchasableItemIds[0]!]}>
          <button type="submit">Complete Purchase</button>
        </OrderSummary>
      </form>,
    );
    const page = `<!DOCTYPE html><html lang="en"><head><title>Buy</title></head><body><main>${body}</main></body></html>`;
    const report = await validator.validateString(page, "buy-now.html");
    const errors = report.results.flatMap((result) =>
      result.messages.map((message) => `${message.ruleId}: ${message.message}`),
    );
    expect(errors).toEqual([]);
    expect(body).toMatch(/<section[^>]*data-testid="order-summary"/);
  });
});
