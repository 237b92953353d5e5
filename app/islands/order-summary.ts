import { orderAmountText } from "~/lib/order-amount";

/**
 * The purchase form's order summary follows the formats checked in the form itself (decision 131).
 *
 * The boxes are the one source of truth: each carries its price in cents (`data-price`, from the
 * catalog the checkout function charges from). On every `change` of a box, before React runs and
 * after, this writes what the summary shows from the boxes checked in the DOM: each item's line
 * (`data-summary-item`, hidden unless its box is checked), the empty note (`data-summary-empty`)
 * and the amounts (`data-summary-amount`: the subtotal and the total). React renders the same
 * markup from its selection, which after hydration is the DOM's (decision 130's replay), with the
 * same formula: the two writers cannot disagree, and the first tap's total shows in the tap's own
 * frame instead of after hydration.
 */
export function startOrderSummary() {
  document.addEventListener("change", (event) => {
    const box = event.target;
    if (!(box instanceof HTMLInputElement) || !box.dataset.price || !box.form) return;
    showOrderSummary(box.form);
  });
}

/** Writes the summary of `form` from its checked boxes. */
export function showOrderSummary(form: HTMLFormElement) {
  const checked = new Set<string>();
  let cents = 0;
  for (const box of form.querySelectorAll<HTMLInputElement>("input[data-price]:checked")) {
    checked.add(box.value);
    cents += Number(box.dataset.price);
  }
  for (const line of form.querySelectorAll<HTMLElement>("[data-summary-item]"))
    line.hidden = !checked.has(line.dataset.summaryItem ?? "");
  for (const empty of form.querySelectorAll<HTMLElement>("[data-summary-empty]"))
    empty.hidden = checked.size > 0;
  for (const amount of form.querySelectorAll("[data-summary-amount]"))
    amount.textContent = orderAmountText(cents);
}
