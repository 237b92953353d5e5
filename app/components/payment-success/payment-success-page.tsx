import {
  AlertCircle,
  CalendarClock,
  CheckCircle2,
  Download,
  Mail,
  type LucideIcon,
} from "lucide-react";
import type { FormEvent, ReactNode } from "react";
import { FormTokenField } from "~/components/forms/form-token-field";
import { HoneypotField } from "~/components/forms/honeypot-field";
import { useIslandPost } from "~/components/forms/use-island-post";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { showToast } from "~/components/ui/toaster";
import { paymentSuccessContent as content } from "~/content/payment-success";
import { formatAmount } from "~/lib/purchase-rules";

/** The cards' titles are the page's second-level headings. */
const cardHeadingClass = "font-serif text-xl leading-tight font-semibold text-primary";

export type Receipt = {
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

export type SuccessView = Receipt | { kind: "refunded" | "unknown" | "unpaid" | "unavailable" };

/** What the reissue action answers. */
type ReissueReply = { sent: boolean; error?: string };

/** 'Send me a fresh link', answered in place. */
function ReissueForm({
  formToken,
  pageReply,
}: {
  formToken: string;
  /** The answer when the form was posted to the page (without JavaScript). */
  pageReply?: ReissueReply;
}) {
  const {
    sending,
    answer: posted,
    post,
  } = useIslandPost<PaymentSuccessPageProps>("payment-success");
  // A post that got no page back failed on the way (network down, a proxy's error page).
  const reply: ReissueReply | undefined = posted
    ? (posted.props?.reply ?? { sent: false, error: content.reissue.failed })
    : pageReply;
  // The answered page's receipt carries a fresh token, as the page would.
  const answered = posted?.props?.view;
  const freshToken = answered?.kind === "receipt" ? answered.formToken : null;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!sending) void post(event.currentTarget);
  };
  return (
    <div className="mt-6 border-t pt-6" data-testid="reissue">
      <h3 className="font-semibold text-primary">{content.reissue.title}</h3>
      {reply?.sent ? (
        <p role="status" className="mt-2 text-sm">
          {content.reissue.sent}
        </p>
      ) : (
        <form method="post" onSubmit={onSubmit} className="mt-2 space-y-2">
          <HoneypotField />
          <FormTokenField token={freshToken ?? formToken} />
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
              aria-invalid={reply?.error ? true : undefined}
              aria-describedby={reply?.error ? "reissue-email-error" : undefined}
            />
            <Button type="submit" variant="outline" disabled={sending}>
              {sending ? content.reissue.pending : content.reissue.button}
            </Button>
          </div>
          {reply?.error ? (
            <p id="reissue-email-error" role="alert" className="text-sm text-destructive">
              {reply.error}
            </p>
          ) : null}
        </form>
      )}
    </div>
  );
}

function ReceiptView({ view, reply }: { view: Receipt; reply?: ReissueReply }) {
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
              {view.formToken && <ReissueForm formToken={view.formToken} pageReply={reply} />}
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
          <a href="/buy-now">{content.unpaid.retry}</a>
        </Button>
      )}
    </header>
  );
}

export type PaymentSuccessPageProps = {
  view: SuccessView;
  /** The reissue action's answer, on the page it answers with. */
  reply?: ReissueReply;
};

/** The /payment-success page's island (decision 077): the receipt and its next steps, or a notice. */
export function PaymentSuccessPage({ view, reply }: PaymentSuccessPageProps) {
  return (
    <div className="container-page max-w-3xl space-y-8 py-12 sm:py-16">
      {view.kind === "receipt" ? (
        <ReceiptView view={view} reply={reply} />
      ) : (
        <NoticeView kind={view.kind} />
      )}
      <nav aria-label="Next steps" className="flex flex-wrap justify-center gap-3">
        <Button asChild variant="outline">
          <a href="/contact">{content.contactSupport}</a>
        </Button>
        <Button asChild variant="presence">
          <a href="/">{content.backHome}</a>
        </Button>
      </nav>
    </div>
  );
}
