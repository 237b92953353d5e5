/**
 * The site's pages in the spec's order. `routes.ts` builds the router from this table and the
 * sitemap lists it, so a page added here is routed, prerendered and listed at once.
 */
export type PageRoute = {
  path: string;
  file: string;
  /** Left out of sitemap.xml (pages that only make sense as the end of a flow). */
  unlisted?: boolean;
};

export const pageRoutes: PageRoute[] = [
  { path: "/", file: "routes/home.tsx" },
  { path: "/method", file: "routes/method.tsx" },
  { path: "/about", file: "routes/about.tsx" },
  { path: "/full-story", file: "routes/full-story.tsx" },
  { path: "/book", file: "routes/book.tsx" },
  { path: "/training", file: "routes/training.tsx" },
  { path: "/resources", file: "routes/resources.tsx" },
  { path: "/all-resources", file: "routes/all-resources.tsx" },
  { path: "/contact", file: "routes/contact.tsx" },
  { path: "/buy-now", file: "routes/buy-now.tsx" },
  { path: "/payment-success", file: "routes/payment-success.tsx", unlisted: true },
  { path: "/landingpage", file: "routes/landing-page.tsx" },
  { path: "/signup", file: "routes/signup.tsx" },
  { path: "/sample-excerpts", file: "routes/sample-excerpts.tsx" },
  // One route for the articles, read from the store (decision 190) and listed in the sitemap.
  { path: "/articles/:slug", file: "routes/articles.$slug.tsx", unlisted: true },
  { path: "/foundations-program", file: "routes/foundations-program.tsx" },
  // The end of a workshop registration, and a waiting-list offer's personal page (issue 37).
  {
    path: "/foundations-program/registered",
    file: "routes/foundations-program.registered.tsx",
    unlisted: true,
  },
  {
    path: "/foundations-program/offer/:token",
    file: "routes/foundations-program.offer.$token.tsx",
    unlisted: true,
  },
  // An attendee's cancellation link and balance payment link, sent by email.
  {
    path: "/foundations-program/cancel/:token",
    file: "routes/foundations-program.cancel.$token.tsx",
    unlisted: true,
  },
  // A client's proposal, read and accepted through the signed link in its email (issue 51).
  { path: "/proposals/:token", file: "routes/proposals.$token.tsx", unlisted: true },
  {
    path: "/foundations-program/balance/:token",
    file: "routes/foundations-program.balance.$token.tsx",
    unlisted: true,
  },
  // Both lists' email links (decision 065).
  {
    path: "/lists/:list/confirm/:token",
    file: "routes/lists.$list.confirm.$token.tsx",
    unlisted: true,
  },
  {
    path: "/lists/:list/unsubscribe/:token",
    file: "routes/lists.$list.unsubscribe.$token.tsx",
    unlisted: true,
  },
  // A sequence email's "leave this sequence" link: the reader stops that series, not the list.
  {
    path: "/sequences/:id/leave/:list/:token",
    file: "routes/sequences.$id.leave.$list.$token.tsx",
    unlisted: true,
  },
  // Booking (decision 081): the free intro call, its email confirmation, the buyer's own page.
  { path: "/booking", file: "routes/booking.tsx" },
  {
    path: "/booking/confirm/:token",
    file: "routes/booking.confirm.$token.tsx",
    unlisted: true,
  },
  {
    path: "/booking/session/:token",
    file: "routes/booking.session.$token.tsx",
    unlisted: true,
  },
  // The booker's own links from their emails: move or cancel until the owner's cut-off.
  {
    path: "/booking/reschedule/:token",
    file: "routes/booking.reschedule.$token.tsx",
    unlisted: true,
  },
  {
    path: "/booking/cancel/:token",
    file: "routes/booking.cancel.$token.tsx",
    unlisted: true,
  },
  // The archive of published broadcasts: rendered per request, its letters listed from the database.
  { path: "/newsletter", file: "routes/newsletter._index.tsx" },
  { path: "/newsletter/:slug", file: "routes/newsletter.$slug.tsx", unlisted: true },
  // A broadcast email's own unsubscribe link: it leaves the list that email went to.
  {
    path: "/newsletter/unsubscribe/:token",
    file: "routes/newsletter.unsubscribe.$token.tsx",
    unlisted: true,
  },
];

/**
 * Machine-readable routes (sitemap, robots, the functions API); not pages. POST
 * /functions/v1/send-contact-email is answered before Express (server/contact-function.ts).
 */
export const resourceRoutes: PageRoute[] = [
  { path: "/sitemap.xml", file: "routes/sitemap-xml.ts" },
  { path: "/robots.txt", file: "routes/robots-txt.ts" },
  // The articles as RSS and Atom (decision 190), linked from the article pages' head.
  { path: "/feed.xml", file: "routes/feed-xml.ts" },
  { path: "/atom.xml", file: "routes/atom-xml.ts" },
  { path: "/schedule", file: "routes/schedule.ts" },
  { path: "/functions/v1/form-token", file: "routes/functions.v1.form-token.ts" },
  {
    path: "/functions/v1/create-checkout-session",
    file: "routes/functions.v1.create-checkout-session.ts",
  },
  { path: "/functions/v1/checkout-press", file: "routes/functions.v1.checkout-press.ts" },
  { path: "/functions/v1/stripe-webhook", file: "routes/functions.v1.stripe-webhook.ts" },
  // Email providers' bounces and complaints (issue 48); the provider is a name, never a secret.
  { path: "/webhooks/email/:provider", file: "routes/webhooks.email.$provider.ts" },
  { path: "/downloads/book/:token", file: "routes/downloads.book.$token.ts" },
  { path: "/proposals/:token/pdf", file: "routes/proposals.$token.pdf.ts" },
  { path: "/booking/invite/:token", file: "routes/booking.invite.$token.ts" },
  { path: "/booking/feed/:file", file: "routes/booking.feed.$file.ts" },
  // List links sent before decision 065: they redirect to /lists/... (one-click unsubscribe acts).
  { path: "/newsletter/confirm", file: "routes/newsletter.confirm.ts" },
  { path: "/newsletter/unsubscribe", file: "routes/newsletter.unsubscribe.ts" },
  { path: "/waitlist/confirm/:token", file: "routes/waitlist.confirm.$token.ts" },
];
