// @vitest-environment jsdom
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { FormatPicker } from "~/components/purchase/format-picker";
import { OrderSummary } from "~/components/purchase/order-summary";
import { purchasableItemIds, purchasableItems, type PurchasableItemId } from "~/lib/catalog";
import { showOrderSummary } from "./order-summary";

/** The picker and the summary in one form, as React renders them for `selection`. */
function form(selection: PurchasableItemId[]) {
  const element = document.createElement("form");
  element.innerHTML = renderToStaticMarkup(
    <>
      <FormatPicker
        items={purchasableItemIds.map((id) => purchasableItems[id])}
        selection={selection}
        onToggle={() => {}}
      />
      <OrderSummary selection={selection}>{null}</OrderSummary>
    </>,
  );
  return element;
}

/** What the summary shows: its visible lines' text and the amounts. */
function shown(element: HTMLFormElement) {
  const summary = element.querySelector('[data-testid="order-summary"]')!;
  const visible = (node: Element) => !node.closest("[hidden]");
  return [...summary.querySelectorAll("p, li, dd")].filter(visible).map((node) => node.textContent);
}

const selections: PurchasableItemId[][] = purchasableItemIds.reduce<PurchasableItemId[][]>(
  (subsets, id) => [...subsets, ...subsets.map((subset) => [...subset, id])],
  [[]],
);

describe("the order summary written from the form's boxes (decision 131)", () => {
  it.each(selections.map((selection) => [selection.join(" + ") || "nothing", selection] as const))(
    "shows what React renders for %s",
    (_, selection) => {
      // The server's page (nothing selected), the boxes checked as a visitor would before React.
      const page = form([]);
      for (const box of page.querySelectorAll<HTMLInputElement>("input[name=formats]"))
        box.checked = selection.includes(box.value as PurchasableItemId);
      showOrderSummary(page);
      expect(shown(page)).toEqual(shown(form(selection)));
    },
  );

  it("charges what the catalog charges", () => {
    const page = form([]);
    for (const box of page.querySelectorAll<HTMLInputElement>("input[name=formats]"))
      expect(Number(box.dataset.price)).toBe(
        purchasableItems[box.value as PurchasableItemId].amountCents,
      );
  });
});
