import { createPrivateKey } from "node:crypto";
import { z } from "zod";
import { emailKey } from "./email-key";
import { defaultRuntimeSiteSettings, type RuntimeSiteSettings } from "~/lib/site";

const booleanSetting = z
  .enum(["true", "false", "1", "0", "yes", "no"], {
    message: "must be true or false",
  })
  .transform((value) => value === "true" || value === "1" || value === "yes");

const optionalText = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .optional();

const emailAddress = z.email({ message: "must be an email address" });

const configSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    /** Interface to bind; without SITE_URL (a local preview) it defaults to loopback only. */
    HOST: optionalText,
    /**
     * Which proxies may name the client through X-Forwarded-For: none by default, a hop count, or
     * addresses/subnets (Express's `trust proxy`).
     */
    TRUST_PROXY: optionalText.transform(parseTrustProxy),
    /** How long a SIGTERM waits for in-flight requests before closing connections. */
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
    /** Bearer token that opens GET /metrics; without it the endpoint answers 404. */
    METRICS_TOKEN: optionalText,
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "silent"]).default("info"),
    /**
     * Adds `preload` to Strict-Transport-Security: for an owner who submits the domain to
     * hstspreload.org (every subdomain must then serve https, for good).
     */
    HSTS_PRELOAD: booleanSetting.default(false),
    /** Lets a production server run on a plain-http SITE_URL (a private test behind no TLS). */
    ALLOW_HTTP_SITE_URL: booleanSetting.default(false),
    SITE_URL: z
      .url({ message: "must be an absolute http(s) URL" })
      .refine((value) => /^https?:\/\//.test(value), "must be an absolute http(s) URL")
      .transform((value) => value.replace(/\/+$/, ""))
      .default(defaultRuntimeSiteSettings.siteUrl),
    DATABASE_URL: z
      .string()
      .regex(/^(file:|postgres:\/\/|postgresql:\/\/)/, "must start with file: or postgres://")
      .default("file:data/site.db"),
    SMTP_URL: optionalText.pipe(
      z.url({ message: "must be an smtp:// or smtps:// URL" }).optional(),
    ),
    /** Where emails are written as .eml files when SMTP_URL is empty (default data/mail). */
    MAIL_DIR: optionalText,
    /**
     * Where the console's uploads (article images) are kept (default data/uploads). Several
     * instances must share it: a volume every instance mounts (docs/deployment-and-scaling.md).
     */
    UPLOADS_DIR: optionalText,
    /** The largest image the console takes, in MB: a phone's full-size photo fits (decision 309). */
    IMAGE_UPLOAD_MAX_MB: z.coerce.number().int().min(1).max(100).default(25),
    MAIL_FROM: z.string().default(`Presence Selling <no-reply@presenceselling.com>`),
    /** Where replies to a broadcast go (the From is a no-reply address); empty: no Reply-To. */
    MAIL_REPLY_TO: optionalText.pipe(emailAddress.optional()),
    /**
     * The sender's postal address, in every broadcast's footer (CAN-SPAM asks for a valid one).
     * A broadcast cannot be sent until it is set.
     */
    MAIL_POSTAL_ADDRESS: optionalText.pipe(
      z.string().max(300, "must be at most 300 characters").optional(),
    ),
    /** DKIM signing of outgoing mail: all three or none. */
    DKIM_DOMAIN: optionalText.pipe(
      z
        .string()
        .regex(/^[a-z0-9.-]+\.[a-z]{2,}$/i, "must be a domain name like presenceselling.com")
        .optional(),
    ),
    DKIM_SELECTOR: optionalText.pipe(
      z
        .string()
        .regex(/^[a-z0-9-]+(\.[a-z0-9-]+)*$/i, "must be a DNS label like mail2026")
        .optional(),
    ),
    /** PEM text; `\n` escapes (a key kept on one line of an env file) become line breaks. */
    DKIM_PRIVATE_KEY: optionalText.transform((value) => value?.replace(/\\n/g, "\n")),
    OWNER_EMAIL: emailAddress.default("owner@presenceselling.com"),
    CONTACT_EMAIL: emailAddress.default(defaultRuntimeSiteSettings.contactEmail),
    CONTACT_PHONE: z.string().min(3).default(defaultRuntimeSiteSettings.contactPhone),
    /** An outside scheduling page for every Schedule button; without it, the site's /booking. */
    SCHEDULING_URL: optionalText.pipe(z.url({ message: "must be an absolute URL" }).optional()),
    SALES_OPEN: booleanSetting.default(false),
    STRIPE_SECRET_KEY: optionalText,
    STRIPE_WEBHOOK_SECRET: optionalText,
    STRIPE_API_BASE: optionalText.pipe(z.url({ message: "must be a URL" }).optional()),
    DOWNLOAD_LINK_SECRET: z
      .string()
      .min(16, "must be at least 16 characters")
      .default("development-download-link-secret"),
    /** How long a book download link works, and how many downloads it allows. */
    DOWNLOAD_LINK_TTL_HOURS: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 90)
      .default(72),
    DOWNLOAD_LINK_MAX_DOWNLOADS: z.coerce.number().int().min(1).max(100).default(5),
    /** The book file buyers download; without it the server builds the PDF edition itself. */
    BOOK_PDF_PATH: optionalText,
    /** Checkout sessions one visitor address may start per 10 minutes; 0 lifts the limit. */
    CHECKOUT_RATE_LIMIT: z.coerce.number().int().min(0).default(20),
    CONTACT_RATE_LIMIT: z.coerce.number().int().min(0).default(5),
    NEWSLETTER_RATE_LIMIT: z.coerce.number().int().min(0).default(10),
    /** Form tokens one visitor address may fetch per 10 minutes (/functions/v1/form-token); 0 lifts the limit. */
    FORM_TOKEN_RATE_LIMIT: z.coerce.number().int().min(0).default(60),
    CONTACT_MIN_FILL_SECONDS: z.coerce.number().min(0).max(600).default(3),
    NEWSLETTER_LINK_SECRET: z
      .string()
      .min(16, "must be at least 16 characters")
      .default("development-newsletter-link-secret"),
    OUTBOX_POLL_INTERVAL_MS: z.coerce.number().int().min(10).default(5_000),
    OUTBOX_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
    OUTBOX_RETRY_BASE_MS: z.coerce.number().int().min(0).default(60_000),
    /**
     * Where this instance sends its outbox: `thread` (a worker thread of its own, off the requests'
     * event loop), `inline` (on the requests' event loop) or `none` (`npm run worker` sends it).
     */
    OUTBOX_WORKER: z.enum(["thread", "inline", "none"]).default("inline"),
    /** Who may sign in to /admin: comma-separated addresses; empty means OWNER_EMAIL alone. */
    ADMIN_EMAILS: z
      .string()
      .default("")
      .transform((value) => value.split(",").map(emailKey).filter(Boolean))
      .pipe(z.array(emailAddress)),
    ADMIN_LINK_TTL_MINUTES: z.coerce.number().int().min(1).max(60).default(15),
    ADMIN_SESSION_IDLE_MINUTES: z.coerce.number().int().min(5).default(120),
    ADMIN_SESSION_MAX_HOURS: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 30)
      .default(24 * 7),
    /** Sign-in link requests one visitor address may make per 15 minutes; 0 lifts the limit. */
    ADMIN_SIGN_IN_RATE_LIMIT: z.coerce.number().int().min(0).default(5),
    /** How long an email stays claimed by one instance; renewed while it is being sent. */
    OUTBOX_LEASE_MS: z.coerce.number().int().min(1_000).default(60_000),
    /** Broadcast emails sent per minute, all instances together (a provider's limit); 0 lifts it. */
    BROADCAST_RATE_PER_MINUTE: z.coerce.number().int().min(0).default(300),
    /**
     * A scheduled broadcast found more than this late (the site was down at its time) is held and
     * the owner asked to send it now or reschedule it; within it, it goes.
     */
    BROADCAST_LATE_GRACE_MINUTES: z.coerce.number().int().min(0).default(15),
    /** How often scheduled broadcasts are looked for and interrupted queueing is resumed. */
    BROADCAST_QUEUE_INTERVAL_MS: z.coerce.number().int().min(100).default(30_000),
    /** How often the email sequences' pass looks for readers whose next step is due. */
    SEQUENCE_PASS_INTERVAL_MS: z.coerce.number().int().min(100).default(60_000),
    /** Soft bounces (mailbox full, for now) of one address within SOFT_BOUNCE_DAYS that suppress it. */
    SOFT_BOUNCE_LIMIT: z.coerce.number().int().min(1).max(100).default(3),
    SOFT_BOUNCE_DAYS: z.coerce.number().int().min(1).max(365).default(7),
    /** A broadcast pauses itself when its complaint rate passes this (percent)... */
    BROADCAST_COMPLAINT_PAUSE_PERCENT: z.coerce.number().min(0).max(100).default(0.3),
    /** ...once this many of its emails were delivered. */
    BROADCAST_COMPLAINT_MIN_DELIVERED: z.coerce.number().int().min(1).default(1000),
    /**
     * Provider webhooks (docs/email-and-deliverability.md): each answers 404 until its setting is
     * given. SES through SNS: the topic ARNs allowed, comma-separated.
     */
    SES_SNS_TOPIC_ARNS: optionalText,
    /**
     * Fetches SNS's signing certificates from this host:port instead of the certificate URL's own
     * (a local fake in tests); the URL is still checked to be Amazon's, and TLS names its host.
     */
    SES_SNS_CERT_ORIGIN: optionalText,
    /** The secret Postmark sends in the `X-Webhook-Secret` header (a custom header of the webhook). */
    POSTMARK_WEBHOOK_SECRET: optionalText,
    /** Mailgun's HTTP webhook signing key. */
    MAILGUN_WEBHOOK_SIGNING_KEY: optionalText,
    /** SendGrid's signed event webhook verification key (base64 ECDSA public key). */
    SENDGRID_WEBHOOK_PUBLIC_KEY: optionalText,
    /** Resend's webhook signing secret (`whsec_...`, Svix). */
    RESEND_WEBHOOK_SECRET: optionalText,
    /** The owner's IANA time zone: availability is wall-clock hours in it. */
    BOOKING_TIME_ZONE: z
      .string()
      .refine(isTimeZoneName, "must be an IANA time zone such as America/Denver")
      .default("America/Denver"),
    /** The zone the owner's days are in (analytics and the dashboard); unset: BOOKING_TIME_ZONE. */
    OWNER_TIME_ZONE: optionalText.refine(
      (value) => value === undefined || isTimeZoneName(value),
      "must be an IANA time zone such as America/Denver",
    ),
    /** How long a workshop seat is held while its Stripe Checkout session is open (Stripe: 30 minutes to 24 hours). */
    WORKSHOP_HOLD_MINUTES: z.coerce.number().int().min(30).max(1440).default(30),
    /** How long a freed seat is kept for the next person on a cohort's waiting list. */
    WORKSHOP_OFFER_HOURS: z.coerce.number().int().min(1).max(168).default(24),
    /** How often lapsed holds and offers are swept (every instance; each row is claimed once). */
    WORKSHOP_SWEEP_INTERVAL_MS: z.coerce.number().int().min(1_000).default(60_000),
    /** Days after a balance request that an unpaid balance is asked for once more. */
    WORKSHOP_BALANCE_CHASE_DAYS: z.coerce.number().int().min(1).max(60).default(7),
    /** Registrations and waiting-list places one visitor address, and one email, may ask for per 10 minutes; 0 lifts it. */
    WORKSHOP_RATE_LIMIT: z.coerce.number().int().min(0).default(10),
    /** Length of the free intro call, in minutes. */
    INTRO_CALL_MINUTES: z.coerce.number().int().min(5).max(120).default(20),
    /** How long an unconfirmed free booking holds its time before it lapses. */
    BOOKING_HOLD_MINUTES: z.coerce.number().int().min(1).max(60).default(10),
    /** Bookings one visitor address, and one email address, may make per 10 minutes; 0 lifts it. */
    BOOKING_RATE_LIMIT: z.coerce.number().int().min(0).default(5),
    /** How often the booking reminders due (a day and an hour before, an unbooked order) are sent. */
    BOOKING_REMINDER_INTERVAL_MS: z.coerce.number().int().min(1_000).default(60_000),
    /** How often the owner's busy-times calendar is fetched (by one instance for all). */
    BOOKING_BUSY_POLL_INTERVAL_MS: z.coerce.number().int().min(1_000).default(300_000),
    /** Longest wait for the busy-times calendar before the fetch counts as failed. */
    BOOKING_BUSY_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
    /** A fixed meeting link for every session; without it each gets its own Jitsi room. */
    BOOKING_MEETING_URL: optionalText.pipe(
      z.url({ message: "must be an absolute URL" }).optional(),
    ),
    /**
     * Longest wait on the SMTP server (connect, greeting; twice it for the envelope) before an
     * attempt fails and is retried.
     */
    SMTP_TIMEOUT_MS: z.coerce.number().int().min(100).default(20_000),
    /**
     * Longest wait for the reply to a message handed over whole (RFC 5321 section 4.5.3.2.6:
     * 10 minutes).
     * Without one the email "may not have gone out" and is never sent again on its own.
     */
    SMTP_DATA_REPLY_TIMEOUT_MS: z.coerce
      .number()
      .int()
      .min(100)
      .default(10 * 60_000),
    /** SMTP connections kept open and used at once by each instance (nodemailer's pool). */
    SMTP_POOL_CONNECTIONS: z.coerce.number().int().min(1).max(50).default(5),
    /**
     * The most SMTP connections each instance opens while the server is slow to answer (each
     * message's reply takes 100 ms or more); 4 x SMTP_POOL_CONNECTIONS unless set. Set it to
     * SMTP_POOL_CONNECTIONS for a provider that allows no more.
     */
    SMTP_POOL_MAX_CONNECTIONS: z.coerce.number().int().min(1).max(200).optional(),
    /** Emails sent over one pooled connection before it is replaced. */
    SMTP_POOL_MESSAGES: z.coerce.number().int().min(1).max(10_000).default(100),
    /**
     * The return path of every email, sent as `local+<email id>@domain` (VERP), so a delivery
     * report mailed back names its email; the mailbox is read at BOUNCE_MAILBOX_URL.
     */
    BOUNCE_ADDRESS: optionalText.pipe(
      emailAddress
        .refine((address) => !address.split("@")[0]!.includes("+"), {
          message: "must have no + before the @ (each email adds its own)",
        })
        .optional(),
    ),
    /** The IMAP mailbox delivery reports reach: bounces and complaints are read from it. */
    BOUNCE_MAILBOX_URL: optionalText.pipe(
      z
        .string()
        .regex(
          /^imaps?:\/\/[^/@]+@[^/]+/,
          "must be an imaps:// URL with the mailbox's user, like imaps://user:password@imap.example.com/INBOX",
        )
        .optional(),
    ),
    /** How often the bounce mailbox is read. */
    BOUNCE_MAILBOX_POLL_INTERVAL_MS: z.coerce.number().int().min(100).default(60_000),
    /**
     * A broadcast pauses once more than this share (%) of its latest sends were refused, whatever
     * the refusals say (counted over at least 50 sends); 100 turns the breaker off.
     */
    BROADCAST_PAUSE_REFUSAL_PERCENT: z.coerce.number().min(1).max(100).default(10),
    /** A browser sending Global Privacy Control (`Sec-GPC: 1`) is not counted unless this is false. */
    ANALYTICS_HONOR_GPC: booleanSetting.default(true),
    /** Path prefixes never counted (comma-separated, e.g. `/drafts,/thank-you`); /admin never is. */
    ANALYTICS_EXCLUDED_PATHS: z
      .string()
      .default("")
      .transform((value) =>
        value
          .split(",")
          .map((entry) => entry.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.string().regex(/^\//, "must be paths starting with /"))),
    /** Beacons one visitor may send per minute; past it they are refused (429). */
    ANALYTICS_VISITOR_RATE_LIMIT: z.coerce.number().int().min(1).default(120),
    /** How often accepted beacons are written to the database, in one batch. */
    ANALYTICS_FLUSH_INTERVAL_MS: z.coerce.number().int().min(10).max(60_000).default(1_000),
    /** How often finished days are rolled up and raw events past the retention deleted. */
    ANALYTICS_HOUSEKEEPING_INTERVAL_MS: z.coerce
      .number()
      .int()
      .min(1_000)
      .default(15 * 60_000),
  })
  .superRefine((config, ctx) => {
    if (config.SMTP_TIMEOUT_MS >= config.OUTBOX_LEASE_MS) {
      ctx.addIssue({
        code: "custom",
        path: ["SMTP_TIMEOUT_MS"],
        message: "must be shorter than OUTBOX_LEASE_MS (a stalled send must end before its lease)",
      });
    }
    const dkimProblem = dkimSettingsProblem(config);
    if (dkimProblem) ctx.addIssue({ code: "custom", ...dkimProblem });
    if (config.SALES_OPEN && !config.STRIPE_SECRET_KEY) {
      ctx.addIssue({
        code: "custom",
        path: ["STRIPE_SECRET_KEY"],
        message: "is required when SALES_OPEN is true",
      });
    }
    if (config.HSTS_PRELOAD && !config.SITE_URL.startsWith("https://")) {
      ctx.addIssue({
        code: "custom",
        path: ["HSTS_PRELOAD"],
        message: "needs an https SITE_URL (Strict-Transport-Security is sent over https only)",
      });
    }
    if (config.SALES_OPEN && !config.STRIPE_WEBHOOK_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["STRIPE_WEBHOOK_SECRET"],
        message: "is required when SALES_OPEN is true",
      });
    }
  });

type DkimSettings = {
  MAIL_FROM: string;
  DKIM_DOMAIN?: string;
  DKIM_SELECTOR?: string;
  DKIM_PRIVATE_KEY?: string;
};

function dkimSettingsProblem(
  config: DkimSettings,
): { path: string[]; message: string } | undefined {
  const names = ["DKIM_DOMAIN", "DKIM_SELECTOR", "DKIM_PRIVATE_KEY"] as const;
  const missing = names.filter((name) => !config[name]);
  if (missing.length === names.length) return undefined;
  if (missing.length > 0)
    return { path: [missing[0]!], message: "is required when any DKIM_ setting is set" };
  try {
    createPrivateKey(config.DKIM_PRIVATE_KEY!);
  } catch {
    return { path: ["DKIM_PRIVATE_KEY"], message: "must be a private key in PEM form" };
  }
  // DMARC passes only when the signing domain aligns with the From address's domain.
  const fromDomain = /@([^>\s]+)>?\s*$/.exec(config.MAIL_FROM)?.[1]?.toLowerCase() ?? "";
  const domain = config.DKIM_DOMAIN!.toLowerCase();
  if (fromDomain !== domain && !fromDomain.endsWith(`.${domain}`))
    return {
      path: ["DKIM_DOMAIN"],
      message: `must be the domain of MAIL_FROM (${fromDomain}) or a parent of it`,
    };
  return undefined;
}

export type AppConfig = Omit<z.infer<typeof configSchema>, "OWNER_TIME_ZONE"> & {
  /** Where analytics and the dashboard cut days: OWNER_TIME_ZONE, else BOOKING_TIME_ZONE. */
  OWNER_TIME_ZONE: string;
  /** The interface the server binds. */
  HOST: string;
  MAIL_DIR: string;
  UPLOADS_DIR: string;
  /** Production with a public SITE_URL: the strict rules of {@link deploymentProblem} hold. */
  deployment: boolean;
};

const developmentSecrets = new Set([
  "development-download-link-secret",
  "development-newsletter-link-secret",
]);
const signingSecrets = ["DOWNLOAD_LINK_SECRET", "NEWSLETTER_LINK_SECRET"] as const;
const loopbackHosts = new Set(["127.0.0.1", "::1", "localhost"]);

function isTimeZoneName(name: string) {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

function parseTrustProxy(value: string | undefined): boolean | number | string[] {
  if (!value) return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(",").map((entry) => entry.trim());
}

/**
 * A production server without SITE_URL is a local preview (`npm start` with no settings): it
 * listens on loopback only, so development secrets and mail written to files harm nobody. Once
 * it is deployed (SITE_URL set, or a public HOST), every secret and the mail route must be real.
 */
function deploymentProblem(
  config: z.infer<typeof configSchema>,
  env: Record<string, string | undefined>,
): string | undefined {
  if (!env.SITE_URL?.trim())
    return "SITE_URL: is required when a production server listens beyond localhost";
  if (!config.SITE_URL.startsWith("https://") && !config.ALLOW_HTTP_SITE_URL)
    return "SITE_URL: must be https:// in production (ALLOW_HTTP_SITE_URL=true for a private test)";
  for (const name of signingSecrets) {
    const secret = config[name];
    if (developmentSecrets.has(secret))
      return `${name}: must be set to a secret of your own in production`;
    if (Buffer.byteLength(secret) < 32) return `${name}: must be at least 32 bytes in production`;
  }
  if (!config.SMTP_URL && !config.MAIL_DIR)
    return "SMTP_URL: is required in production (or choose MAIL_DIR to write emails to files)";
  return undefined;
}

export class ConfigError extends Error {}

/** Parses settings; the error names the first bad setting in one line. */
export function parseConfig(
  env: Record<string, string | undefined>,
  { enforceDeployment = true } = {},
): AppConfig {
  const result = configSchema.safeParse(env);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const name = issue.path.join(".") || "configuration";
    throw new ConfigError(`Invalid setting ${name}: ${issue.message}`);
  }
  const parsed = result.data;
  const publicHost = parsed.HOST !== undefined && !loopbackHosts.has(parsed.HOST);
  const deployment =
    parsed.NODE_ENV === "production" && (Boolean(env.SITE_URL?.trim()) || publicHost);
  if (deployment && enforceDeployment) {
    const problem = deploymentProblem(parsed, env);
    if (problem) throw new ConfigError(`Invalid setting ${problem}`);
  }
  return {
    ...parsed,
    HOST: parsed.HOST ?? (deployment ? "0.0.0.0" : "127.0.0.1"),
    OWNER_TIME_ZONE: parsed.OWNER_TIME_ZONE ?? parsed.BOOKING_TIME_ZONE,
    MAIL_DIR: parsed.MAIL_DIR ?? "data/mail",
    UPLOADS_DIR: parsed.UPLOADS_DIR ?? "data/uploads",
    deployment,
  };
}

let current: AppConfig | undefined;

/** The process's settings, parsed once from process.env. */
export function getConfig(): AppConfig {
  // The build's prerender reads settings too; only a starting server must be deployable.
  current ??= parseConfig(process.env, { enforceDeployment: false });
  return current;
}

/** The settings of a starting server: a deployment that is not safe to run is refused. */
export function startupConfig(): AppConfig {
  current = parseConfig(process.env);
  return current;
}

export function runtimeSiteSettings(config: AppConfig): RuntimeSiteSettings {
  return {
    siteUrl: config.SITE_URL,
    contactEmail: config.CONTACT_EMAIL,
    contactPhone: config.CONTACT_PHONE,
    schedulingUrl: config.SCHEDULING_URL ?? `${config.SITE_URL}/booking`,
    salesOpen: config.SALES_OPEN,
  };
}

/** nodemailer's DKIM signing options, when a key is configured. */
export function dkimSigning(config: AppConfig) {
  const { DKIM_DOMAIN, DKIM_SELECTOR, DKIM_PRIVATE_KEY } = config;
  if (!DKIM_DOMAIN || !DKIM_SELECTOR || !DKIM_PRIVATE_KEY) return undefined;
  return { domainName: DKIM_DOMAIN, keySelector: DKIM_SELECTOR, privateKey: DKIM_PRIVATE_KEY };
}
