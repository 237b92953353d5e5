import type { SubmissionResult } from "@conform-to/react";
import { CalendarDays, Mail, MapPin, Mic, Phone, User, Users } from "lucide-react";
import { data, Link } from "react-router";
import type { Route } from "./+types/contact";
import { FormIsland } from "~/components/layout/form-island";
import { ContactForm, type ContactActionData } from "~/components/contact-form/contact-form";
import { PageHero } from "~/components/page/page-hero";
import { ScheduleButton } from "~/components/scheduling/schedule-button";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { contactContent } from "~/content/contact";
import { redirectWithToast, takeFlashToast } from "~/.server/http/flash-toast";
import { pageSeo } from "~/.server/content/page-seo";
import { readFormBody } from "~/.server/http/request-body";
import { logFailure } from "~/.server/core/logger";
import { eventsAsOf, receiveContactMessage } from "~/.server/leads";
import { issueFormToken } from "~/.server/core/spam-traps";
import { listSiteEvents } from "~/.server/workshops";
import { contactMessageConstraint, interestFromQuery } from "~/lib/contact-message-schema";
import { metaFromLoaderData } from "~/lib/route-meta";
import { siteConfig } from "~/lib/site";
import { spamTrapFields } from "~/lib/spam-trap-fields";
import { useSiteSettings } from "~/lib/use-site-settings";
import type { RouteHandle } from "~/root";

const serviceIcons = { mic: Mic, users: Users, user: User };

export async function loader({ request, context }: Route.LoaderArgs) {
  const now = context.clock.now();
  const query = new URL(request.url).searchParams;
  // The toast of a form sent without JavaScript (read here, not in root: no cost on other pages).
  const { toast, headers } = await takeFlashToast(request, context.config.SITE_URL);
  return data(
    {
      toast,
      content: contactContent,
      // The owner's events, from the database: a new date needs no deploy.
      events: eventsAsOf(await listSiteEvents(context.db), now),
      interest: interestFromQuery(query.get("interest")),
      // Links from other pages (Request Information) may start the message for the visitor.
      prefilledMessage: query.get("message")?.slice(0, 5000) ?? "",
      formToken: issueFormToken(context),
      constraint: contactMessageConstraint,
      meta: pageSeo({
        title: "Contact — Speaking, Training and Consulting",
        description: `Book ${siteConfig.author.name} for a keynote, corporate sales training or private consulting, schedule a call, or send a message. We reply within 48 hours.`,
        path: "/contact",
        keywords: ["sales keynote speaker", "corporate sales training", "sales consulting"],
      }),
    },
    { headers },
  );
}

export const meta = metaFromLoaderData;

// A form page: its form is an island of its own, so it answers in place (decision 077).
export const handle: RouteHandle = { island: "contact" };

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormBody(request);
  const enhanced = form.get("enhanced") === "true";
  // What conform needs to show the server's answer in the form: the values and any field errors.
  const reply = (error?: Record<string, string[]>): SubmissionResult<string[]> => ({
    status: error ? "error" : "success",
    initialValue: Object.fromEntries(form),
    error,
  });
  const failed = (status: number, headers?: HeadersInit) =>
    data<ContactActionData>({ result: reply(), status: "failed" }, { status, headers });
  let received;
  try {
    received = await receiveContactMessage(context, {
      fields: Object.fromEntries(form),
      traps: {
        honeypot: form.get(spamTrapFields.honeypot),
        formToken: form.get(spamTrapFields.formToken),
      },
      clientAddress: context.clientAddress,
    });
  } catch (error) {
    logFailure("contact message not stored", error);
    return failed(500);
  }
  if (received.outcome === "invalid") {
    return data<ContactActionData>({ result: reply(received.fieldErrors), status: "invalid" }, 400);
  }
  if (received.outcome === "rate-limited") {
    return failed(429, { "Retry-After": String(received.retryAfterSeconds) });
  }
  if (enhanced) {
    return data<ContactActionData>({ result: { initialValue: null }, status: "sent" });
  }
  return redirectWithToast(
    "/contact#contact-form",
    { ...contactContent.form.success, variant: "success" },
    context.config.SITE_URL,
  );
}

function formatEventDate(date: string, endDate?: string) {
  const format = (value: string) =>
    new Date(`${value}T12:00:00Z`).toLocaleDateString("en-US", {
      month: "long",
      day: "numeric",
      year: "numeric",
      timeZone: "UTC",
    });
  return endDate ? `${format(date)} – ${format(endDate)}` : format(date);
}

type EventItem = Route.ComponentProps["loaderData"]["events"]["all"][number];

function EventEntry({ event, pastLabel }: { event: EventItem; pastLabel?: string }) {
  return (
    <li className="flex flex-col gap-1 border-l-2 border-gold pl-3">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium">{event.title}</span>
        <Badge variant="secondary">{event.kind}</Badge>
        {event.past && pastLabel && <Badge variant="outline">{pastLabel}</Badge>}
      </div>
      <p className="text-sm text-muted-foreground">
        <time dateTime={event.date}>{formatEventDate(event.date, event.endDate)}</time> ·{" "}
        {event.location}
      </p>
      <p className="text-sm">{event.description}</p>
    </li>
  );
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const { content, events, interest, prefilledMessage, formToken, constraint, toast } = loaderData;
  const { contactEmail, contactPhone } = useSiteSettings();
  const toForm = { pathname: "/contact", hash: "#contact-form" };
  // The spec scrolls to the form 100 ms after these links.
  const scrollToForm = { scrollDelayMs: 100 };
  return (
    <>
      <PageHero eyebrow={content.hero.eyebrow} title={content.hero.title} lead={content.hero.lead}>
        <div className="flex flex-wrap gap-3">
          <ScheduleButton size="lg">
            <CalendarDays aria-hidden="true" />
            {content.hero.scheduleLabel}
          </ScheduleButton>
          <Button asChild size="lg" variant="outline">
            <Link to={toForm} state={scrollToForm} preventScrollReset>
              <Mail aria-hidden="true" />
              {content.hero.messageLabel}
            </Link>
          </Button>
        </div>
      </PageHero>

      <section aria-labelledby="services-title" className="container-page py-16">
        <h2 id="services-title" className="mb-8 font-serif text-3xl font-semibold">
          {content.services.title}
        </h2>
        <ul className="grid gap-6 md:grid-cols-3" data-testid="service-cards">
          {content.services.cards.map((card) => {
            const Icon = serviceIcons[card.icon];
            return (
              <li key={card.title}>
                <Card className="flex h-full flex-col">
                  <CardHeader>
                    <Icon aria-hidden="true" className="size-8 text-accent" />
                    <CardTitle>{card.title}</CardTitle>
                    <CardDescription>{card.description}</CardDescription>
                  </CardHeader>
                  <CardContent className="mt-auto">
                    <Button asChild variant="link" className="px-0!">
                      {card.action.kind === "form" ? (
                        <Link to={toForm} state={scrollToForm} preventScrollReset>
                          {card.action.label}
                          <span className="sr-only"> about {card.title}</span>
                        </Link>
                      ) : (
                        <Link to="/training">
                          {card.action.label}
                          <span className="sr-only"> about {card.title}</span>
                        </Link>
                      )}
                    </Button>
                  </CardContent>
                </Card>
              </li>
            );
          })}
        </ul>
      </section>

      <section className="container-page grid gap-8 pb-16 lg:grid-cols-[3fr_2fr]">
        <Card>
          <CardHeader>
            <h2 className="font-serif text-2xl font-semibold">{content.form.title}</h2>
            <CardDescription>{content.form.description}</CardDescription>
          </CardHeader>
          <CardContent>
            <FormIsland
              name="contact"
              component={ContactForm}
              props={{
                defaultInterest: interest,
                defaultMessage: prefilledMessage,
                formToken,
                constraint,
                copy: content.form,
                contactEmail,
                answer: actionData,
                toast,
              }}
            />
          </CardContent>
        </Card>

        <div className="flex flex-col gap-8">
          <Card>
            <CardHeader>
              <h2 className="font-serif text-2xl font-semibold">{content.directContact.title}</h2>
            </CardHeader>
            <CardContent>
              <ul className="flex flex-col gap-4">
                <li className="flex gap-3">
                  <MapPin aria-hidden="true" className="mt-0.5 size-5 text-accent" />
                  <div>
                    <p className="text-sm text-muted-foreground">
                      {content.directContact.locationLabel}
                    </p>
                    <p>{siteConfig.location.label}</p>
                  </div>
                </li>
                <li className="flex gap-3">
                  <Mail aria-hidden="true" className="mt-0.5 size-5 text-accent" />
                  <div>
                    <p className="text-sm text-muted-foreground">
                      {content.directContact.emailLabel}
                    </p>
                    <p>
                      <a href={`mailto:${contactEmail}`} className="underline underline-offset-4">
                        {contactEmail}
                      </a>
                    </p>
                  </div>
                </li>
                <li className="flex gap-3">
                  <Phone aria-hidden="true" className="mt-0.5 size-5 text-accent" />
                  <div>
                    <p className="text-sm text-muted-foreground">
                      {content.directContact.phoneLabel}
                    </p>
                    <p>
                      <a
                        href={`tel:${contactPhone.replace(/[^\d+]/g, "")}`}
                        className="whitespace-nowrap underline underline-offset-4"
                      >
                        {contactPhone}
                      </a>
                    </p>
                  </div>
                </li>
              </ul>
            </CardContent>
          </Card>

          <Card id="events" data-testid="events-card">
            <CardHeader>
              <h2 className="font-serif text-2xl font-semibold">{content.events.title}</h2>
            </CardHeader>
            <CardContent className="flex flex-col gap-4">
              {events.upcoming.length > 0 ? (
                <ul className="flex flex-col gap-4" data-testid="upcoming-events">
                  {events.upcoming.map((event) => (
                    <EventEntry key={`${event.date}-${event.title}`} event={event} />
                  ))}
                </ul>
              ) : (
                <div data-testid="no-upcoming-events" className="flex flex-col gap-2">
                  <p className="font-medium">{content.events.emptyTitle}</p>
                  <p className="text-sm text-muted-foreground">{content.events.emptyText}</p>
                  <Button asChild variant="link" className="self-start px-0!">
                    <Link
                      to={{
                        pathname: "/contact",
                        search: "?interest=Keynote%20Speaking",
                        hash: "#contact-form",
                      }}
                      preventScrollReset
                    >
                      {content.events.askLabel}
                    </Link>
                  </Button>
                </div>
              )}
              {/* View All Events: the whole calendar, past events marked, without leaving the page. */}
              <details className="group" data-testid="all-events">
                <summary className="inline-flex cursor-pointer items-center rounded-md border border-input px-4 py-2 text-sm font-medium hover:bg-secondary focus-visible:outline-2 focus-visible:outline-ring">
                  {content.events.viewAllLabel}
                </summary>
                <ul className="mt-4 flex flex-col gap-4">
                  {events.all.map((event) => (
                    <EventEntry
                      key={`${event.date}-${event.title}`}
                      event={event}
                      pastLabel={content.events.pastLabel}
                    />
                  ))}
                </ul>
              </details>
            </CardContent>
          </Card>
        </div>
      </section>

      <section aria-labelledby="closing-title" className="bg-primary text-primary-foreground">
        <div className="container-page flex flex-col items-center gap-5 py-16 text-center">
          <h2 id="closing-title" className="font-serif text-3xl font-semibold">
            {content.closing.title}
          </h2>
          <p className="max-w-2xl opacity-90">{content.closing.text}</p>
          <ScheduleButton size="lg" variant="secondary">
            <CalendarDays aria-hidden="true" />
            {content.closing.scheduleLabel}
          </ScheduleButton>
        </div>
      </section>
    </>
  );
}
