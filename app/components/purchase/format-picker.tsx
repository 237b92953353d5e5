import { Check } from "lucide-react";
import {
  formatPrice,
  itemPrice,
  type PurchasableItem,
  type PurchasableItemId,
} from "~/lib/catalog";

type FormatPickerProps = {
  items: PurchasableItem[];
  selection: readonly PurchasableItemId[];
  onToggle: (id: PurchasableItemId) => void;
  /** The server refused a purchase with nothing chosen: the first box takes the focus. */
  autoFocusFirst?: boolean;
  /** The message that says a format is needed, read with each box. */
  errorId?: string;
};

/** The purchasable items as checkbox cards: choosing one toggles it in the selection. */
export function FormatPicker({
  items,
  selection,
  onToggle,
  autoFocusFirst,
  errorId,
}: FormatPickerProps) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2" data-testid="format-picker">
      {items.map((item, index) => {
        const selected = selection.includes(item.id);
        return (
          <li key={item.id}>
            {/* A card, not a label: a label may hold only phrasing content, and the card holds a
                list. Its label is the title, stretched over the whole card (::after), so a tap
                anywhere on it toggles the box; the price and the details describe the box. Its look
                follows the box's own state (`:checked`), so a tap shows on the card before React
                runs as after it (decision 131). */}
            <div
              className="group/card relative flex h-full cursor-pointer flex-col gap-3 rounded-lg border-2 border-border bg-card p-5 transition-colors hover:border-accent/50 has-[:checked]:border-accent has-[:checked]:bg-secondary/40 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring"
              data-testid={`format-${item.id}`}
            >
              <div className="flex items-start justify-between gap-3">
                <label className="cursor-pointer font-serif text-lg font-semibold text-primary after:absolute after:inset-0 after:rounded-md">
                  <input
                    type="checkbox"
                    name="formats"
                    value={item.id}
                    checked={selected}
                    onChange={() => onToggle(item.id)}
                    data-price={item.amountCents}
                    autoFocus={autoFocusFirst && index === 0}
                    aria-invalid={errorId ? true : undefined}
                    aria-describedby={[
                      errorId,
                      `format-${item.id}-price`,
                      `format-${item.id}-details`,
                    ]
                      .filter(Boolean)
                      .join(" ")}
                    className="sr-only"
                  />
                  {item.name}
                </label>
                <span
                  aria-hidden="true"
                  className="grid size-6 shrink-0 place-items-center rounded-full border border-input group-has-[:checked]/card:border-accent group-has-[:checked]/card:bg-accent group-has-[:checked]/card:text-accent-foreground"
                >
                  <Check className="invisible size-4 group-has-[:checked]/card:visible" />
                </span>
              </div>
              <div
                id={`format-${item.id}-price`}
                className="text-2xl font-semibold text-foreground"
              >
                {formatPrice(itemPrice(item))}
              </div>
              <div id={`format-${item.id}-details`} className="flex flex-1 flex-col gap-3">
                <p className="text-sm text-muted-foreground">{item.summary}</p>
                <ul className="mt-auto space-y-1 text-sm text-foreground">
                  {item.details
                    .filter((detail) => detail !== item.summary)
                    .map((detail) => (
                      <li key={detail} className="flex items-center gap-2">
                        <Check className="size-4 text-accent" aria-hidden="true" />
                        {detail}
                      </li>
                    ))}
                </ul>
              </div>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
