import {
  AlertCircle,
  CalendarClock,
  CheckCircle2,
  Download,
  Mail,
  type LucideIcon,
} from "lucide-react";
import type { ReactNode } from "react";
import { data, Link, useFetcher } from "react-router";
import type { Route } from "./+types/payment-success";
import { FormTokenField } from "~/components/forms/form-token-field";
import { HoneypotField } from "~/components/forms/honeypot-field";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { showToast } from "~/components/ui/toaster";
import { paymentSuccessContent as content } from "~/content/payment-success";
import { pageSeo } from "~/.server/content/page-seo";
import { readFormBody } from "~/.server/http/request-body";
import { orderBookingUrl } from "~/.server/booking";
import { includesItem, lookUpCheckoutResult } from "~/.server/sales/checkout-result";
import { reissueDownloadLink } from "~/.server/sales/download-links";
import { issueFormToken } from "~/.server/core/spam-traps";
import { isPurchasableItemId, purchasableItems } from "~/lib/catalog";
import { formatAmount, purchaseMessages } from "~/lib/purchase-rules";
import { metaFromLoaderData } from "~/lib/route-meta";
import { spamTrapFields } from "~/lib/spam-trap-fields";
import type { RouteHandle } from "~/root";

/** The cards' titles are the page's second-level headings. */
const cardHeadingClass = "font-serif text-xl leading-tight font-semibold text-primary";

type Receipt = {
  kind: "receipt";
  /** True when Stripe confirmed the payment; false for the spec's query-only page. */
  verified: boolean;
  sessionId: string | null;
  summary: { id: string; format: string; amountCents: number } | null;
  showScheduling: boolean;
  /** The buyer's own booking page (a verified receipt for the session). */
  bookingHref: string | null;
  showDownload: boolean;
  downloadHref: string | null;
  /** The reissue form's signed start time (only a verified receipt shows the form). */
  formToken: string | null;
};

type SuccessView = Receipt | { kind: "refunded" | "unknown" | "unpaid" | "unavailable" };

/** The spec's page: the order built from the query alone (amount 295 for the session, else 19.99). */
function viewFromQuery(sessionId: string | null, format: string): Receipt {
  const isSession = format === "breakthrough-session";
  return {
    kind: "receipt",
    verified: false,
    sessionId,
    summary: sessionId
      ? {
          id: sessionId,
          format: isPurchasableItemId(format) ? purchasableItems[format].name : format,
          amountCents: isSession
            ? purchasableItems["breakthrough-session"].amountCents
            : purchasableItems.pdf.amountCents,
        }
      : null,
    showScheduling: isSession,
    bookingHref: null,
    showDownload: !isSession,
    downloadHref: null,
    formToken: null,
  };
}

function sessionIdFrom(url: URL) {
  return url.searchParams.get("session_id") || url.searchParams.get("sessionId") || null;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const sessionId = sessionIdFrom(url);
  const format = url.searchParams.get("format") || "pdf";
  const meta = pageSeo({
    title: "Payment Successful",
    description: "Your order confirmation: receipt, download and scheduling details.",
    path: "/payment-success",
    noindex: true,
  });
  const { stripe } = context;
  if (!stripe || !sessionId) return { meta, view: viewFromQuery(sessionId, format) as SuccessView };

  const result = await lookUpCheckoutResult(
    { ...context, stripe },
    { sessionId, clientAddress: context.clientAddress },
  );
  if (result.state !== "paid") return { meta, view: { kind: result.state } as SuccessView };
  const view: Receipt = {
    kind: "receipt",
    verified: true,
    sessionId: result.sessionId,
    summary: {
      id: result.sessionId,
      format: result.items.map((item) => item.name).join(" + "),
      amountCents: result.amountPaidCents,
    },
    showScheduling: includesItem(result.items, "breakthrough-session"),
    bookingHref: includesItem(result.items, "breakthrough-session")
      ? orderBookingUrl(context.config, result.orderId)
      : null,
    showDownload: includesItem(result.items, "pdf"),
    downloadHref: result.downloadToken ? `/downloads/book/${result.downloadToken}` : null,
    formToken: issueFormToken(context),
  };
  return { meta, view: view as SuccessView };
}

/** 'Send me a fresh link': the same answer whether or not the email matches a paid order. */
export async function action({ request, context }: Route.ActionArgs) {
  const sessionId = sessionIdFrom(new URL(request.url));
  const form = await readFormBody(request);
  if (context.stripe && sessionId) {
    const outcome = await reissueDownloadLink(context, {
      sessionId,
      fields: { email: form.get("email") },
      traps: {
        honeypot: form.get(spamTrapFields.honeypot),
        formToken: form.get(spamTrapFields.formToken),
      },
      clientAddress: context.clientAddress,
    });
    if (outcome === "invalid-email") {
      return data({ sent: false, error: purchaseMessages.invalidEmail }, { status: 400 });
    }
  }
  return { sent: true, error: undefined };
}

export const meta = metaFromLoaderData;

// A form page: React runs it, so the form answers in place (decision 077).
export const handle: RouteHandle = { hydrate: true };

function ReissueForm({ formToken }: { formToken: string }) {
  const fetcher = useFetcher<typeof action>();
  return (
    <div className="mt-6 border-t pt-6" data-testid="reissue">
      <h3 className="font-semibold text-primary">{content.reissue.title}</h3>
      {fetcher.data?.sent ? (
        <p role="status" className="mt-2 text-sm">
          {content.reissue.sent}
        </p>
      ) : (
        <fetcher.Form method="post" className="mt-2 space-y-2">
          <HoneypotField />
          <FormTokenField token={formToken} />
          <p className="text-sm text-muted-foreground">{content.reissue.text}</p>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Label htmlFor="reissue-email" className="sr-only">
              {content.reissue.label}
            </Label>
            <Input
              id="reissue-email"
              type="email"
              name="email"
              required
              autoComplete="email"
              className="sm:flex-1"
              aria-invalid={fetcher.data?.error ? true : undefined}
              aria-describedby={fetcher.data?.error ? "reissue-email-error" : undefined}
            />
            <Button type="submit" variant="outline" disabled={fetcher.state !== "idle"}>
              {fetcher.state !== "idle" ? content.reissue.pending : content.reissue.button}
            </Button>
          </div>
          {fetcher.data?.error ? (
            <p id="reissue-email-error" role="alert" className="text-sm text-destructive">
              {fetcher.data.error}
            </p>
          ) : null}
        </fetcher.Form>
      )}
    </div>
  );
}

function ReceiptView({ view }: { view: Receipt }) {
  return (
    <>
      <header className="text-center">
        <CheckCircle2 className="mx-auto size-14 text-accent" aria-hidden="true" />
        <h1 className="mt-4 text-4xl font-semibold text-primary sm:text-5xl">{content.title}</h1>
        <p className="mt-3 text-lg text-muted-foreground">{content.lead}</p>
      </header>
      {view.summary && (
        <Card data-testid="order-summary">
          <CardHeader>
            <h2 className={cardHeadingClass}>{content.summary.title}</h2>
          </CardHeader>
          <CardContent>
            <dl className="space-y-2 text-sm">
              <div className="flex justify-between gap-4">
                <dt className="text-muted-foreground">{content.summary.orderId}</dt>
                <dd className="font-mono break-all" data-testid="order-id">
                  {view.summary.id}
                </dd>
              </div>
              <div className="flex justify-between gap-4">
                <dt className="text-muted-foreground">{content.summary.format}</dt>
                <dd data-testid="order-format">{view.summary.format}</dd>
              </div>
              <div className="flex justify-between gap-4 border-t pt-2 text-base font-semibold">
                <dt>{content.summary.amount}</dt>
                <dd data-testid="order-amount">${formatAmount(view.summary.amountCents)}</dd>
              </div>
            </dl>
          </CardContent>
        </Card>
      )}
      {view.showScheduling && (
        <NextStepCard
          testId="scheduling"
          icon={CalendarClock}
          title={content.scheduling.title}
          text={content.scheduling.text}
        >
          <div className="flex flex-wrap gap-3">
            <Button
              type="button"
              variant="zen"
              onClick={() => void showToast(content.scheduling.toast)}
            >
              <Mail aria-hidden="true" />
              {content.scheduling.button}
            </Button>
            {view.bookingHref && (
              <Button asChild variant="outline">
                <a href={view.bookingHref} data-testid="book-session">
                  {content.scheduling.calendar}
                </a>
              </Button>
            )}
          </div>
        </NextStepCard>
      )}
      {view.showDownload && (
        <NextStepCard
          testId="download"
          icon={Download}
          title={content.download.title}
          text={content.download.text}
        >
          {view.downloadHref ? (
            <Button asChild variant="zen">
              <a href={view.downloadHref} download>
                <Download aria-hidden="true" />
                {content.download.button}
              </a>
            </Button>
          ) : (
            <Button
              type="button"
              variant="zen"
              onClick={() => void showToast(content.download.pendingToast)}
            >
              <Download aria-hidden="true" />
              {content.download.button}
            </Button>
          )}
          {view.verified && (
            <>
              <p className="text-sm text-muted-foreground">{content.download.limits}</p>
              {view.formToken && <ReissueForm formToken={view.formToken} />}
            </>
          )}
        </NextStepCard>
      )}
    </>
  );
}

/** A step after the purchase: an icon heading, what to do, and the buttons to do it. */
function NextStepCard({
  testId,
  icon: Icon,
  title,
  text,
  children,
}: {
  testId: string;
  icon: LucideIcon;
  title: string;
  text: string;
  children: ReactNode;
}) {
  return (
    <Card data-testid={testId}>
      <CardHeader>
        <h2 className={`${cardHeadingClass} flex items-center gap-2`}>
          <Icon className="size-5 text-accent" aria-hidden="true" />
          {title}
        </h2>
      </CardHeader>
      <CardContent className="space-y-4">
        <p>{text}</p>
        {children}
      </CardContent>
    </Card>
  );
}

function NoticeView({ kind }: { kind: "refunded" | "unknown" | "unpaid" | "unavailable" }) {
  const notice = content[kind];
  return (
    <header className="text-center" data-testid={`payment-${kind}`}>
      <AlertCircle className="mx-auto size-14 text-destructive" aria-hidden="true" />
      <h1 className="mt-4 text-3xl font-semibold text-primary sm:text-4xl">{notice.title}</h1>
      <p className="mx-auto mt-3 max-w-xl text-lg text-muted-foreground">{notice.text}</p>
      {kind === "unpaid" && (
        <Button asChild variant="zen" className="mt-6">
          <Link to="/buy-now">{content.unpaid.retry}</Link>
        </Button>
      )}
    </header>
  );
}

export default function PaymentSuccess({ loaderData }: Route.ComponentProps) {
  const { view } = loaderData;
  return (
    <div className="container-page max-w-3xl space-y-8 py-12 sm:py-16">
      {view.kind === "receipt" ? <ReceiptView view={view} /> : <NoticeView kind={view.kind} />}
      <nav aria-label="Next steps" className="flex flex-wrap justify-center gap-3">
        <Button asChild variant="outline">
          <Link to="/contact">{content.contactSupport}</Link>
        </Button>
        <Button asChild variant="presence">
          <Link to="/">{content.backHome}</Link>
        </Button>
      </nav>
    </div>
  );
}
