import type { MetaDescriptor } from "react-router";
import { siteConfig } from "./site";

type JsonLd = Record<string, unknown>;

export type PageSeo = {
  title: string;
  description: string;
  /** Path of the page, e.g. "/method"; the canonical URL is SITE_URL + path. */
  path: string;
  keywords?: string[];
  image?: string;
  type?: "website" | "article" | "book" | "product";
  /** Structured data for this page, in addition to the Organization every page carries. */
  jsonLd?: JsonLd[];
  noindex?: boolean;
};

export const brandSuffix = ` | ${siteConfig.brand}`;
export const defaultSocialImage = "/images/social-card.png";
const baseKeywords = ["presence-based selling", "sales training", siteConfig.product.name];

/** Adds the brand suffix to a title that lacks it. */
export function withBrand(title: string) {
  return title.includes(siteConfig.brand) ? title : `${title}${brandSuffix}`;
}

export function absoluteUrl(siteUrl: string, path: string) {
  return new URL(path, `${siteUrl}/`).toString();
}

export function organizationJsonLd(siteUrl: string): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: siteConfig.brand,
    url: `${siteUrl}/`,
    logo: absoluteUrl(siteUrl, "/images/logo.svg"),
    founder: { "@type": "Person", name: siteConfig.author.name },
    address: {
      "@type": "PostalAddress",
      addressLocality: siteConfig.location.city,
      addressRegion: siteConfig.location.region,
      addressCountry: "US",
    },
  };
}

export function websiteJsonLd(siteUrl: string): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "WebSite",
    name: siteConfig.brand,
    url: `${siteUrl}/`,
    description: siteConfig.tagline,
  };
}

export function bookJsonLd(
  siteUrl: string,
  offer: { price: number; path: string; availability?: "PreOrder" | "InStock" },
): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "Book",
    name: siteConfig.product.name,
    author: { "@type": "Person", name: siteConfig.author.name },
    bookFormat: "https://schema.org/EBook",
    inLanguage: "en",
    url: absoluteUrl(siteUrl, "/book"),
    offers: {
      "@type": "Offer",
      price: offer.price.toFixed(2),
      priceCurrency: "USD",
      availability: `https://schema.org/${offer.availability ?? "PreOrder"}`,
      url: absoluteUrl(siteUrl, offer.path),
    },
  };
}

export function courseJsonLd(
  siteUrl: string,
  course: { name: string; description: string; path: string },
): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "Course",
    name: course.name,
    description: course.description,
    url: absoluteUrl(siteUrl, course.path),
    provider: {
      "@type": "Organization",
      name: siteConfig.brand,
      sameAs: `${siteUrl}/`,
    },
  };
}

export function faqJsonLd(questions: { question: string; answer: string }[]): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: questions.map(({ question, answer }) => ({
      "@type": "Question",
      name: question,
      acceptedAnswer: { "@type": "Answer", text: answer },
    })),
  };
}

export function articleJsonLd(
  siteUrl: string,
  article: {
    title: string;
    description: string;
    path: string;
    datePublished: string;
  },
): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "Article",
    headline: article.title,
    description: article.description,
    datePublished: article.datePublished,
    author: { "@type": "Person", name: siteConfig.author.name },
    publisher: { "@type": "Organization", name: siteConfig.brand },
    mainEntityOfPage: absoluteUrl(siteUrl, article.path),
  };
}

/** Every tag a page needs: title, description, keywords, canonical, social tags and JSON-LD. */
export function seo(page: PageSeo, siteUrl: string): MetaDescriptor[] {
  const title = withBrand(page.title);
  const canonical = absoluteUrl(siteUrl, page.path);
  const image = absoluteUrl(siteUrl, page.image ?? defaultSocialImage);
  const keywords = [...(page.keywords ?? []), ...baseKeywords].join(", ");
  const jsonLd = [organizationJsonLd(siteUrl), ...(page.jsonLd ?? [])];
  return [
    { title },
    { name: "description", content: page.description },
    { name: "keywords", content: keywords },
    { tagName: "link", rel: "canonical", href: canonical },
    ...(page.noindex ? [{ name: "robots", content: "noindex" }] : []),
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:site_name", content: siteConfig.brand },
    { property: "og:title", content: title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: canonical },
    { property: "og:image", content: image },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:site", content: siteConfig.social.twitter },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: page.description },
    { name: "twitter:image", content: image },
    ...jsonLd.map((data) => ({ "script:ld+json": data })),
  ];
}
