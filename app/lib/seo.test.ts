import { describe, expect, it } from "vitest";
import { bookJsonLd, courseJsonLd, faqJsonLd, seo, withBrand } from "./seo";

describe("seo", () => {
  it("adds the brand suffix only when the title lacks it", () => {
    expect(withBrand("The Book")).toBe("The Book | Presence Selling");
    expect(withBrand("Presence Selling Workshop")).toBe("Presence Selling Workshop");
  });

  it("builds title, description, keywords, canonical, social tags and JSON-LD", () => {
    const tags = seo(
      {
        title: "The Book",
        description: "About the book.",
        path: "/book",
        keywords: ["book"],
        jsonLd: [faqJsonLd([{ question: "Q?", answer: "A." }])],
      },
      "https://example.com",
    );
    expect(tags).toContainEqual({ title: "The Book | Presence Selling" });
    expect(tags).toContainEqual({ name: "description", content: "About the book." });
    expect(tags).toContainEqual({
      tagName: "link",
      rel: "canonical",
      href: "https://example.com/book",
    });
    expect(tags).toContainEqual({ property: "og:url", content: "https://example.com/book" });
    expect(tags).toContainEqual({
      property: "og:image",
      content: "https://example.com/images/social-card.png",
    });
    expect(tags).toContainEqual({ name: "twitter:card", content: "summary_large_image" });
    const keywords = tags.find((tag) => "name" in tag && tag.name === "keywords") as {
      content: string;
    };
    expect(keywords.content.startsWith("book, ")).toBe(true);
    const jsonLd = tags
      .filter((tag) => "script:ld+json" in tag)
      .map((tag) => (tag as Record<string, { "@type": string }>)["script:ld+json"]!["@type"]);
    expect(jsonLd).toEqual(["Organization", "FAQPage"]);
  });

  it("describes the book and courses with prices from the caller", () => {
    const book = bookJsonLd("https://example.com", { price: 19.99, path: "/buy-now" });
    expect(book).toMatchObject({
      "@type": "Book",
      offers: { price: "19.99", priceCurrency: "USD", url: "https://example.com/buy-now" },
    });
    const course = courseJsonLd("https://example.com", {
      name: "Foundations",
      description: "Three days.",
      path: "/foundations-program",
    });
    expect(course).toMatchObject({
      "@type": "Course",
      url: "https://example.com/foundations-program",
    });
  });
});
