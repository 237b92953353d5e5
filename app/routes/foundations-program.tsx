import {
  BookOpen,
  CalendarCheck,
  CalendarDays,
  Clock,
  Info,
  Library,
  MessagesSquare,
  Wallet,
} from "lucide-react";
import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/foundations-program";
import { FaqList } from "~/components/faq/faq-list";
import { CallToActionBand } from "~/components/page/call-to-action-band";
import { NumberedCard } from "~/components/page/numbered-card";
import { PageHero } from "~/components/page/page-hero";
import { SectionHeading } from "~/components/page/section-heading";
import { ScheduleButton } from "~/components/scheduling/schedule-button";
import { Button } from "~/components/ui/button";
import { Card, CardHeader, CardTitle } from "~/components/ui/card";
import { BackLink } from "~/components/page/back-link";
import { foundationsPage } from "~/content/foundations-program";
import { CohortList, type CohortAnswer } from "~/components/workshops/cohort-list";
import { pageSeo } from "~/.server/content/page-seo";
import { readFormBody } from "~/.server/http/request-body";
import {
  datesLabel,
  joinWaitlist,
  openCohorts,
  startRegistration,
  type JoinWaitlistOutcome,
  type RegistrationOutcome,
} from "~/.server/workshops";
import { metaFromLoaderData } from "~/lib/route-meta";
import { courseJsonLd, faqJsonLd } from "~/lib/seo";

const materialIcons = { book: BookOpen, library: Library, calendar: CalendarCheck };

export async function loader({ context }: Route.LoaderArgs) {
  const { facts, cta, faq } = foundationsPage;
  const cohorts = (await openCohorts(context.db, context.clock.now())).map((cohort) => ({
    id: cohort.id,
    title: cohort.title,
    when: datesLabel(cohort.startDate, cohort.endDate),
    place: cohort.venue ? `${cohort.venue}, ${cohort.location}` : cohort.location,
    seatsLeft: cohort.seatsLeft,
    priceCents: cohort.terms.priceCents,
    listPriceCents: cohort.terms.listPriceCents,
    depositCents: cohort.terms.depositCents,
    earlyUntil: cohort.terms.earlyUntil,
  }));
  const description = `A ${facts.days}-day in-person intensive in presence-based selling, ${facts.dailyHours}: seven modules, seven role-play scenarios, workbook, case study library and a 90-day integration plan. Investment ${facts.priceLabel}.`;
  const request = new URLSearchParams({
    interest: cta.information.interest,
    message: cta.information.message,
  });
  return {
    ...foundationsPage,
    cohorts,
    informationHref: `/contact?${request.toString().replaceAll("+", "%20")}#contact-form`,
    meta: pageSeo((siteUrl) => ({
      title: "Foundations Program: 3-Day Presence-Based Selling Intensive",
      description,
      path: "/foundations-program",
      keywords: ["sales workshop", "in-person sales training", "sales intensive", "role-play"],
      jsonLd: [
        courseJsonLd(siteUrl, {
          name: "Foundations Program: 3-Day Presence-Based Selling Intensive",
          description,
          path: "/foundations-program",
        }),
        faqJsonLd(faq.items),
      ],
    })),
  };
}

export const meta = metaFromLoaderData;

function answerOf(
  form: "register" | "waitlist",
  cohortId: string,
  outcome: RegistrationOutcome | JoinWaitlistOutcome,
  values: CohortAnswer["values"],
): { answer: CohortAnswer; status: number } {
  const answer = (state: CohortAnswer["state"], message: string, status: number) => ({
    answer: { cohortId, form, state, message, values },
    status,
  });
  switch (outcome.outcome) {
    case "invalid":
      return {
        answer: {
          cohortId,
          form,
          state: "invalid",
          message: outcome.error,
          values,
          fieldErrors: outcome.fieldErrors,
        },
        status: 400,
      };
    case "rate-limited":
      return answer(
        "limited",
        "Too many attempts from here: please try again in a few minutes.",
        429,
      );
    case "full":
      return answer(
        "full",
        "Sorry, the last seat has just been taken. Join the waiting list and you will be offered the next one that frees up.",
        409,
      );
    case "joined":
      return answer(
        "joined",
        "You are on the waiting list. We have sent you an email; the next free seat is offered to the people in line, in order.",
        200,
      );
    case "provider-failed":
      return answer(
        "failed",
        "The payment page could not be opened. Your seat was not taken; please try again.",
        502,
      );
    case "closed":
      return answer(
        "closed",
        "Registration is not open online right now: request information below.",
        503,
      );
    default:
      return answer("closed", "Registration for these dates is closed.", 409);
  }
}

/**
 * Register (to Stripe Checkout, a seat held meanwhile) or join a full cohort's waiting list: a
 * plain form post, so both work without JavaScript. Each answer is shown beside its cohort.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormBody(request);
  const fields = Object.fromEntries(form);
  const cohortId = String(fields.cohortId ?? "");
  const values = {
    name: String(fields.name ?? "").slice(0, 200),
    email: String(fields.email ?? "").slice(0, 300),
    payment: fields.payment === "full" ? ("full" as const) : ("deposit" as const),
  };
  if (fields.intent === "waitlist") {
    const joined = await joinWaitlist(context, { fields, clientAddress: context.clientAddress });
    const { answer, status } = answerOf("waitlist", cohortId, joined, values);
    return data({ answer }, status);
  }
  const outcome = await startRegistration(context, {
    fields,
    clientAddress: context.clientAddress,
    source: "/foundations-program",
  });
  if (outcome.outcome === "opened") return redirect(outcome.url, 303);
  const { answer, status } = answerOf("register", cohortId, outcome, values);
  return data({ answer }, status);
}

/** The page's two calls to action, in the hero and again at the end: schedule, or ask for details. */
function ProgramActions({
  cta,
  scheduleVariant,
  informationHref,
  className,
}: {
  cta: (typeof foundationsPage)["cta"];
  scheduleVariant: "zen" | "enlighten";
  informationHref: string;
  className: string;
}) {
  return (
    <div className={className}>
      <ScheduleButton size="lg" variant={scheduleVariant}>
        <CalendarCheck aria-hidden="true" />
        {cta.schedule}
      </ScheduleButton>
      <Button asChild size="lg" variant="presence">
        <Link to={informationHref}>
          <Info aria-hidden="true" />
          {cta.information.label}
        </Link>
      </Button>
    </div>
  );
}

export default function FoundationsProgram({ loaderData, actionData }: Route.ComponentProps) {
  const { back, hero, facts, factLabels, modules, schedule, rolePlays, materials, faq, cta } =
    loaderData;
  const factCards = [
    {
      icon: CalendarDays,
      label: factLabels.duration,
      value: `${facts.days} days · ${facts.format}`,
    },
    { icon: Clock, label: factLabels.hours, value: facts.dailyHours },
    { icon: Wallet, label: factLabels.investment, value: facts.priceLabel },
  ];
  return (
    <>
      <div className="container-page pt-6">
        <BackLink to={back.href} label={back.label} className="-ml-3" />
      </div>
      <PageHero eyebrow={hero.eyebrow} title={hero.title} lead={hero.lead}>
        <dl className="grid w-full gap-3 sm:grid-cols-3" data-testid="program-facts">
          {factCards.map(({ icon: Icon, label, value }) => (
            <div key={label} className="rounded-lg border bg-card p-4 shadow-soft">
              <dt className="flex items-center gap-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
                <Icon aria-hidden="true" className="size-5 shrink-0 text-accent" />
                {label}
              </dt>
              <dd className="mt-1 pl-7 font-semibold text-foreground">{value}</dd>
            </div>
          ))}
        </dl>
        <ProgramActions
          cta={cta}
          scheduleVariant="zen"
          informationHref={loaderData.informationHref}
          className="flex flex-wrap gap-3"
        />
      </PageHero>

      <section
        id="cohorts"
        aria-labelledby="cohorts-title"
        className="container-page scroll-mt-24 py-12 sm:py-16"
      >
        <SectionHeading
          id="cohorts-title"
          title="Dates and seats"
          lead="Register for a cohort: pay the deposit or the full price through Stripe's secure checkout. A full cohort keeps a waiting list, and every freed seat is offered to it in turn."
        />
        <CohortList cohorts={loaderData.cohorts} answer={actionData?.answer} />
      </section>

      <section aria-labelledby="modules-title" className="container-page py-12 sm:py-16">
        <SectionHeading id="modules-title" title={modules.title} lead={modules.lead} />
        <ol className="grid gap-4 md:grid-cols-2 lg:grid-cols-3" data-testid="modules">
          {modules.items.map((module, index) => (
            <NumberedCard
              key={module.title}
              label={`Module ${index + 1}`}
              title={module.title}
              description={module.description}
            />
          ))}
        </ol>
      </section>

      <section aria-labelledby="schedule-title" className="bg-muted py-16 sm:py-20">
        <div className="container-page grid gap-10 lg:grid-cols-2">
          <div>
            <SectionHeading id="schedule-title" title={schedule.title} lead={schedule.lead} />
            <ol className="flex flex-col gap-4" data-testid="daily-schedule">
              {schedule.blocks.map((block, index) => (
                <li key={block.label}>
                  {index > 0 && (
                    <p className="mb-4 text-center text-sm text-muted-foreground">
                      {schedule.lunch}
                    </p>
                  )}
                  <div className="rounded-lg bg-card p-6 shadow-soft">
                    <p className="flex flex-wrap items-baseline justify-between gap-2">
                      <span className="font-serif text-xl font-semibold text-primary">
                        {block.label}
                      </span>
                      <span className="font-semibold text-accent" data-testid="block-hours">
                        {block.start}–{block.end}
                      </span>
                    </p>
                    <p className="mt-2 text-sm leading-relaxed text-muted-foreground">
                      {block.description}
                    </p>
                  </div>
                </li>
              ))}
            </ol>
          </div>
          <div>
            <SectionHeading id="roleplays-title" title={rolePlays.title} lead={rolePlays.lead} />
            <ol className="flex flex-col gap-2" data-testid="role-plays">
              {rolePlays.items.map((scenario, index) => (
                <li
                  key={scenario}
                  className="flex items-start gap-3 rounded-md bg-card p-3 shadow-soft"
                >
                  <span className="grid size-7 shrink-0 place-items-center rounded-full bg-secondary text-sm font-semibold text-secondary-foreground">
                    {index + 1}
                  </span>
                  <span className="flex items-center gap-2 pt-0.5">
                    <MessagesSquare
                      aria-hidden="true"
                      className="hidden size-4 text-accent sm:block"
                    />
                    {scenario}
                  </span>
                </li>
              ))}
            </ol>
          </div>
        </div>
      </section>

      <section aria-labelledby="materials-title" className="container-page py-16 sm:py-20">
        <SectionHeading id="materials-title" title={materials.title} />
        <ul className="grid gap-5 md:grid-cols-3" data-testid="materials">
          {materials.items.map((material) => {
            const Icon = materialIcons[material.icon];
            return (
              <li key={material.title}>
                <Card className="h-full">
                  <CardHeader>
                    <span className="mb-2 grid size-11 place-items-center rounded-full bg-secondary text-secondary-foreground">
                      <Icon aria-hidden="true" className="size-5" />
                    </span>
                    <CardTitle className="text-lg">{material.title}</CardTitle>
                    <p className="text-sm text-muted-foreground">{material.description}</p>
                  </CardHeader>
                </Card>
              </li>
            );
          })}
        </ul>
      </section>

      <section aria-labelledby="faq-title" className="container-page pb-16 sm:pb-20">
        <SectionHeading id="faq-title" title={faq.title} />
        <FaqList items={faq.items} />
      </section>

      <CallToActionBand id="cta-title" title={cta.title} lead={cta.lead} tone="primary">
        <p className="mt-4 font-serif text-3xl font-semibold text-gold">{facts.priceLabel}</p>
        <ProgramActions
          cta={cta}
          scheduleVariant="enlighten"
          informationHref={loaderData.informationHref}
          className="mt-8 flex flex-wrap justify-center gap-3"
        />
        <BackLink
          to={back.href}
          label={back.label}
          variant="link"
          className="mt-6 text-primary-foreground!"
        />
      </CallToActionBand>
    </>
  );
}
