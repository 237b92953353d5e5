import { useEffect, useRef, useState, type FormEvent } from "react";
import { FormTokenField } from "~/components/forms/form-token-field";
import { HoneypotField } from "~/components/forms/honeypot-field";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { showToast } from "~/components/ui/toaster";
import { TextField } from "~/components/forms/text-field";
import { buyNowContent } from "~/content/buy-now";
import {
  BOOK_PRODUCT_ID,
  isPurchasableItemId,
  purchasableItemIds,
  purchasableItems,
  type PurchasableItemId,
} from "~/lib/catalog";
import { requestCheckout, type CheckoutRequest } from "~/lib/checkout-client";
import { isValidPurchaseEmail, purchaseMessages, toggleSelection } from "~/lib/purchase-rules";
import { formTokenAged, spamTrapFields } from "~/lib/spam-trap-fields";
import { CardDetails } from "./card-details";
import { FormatPicker } from "./format-picker";
import { OrderSummary } from "./order-summary";
import { usePreparedCheckout } from "./prepared-checkout";
import { usePreparedPress } from "./prepared-press";

const { contact, address, purchaseButton, secureNote } = buyNowContent;
const requiredAddressFields = ["street", "city", "state", "zipCode", "country"] as const;
type AddressField = (typeof requiredAddressFields)[number] | "suite";
const addressFields: AddressField[] = ["street", "suite", "city", "state", "zipCode", "country"];
const addressAutocomplete: Record<AddressField, string> = {
  street: "address-line1",
  suite: "address-line2",
  city: "address-level2",
  state: "address-level1",
  zipCode: "postal-code",
  country: "country-name",
};

/**
 * The checkout request for what the form holds, or null while it is not complete and valid: every
 * box checked, in the page's order, the buyer's email and name, the address, the spam traps.
 */
function checkoutPayload(form: HTMLFormElement, siteUrl: string): CheckoutRequest | null {
  const data = new FormData(form);
  const value = (name: string) => String(data.get(name) ?? "").trim();
  const formats = data.getAll("formats").filter(isPurchasableItemId);
  const email = value("email");
  if (formats.length === 0 || !isValidPurchaseEmail(email)) return null;
  if (requiredAddressFields.some((field) => !value(field))) return null;
  return {
    productId: BOOK_PRODUCT_ID,
    format: formats[0]!,
    formats,
    successUrl: `${siteUrl}/payment-success?sessionId={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${siteUrl}${window.location.pathname}`,
    [spamTrapFields.honeypot]: value(spamTrapFields.honeypot) || undefined,
    [spamTrapFields.formToken]: value(spamTrapFields.formToken) || undefined,
    email,
    firstName: value("firstName") || undefined,
    lastName: value("lastName") || undefined,
    address: {
      street: value("street"),
      suite: value("suite") || undefined,
      city: value("city"),
      state: value("state"),
      zipCode: value("zipCode"),
      country: value("country"),
    },
  };
}

/** The text fields a refused post hands back as they were typed. */
export const checkoutDraftFields = ["firstName", "lastName", "email", ...addressFields] as const;

/**
 * A native post the server refused (the form sent before the scripts ran, or without them): its
 * message, what the buyer had chosen and typed, and the field to fix first, if it is one.
 */
export type CheckoutRefusal = {
  message: string;
  formats: PurchasableItemId[];
  fields: Partial<Record<(typeof checkoutDraftFields)[number], string>>;
  invalid?: "formats" | "email";
};

type PurchaseFormProps = {
  refusal?: CheckoutRefusal;
  /** The server-signed start time the spam trap checks. */
  formToken: string;
  /** How old the token must be before the time trap lets a post through. */
  formTokenMinAgeMs: number;
  salesOpen: boolean;
  siteUrl: string;
};

/**
 * The purchase page's form. With sales closed (the default) it is the spec's Coming Soon state:
 * the purchase button and the name and email inputs are disabled. With sales open it sends every
 * selected item to create-checkout-session and follows the returned Stripe Checkout URL; the
 * session is prepared while the buyer fills the form, so the press can go straight to it.
 */
export function PurchaseForm({
  refusal,
  formToken,
  formTokenMinAgeMs,
  salesOpen,
  siteUrl,
}: PurchaseFormProps) {
  const tokenAged = () => formTokenAged(formTokenMinAgeMs);
  const [selection, setSelection] = useState<PurchasableItemId[]>(refusal?.formats ?? []);
  const [email, setEmail] = useState(refusal?.fields.email ?? "");
  const [emailValid, setEmailValid] = useState(isValidPurchaseEmail(email));
  // The field the server refused stays marked until the buyer changes it.
  const [refused, setRefused] = useState(refusal?.invalid);
  const [missing, setMissing] = useState<Set<AddressField>>(new Set());
  const [pending, setPending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const prepared = usePreparedCheckout(
    () => (salesOpen && formRef.current ? checkoutPayload(formRef.current, siteUrl) : null),
    tokenAged,
  );
  // A form the browser restored or filled before the island took over is prepared as it is.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- once, at hydration
  useEffect(() => prepared.formChanged(), []);
  const buttonRef = useRef<HTMLButtonElement>(null);
  // A press on a form prepared for exactly what it holds goes before the browser submits it: at a
  // tap's release, or at the click of any other press (decisions 276 and 299).
  usePreparedPress(buttonRef, () => {
    const payload = salesOpen && formRef.current ? checkoutPayload(formRef.current, siteUrl) : null;
    const ready = payload && prepared.readyFor(payload);
    if (!ready) return false;
    window.location.assign(ready.url);
    prepared.press(ready);
    return true;
  });

  function onEmailChange(value: string) {
    setEmail(value);
    if (refused === "email") setRefused(undefined);
    setEmailValid(isValidPurchaseEmail(value));
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!salesOpen || pending) return;
    const form = event.currentTarget;
    const payload = checkoutPayload(form, siteUrl);
    if (selection.length === 0) {
      void showToast({ ...purchaseMessages.selectionRequired, variant: "destructive" });
      return;
    }
    if (!isValidPurchaseEmail(email)) {
      void showToast({ ...purchaseMessages.emailRequired, variant: "destructive" });
      return;
    }
    const data = new FormData(form);
    const absent = new Set(
      requiredAddressFields.filter((field) => !String(data.get(field) ?? "").trim()),
    );
    setMissing(absent);
    if (absent.size > 0) {
      formRef.current?.querySelector<HTMLInputElement>(`[name="${[...absent][0]}"]`)?.focus();
      return;
    }
    if (!payload) return;
    setPending(true);
    try {
      const inFlight = await prepared.awaitFor(payload);
      if (inFlight) prepared.press(inFlight);
      if (!inFlight) await tokenAged();
      const { url } =
        inFlight ?? (await requestCheckout(payload, { replaces: prepared.replaces() }));
      window.location.assign(url);
    } catch {
      setPending(false);
      void showToast({ ...purchaseMessages.paymentError, variant: "destructive" });
    }
  }

  const showEmailError = (email !== "" || refused === "email") && !emailValid;
  const showFormatsError = refused === "formats" && selection.length === 0;
  const typed = refusal?.fields ?? {};
  const items = purchasableItemIds.map((id) => purchasableItems[id]);

  return (
    <form
      method="post"
      ref={formRef}
      onSubmit={onSubmit}
      onChange={() => prepared.formChanged()}
      noValidate
      className="grid gap-10 lg:grid-cols-[minmax(0,1fr)_22rem]"
      data-testid="purchase-form"
    >
      <input type="hidden" name="intent" value="checkout" />
      <HoneypotField />
      <FormTokenField token={formToken} />
      <div className="space-y-10">
        <section aria-labelledby="format-title" className="space-y-4">
          <div>
            <h2 id="format-title" className="text-2xl font-semibold text-primary">
              {buyNowContent.formatPicker.title}
            </h2>
            <p className="mt-1 text-sm text-muted-foreground">{buyNowContent.formatPicker.lead}</p>
          </div>
          {showFormatsError && (
            <p id="format-error" className="text-sm text-destructive">
              {purchaseMessages.selectionRequired.description}
            </p>
          )}
          <FormatPicker
            items={items}
            selection={selection}
            onToggle={(id) => setSelection((current) => toggleSelection(current, id))}
            autoFocusFirst={refusal?.invalid === "formats"}
            errorId={showFormatsError ? "format-error" : undefined}
          />
        </section>

        <section aria-labelledby="contact-title" className="space-y-4">
          <h2 id="contact-title" className="text-2xl font-semibold text-primary">
            {contact.title}
          </h2>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              id="purchase-first-name"
              label={contact.firstName}
              name="firstName"
              autoComplete="given-name"
              defaultValue={typed.firstName}
              disabled={!salesOpen}
            />
            <TextField
              id="purchase-last-name"
              label={contact.lastName}
              name="lastName"
              autoComplete="family-name"
              defaultValue={typed.lastName}
              disabled={!salesOpen}
            />
            <div className="space-y-2 sm:col-span-2">
              <Label htmlFor="purchase-email">{contact.email}</Label>
              <Input
                id="purchase-email"
                name="email"
                type="email"
                autoComplete="email"
                placeholder={contact.emailPlaceholder}
                value={email}
                onChange={(event) => onEmailChange(event.target.value)}
                disabled={!salesOpen}
                autoFocus={refusal?.invalid === "email"}
                aria-invalid={showEmailError}
                aria-describedby={showEmailError ? "purchase-email-error" : "purchase-email-hint"}
              />
              {showEmailError ? (
                <p id="purchase-email-error" className="text-sm text-destructive">
                  {purchaseMessages.invalidEmail}
                </p>
              ) : (
                <p id="purchase-email-hint" className="text-sm text-muted-foreground">
                  {contact.emailHint}
                </p>
              )}
            </div>
          </div>
        </section>

        {emailValid && (
          <section
            aria-labelledby="address-title"
            className="space-y-4"
            data-testid="address-fields"
          >
            <h2 id="address-title" className="text-2xl font-semibold text-primary">
              {address.title}
            </h2>
            <div className="grid gap-4 sm:grid-cols-2">
              {addressFields.map((field) => {
                const invalid = missing.has(field);
                return (
                  <div
                    key={field}
                    className={
                      field === "street" || field === "suite"
                        ? "space-y-2 sm:col-span-2"
                        : "space-y-2"
                    }
                  >
                    <Label htmlFor={`purchase-${field}`}>{address[field]}</Label>
                    <Input
                      id={`purchase-${field}`}
                      name={field}
                      required={field !== "suite"}
                      autoComplete={addressAutocomplete[field]}
                      defaultValue={
                        typed[field] || (field === "country" ? "United States" : undefined)
                      }
                      aria-invalid={invalid}
                      aria-describedby={invalid ? `purchase-${field}-error` : undefined}
                      onChange={() =>
                        invalid &&
                        setMissing(
                          (current) => new Set([...current].filter((item) => item !== field)),
                        )
                      }
                    />
                    {invalid && (
                      <p id={`purchase-${field}-error`} className="text-sm text-destructive">
                        {address.required}
                      </p>
                    )}
                  </div>
                );
              })}
            </div>
          </section>
        )}

        <CardDetails />
      </div>

      <div className="lg:sticky lg:top-24 lg:self-start">
        <OrderSummary selection={selection}>
          {refusal && (
            // Focused when no field is to blame, so the reason is in view wherever it is.
            <p
              role="alert"
              tabIndex={-1}
              autoFocus={!refusal.invalid}
              className="rounded-md bg-destructive/10 p-3 text-sm text-destructive"
              data-testid="purchase-refusal"
            >
              {refusal.message}
            </p>
          )}
          <Button
            type="submit"
            variant="zen"
            size="lg"
            className="w-full"
            disabled={!salesOpen || pending}
            ref={buttonRef}
            data-testid="purchase-button"
          >
            {!salesOpen
              ? purchaseButton.closed
              : pending
                ? purchaseButton.pending
                : purchaseButton.live}
          </Button>
          <p className="text-center text-xs text-muted-foreground">{secureNote}</p>
        </OrderSummary>
      </div>
    </form>
  );
}
