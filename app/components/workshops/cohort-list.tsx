import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { dollars } from "~/lib/workshop-schema";
import { FieldError } from "~/components/ui/field-error";

export type CohortView = {
  id: string;
  title: string;
  when: string;
  place: string;
  seatsLeft: number;
  priceCents: number;
  listPriceCents: number;
  depositCents: number | null;
  earlyUntil: string | null;
};

/** What the last post answered, shown beside the cohort it was about. */
export type CohortAnswer = {
  cohortId: string;
  form: "register" | "waitlist";
  state: "invalid" | "full" | "joined" | "failed" | "limited" | "closed";
  message: string;
  fieldErrors?: Record<string, string[]>;
  /** What was sent, handed back into the form (decision 318). */
  values?: { name?: string; email?: string; payment?: "deposit" | "full" };
};

/**
 * The field an answer asks to fix first, or none: then its message takes the focus instead, so a
 * page answered to a plain post shows the reason, scrolled into view, with no script (decision 318).
 */
export function firstFieldToFix(answer: CohortAnswer | undefined) {
  return (["name", "email"] as const).find((name) => answer?.fieldErrors?.[name]?.length);
}

/** Name and email, with their errors: the same two fields in both forms. */
function PersonFields({
  prefix,
  answer,
  defaults,
}: {
  prefix: string;
  answer?: CohortAnswer;
  defaults?: { name?: string; email?: string };
}) {
  const errors = answer?.fieldErrors ?? {};
  const values = answer?.values ?? defaults ?? {};
  const first = firstFieldToFix(answer);
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <div className="space-y-1">
        <Label htmlFor={`${prefix}-name`}>Your name</Label>
        <Input
          id={`${prefix}-name`}
          name="name"
          required
          maxLength={120}
          autoComplete="name"
          defaultValue={values.name ?? ""}
          autoFocus={first === "name"}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={errors.name ? `${prefix}-name-error` : undefined}
        />
        <FieldError id={`${prefix}-name-error`} errors={errors.name} />
      </div>
      <div className="space-y-1">
        <Label htmlFor={`${prefix}-email`}>Your email</Label>
        <Input
          id={`${prefix}-email`}
          name="email"
          type="email"
          required
          maxLength={254}
          autoComplete="email"
          defaultValue={values.email ?? ""}
          autoFocus={first === "email"}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? `${prefix}-email-error` : undefined}
        />
        <FieldError id={`${prefix}-email-error`} errors={errors.email} />
      </div>
    </div>
  );
}

/** The registration form: a plain POST, so it works the same with JavaScript off. */
export function RegistrationForm({
  cohort,
  answer,
  action,
  offerToken,
  defaults,
}: {
  cohort: CohortView;
  answer?: CohortAnswer;
  action: string;
  offerToken?: string;
  defaults?: { name?: string; email?: string };
}) {
  const prefix = `register-${cohort.id.slice(0, 8)}`;
  const payFull = answer?.values?.payment === "full";
  return (
    <form
      method="post"
      action={action}
      className="group/register space-y-4"
      data-testid="registration-form"
    >
      <input type="hidden" name="intent" value="register" />
      <input type="hidden" name="cohortId" value={cohort.id} />
      {offerToken && <input type="hidden" name="offer" value={offerToken} />}
      <PersonFields prefix={prefix} answer={answer} defaults={defaults} />
      {cohort.depositCents !== null ? (
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">Pay now</legend>
          <label className="flex items-center gap-2 text-sm">
            <input type="radio" name="payment" value="deposit" defaultChecked={!payFull} />
            {`Deposit of ${dollars(cohort.depositCents)}, the balance of ${dollars(cohort.priceCents - cohort.depositCents)} before the first day`}
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name="payment"
              value="full"
              defaultChecked={payFull}
              className="pay-full"
            />
            {`The full ${dollars(cohort.priceCents)}`}
          </label>
        </fieldset>
      ) : (
        <input type="hidden" name="payment" value="full" />
      )}
      <Button type="submit" variant="presence" size="lg">
        {/* The label follows the option chosen by CSS alone, so it is right before hydration. */}
        {cohort.depositCents !== null ? (
          <>
            <span className="group-has-[.pay-full:checked]/register:hidden">
              {`Register and pay ${dollars(cohort.depositCents)} deposit`}
            </span>
            <span className="hidden group-has-[.pay-full:checked]/register:inline">
              {`Register and pay ${dollars(cohort.priceCents)}`}
            </span>
          </>
        ) : (
          `Register and pay ${dollars(cohort.priceCents)}`
        )}
      </Button>
      <p className="text-xs text-muted-foreground">
        Your seat is kept for you while you pay on Stripe&apos;s secure checkout.
      </p>
    </form>
  );
}

function WaitlistForm({ cohort, answer }: { cohort: CohortView; answer?: CohortAnswer }) {
  const prefix = `waitlist-${cohort.id.slice(0, 8)}`;
  return (
    <form
      method="post"
      // No fragment: a page with one skips `autofocus`, and the answer's focus shows it (decision 318).
      action="/foundations-program"
      className="space-y-4"
      data-testid="waitlist-form"
    >
      <input type="hidden" name="intent" value="waitlist" />
      <input type="hidden" name="cohortId" value={cohort.id} />
      {/* A visitor who lost the race for the last seat keeps the name and email they typed. */}
      <PersonFields
        prefix={prefix}
        answer={answer?.form === "waitlist" || answer?.state === "full" ? answer : undefined}
      />
      <Button type="submit" variant="outline" size="lg">
        Join the waiting list
      </Button>
      <p className="text-xs text-muted-foreground">
        When a seat frees up, the next person in line gets a personal offer by email.
      </p>
    </form>
  );
}

/** The cohorts open for registration: dates, place, seats left, price, and the way in. */
export function CohortList({ cohorts, answer }: { cohorts: CohortView[]; answer?: CohortAnswer }) {
  if (cohorts.length === 0) {
    return (
      <p className="rounded-lg border bg-card p-6 text-muted-foreground" data-testid="no-cohorts">
        No dates are open for registration right now. Request information below and we will tell you
        when the next cohort opens.
      </p>
    );
  }
  return (
    <ul className="grid gap-6 lg:grid-cols-2" data-testid="cohorts">
      {cohorts.map((cohort) => {
        const mine = answer?.cohortId === cohort.id ? answer : undefined;
        const full = cohort.seatsLeft === 0 || mine?.state === "full";
        return (
          <li
            key={cohort.id}
            className="rounded-lg border bg-card p-6 shadow-soft"
            data-testid="cohort"
          >
            <h3 className="font-serif text-2xl font-semibold">{cohort.when}</h3>
            <p className="text-muted-foreground">{cohort.place}</p>
            <p className="mt-2 font-semibold" data-testid="cohort-price">
              {dollars(cohort.priceCents)}
              {cohort.earlyUntil && (
                <span className="ml-2 text-sm font-normal text-muted-foreground">
                  {`early price until ${cohort.earlyUntil}, then ${dollars(cohort.listPriceCents)}`}
                </span>
              )}
            </p>
            <p className="mb-4 text-sm" data-testid="seats-left">
              {full
                ? "Full: join the waiting list"
                : `${cohort.seatsLeft} ${cohort.seatsLeft === 1 ? "seat" : "seats"} left`}
            </p>
            {mine && (
              <p
                role={mine.state === "joined" ? "status" : "alert"}
                tabIndex={-1}
                autoFocus={!firstFieldToFix(mine)}
                className="mb-4 rounded-md border p-3 text-sm"
                data-testid="cohort-answer"
              >
                {mine.message}
              </p>
            )}
            {full ? (
              mine?.state === "joined" ? null : (
                <WaitlistForm cohort={cohort} answer={mine} />
              )
            ) : (
              <RegistrationForm
                cohort={cohort}
                answer={mine?.form === "register" ? mine : undefined}
                action="/foundations-program"
              />
            )}
          </li>
        );
      })}
    </ul>
  );
}
