/**
 * Site settings: the spec's `{product}`, `{email}` and `{phone}` and the other facts the pages
 * repeat. These are the defaults; the server overrides the contact and scheduling values from
 * the environment (see app/.server/config.ts) and hands them to the page through the root loader.
 */
export const siteConfig = {
  brand: "Presence Selling",
  product: { name: "No-Self Selling", slug: "no-self-selling" },
  tagline: "The End of Persuasion, The Rise of Presence",
  author: {
    name: "Daniel Ashworth",
    shortName: "Daniel",
    role: "Author, entrepreneur and sales trainer",
  },
  location: { city: "Boulder", region: "Colorado", label: "Boulder, Colorado" },
  contactEmail: "hello@presenceselling.com",
  contactPhone: "+1 (303) 555-0142",
  schedulingUrl: "https://calendly.com/presence-selling/breakthrough-hour",
  videos: {
    nasdaqClosing: { id: "Xn2vQm0cR3E", title: "NASDAQ Closing Bell" },
  },
  social: { twitter: "@presenceselling" },
} as const;

/** The settings a deployment may change at run time; everything else above is content. */
export type RuntimeSiteSettings = {
  siteUrl: string;
  contactEmail: string;
  contactPhone: string;
  schedulingUrl: string;
  salesOpen: boolean;
};

export const defaultRuntimeSiteSettings: RuntimeSiteSettings = {
  siteUrl: "http://localhost:3000",
  contactEmail: siteConfig.contactEmail,
  contactPhone: siteConfig.contactPhone,
  schedulingUrl: siteConfig.schedulingUrl,
  salesOpen: false,
};
