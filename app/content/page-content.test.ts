import { describe, expect, it } from "vitest";
import { listSampleChapters } from "~/.server/content/sample-chapters";
import { aboutPage } from "./about-page";
import { bookChapters } from "./chapters";
import {
  foundationsDailySchedule,
  foundationsMaterials,
  foundationsModules,
  foundationsPage,
  foundationsRolePlays,
} from "./foundations-program";
import { landingPage } from "./landing-page";
import { practices } from "./practices";
import { sellingComparison } from "./selling-comparison";
import { sessionTimeline } from "./session-timeline";
import { bookTestimonials, landingTestimonials, trainingTestimonials } from "./testimonials";
import { authorTimeline } from "./timeline";
import { trainingPrograms } from "./training-programs";

describe("method content", () => {
  it("has the seven practices in the spec's order, each complete", () => {
    expect(practices.map((practice) => practice.title)).toEqual([
      "Knower and the Known",
      "Subject / Object",
      "Love vs. Fear",
      "The Me vs. the Witness",
      "The Movie vs. the Screen",
      "Sensory Awareness",
      "Linguistic Vigilance",
    ]);
    for (const practice of practices) {
      expect(practice.subtitle).not.toBe("");
      expect(practice.description).not.toBe("");
      expect(practice.practices.length).toBeGreaterThan(0);
      expect(practice.salesBenefits.length).toBeGreaterThan(0);
    }
  });

  it("compares traditional and presence-based selling in four pairs", () => {
    expect(sellingComparison).toHaveLength(4);
  });
});

describe("about content", () => {
  it("has the five timeline steps, one of them with the video", () => {
    expect(authorTimeline.map((entry) => entry.year)).toEqual([
      "1978",
      "1980s",
      "Late 1980s",
      "1990s–2000s",
      "Present",
    ]);
    expect(authorTimeline.filter((entry) => entry.videoId)).toHaveLength(1);
  });

  it("links speaking to the form and consultation with its interest", () => {
    expect(aboutPage.speaking.bookSpeaking.href).toBe("/contact#contact-form");
    expect(aboutPage.speaking.consultation.href).toBe("/contact?interest=Private%20Consulting");
    expect(aboutPage.fullStory.cta.href).toBe("/full-story");
  });
});

describe("book content", () => {
  it("lists the introduction and chapters 1 to 5", () => {
    expect(bookChapters.map((chapter) => chapter.number)).toEqual(["Introduction", 1, 2, 3, 4, 5]);
  });

  it("names each chapter the free preview also shows by the same title", () => {
    const listed = new Map(bookChapters.map((chapter) => [chapter.number, chapter.title]));
    const shared = listSampleChapters().filter((sample) => listed.has(sample.chapterNumber));
    expect(shared.map((sample) => sample.chapterNumber)).toEqual([2, 4]);
    for (const sample of shared) expect(listed.get(sample.chapterNumber)).toBe(sample.title);
  });

  it("has three five-star testimonials", () => {
    expect(bookTestimonials).toHaveLength(3);
    expect(bookTestimonials.every((testimonial) => testimonial.rating === 5)).toBe(true);
  });
});

describe("training content", () => {
  it("offers the single session, the foundations workshop and corporate training", () => {
    expect(trainingPrograms.map((program) => program.id)).toEqual([
      "single-session",
      "foundations-workshop",
      "corporate",
    ]);
    const [single, workshop, corporate] = trainingPrograms;
    expect(single?.title).toBe("Sales Breakthrough Hour");
    expect(single?.investment).toMatchObject({ kind: "price", amount: 295 });
    expect(single?.action.kind).toBe("schedule");
    expect(workshop?.action).toMatchObject({ href: "/foundations-program" });
    expect(corporate?.investment.kind).toBe("quote");
    expect(corporate?.format).toContain("10+");
    expect(corporate?.action).toMatchObject({
      label: "Corporate Inquiry",
      href: "/contact#contact-form",
    });
  });

  it("splits the hour into 0-15, 15-40 and 40-60", () => {
    expect(sessionTimeline.map((segment) => [segment.startMinute, segment.endMinute])).toEqual([
      [0, 15],
      [15, 40],
      [40, 60],
    ]);
    expect(sessionTimeline.map((segment) => segment.title)).toEqual([
      "Assessment",
      "Tools",
      "Action Plan",
    ]);
  });

  it("tells success stories with company and an image the site owns", () => {
    for (const testimonial of trainingTestimonials) {
      expect(testimonial.company).not.toBe("");
      expect(testimonial.image.src).toMatch(/^\/images\//);
      expect(testimonial.image.alt).not.toBe("");
    }
  });
});

describe("foundations program content", () => {
  it("has seven modules, seven role-plays and the three materials", () => {
    expect(foundationsModules).toHaveLength(7);
    expect(foundationsRolePlays).toHaveLength(7);
    expect(foundationsMaterials.map((material) => material.title)).toEqual([
      "Workbook",
      "Case Study Library",
      "90-Day Integration Plan",
    ]);
  });

  it("runs three days, 9:00-12:30 and 1:30-5:00, for $14,495", () => {
    expect(foundationsPage.facts.days).toBe(3);
    expect(foundationsPage.facts.dailyHours).toBe("9:00am – 5:00pm daily");
    expect(foundationsDailySchedule.map((block) => `${block.start}-${block.end}`)).toEqual([
      "9:00-12:30",
      "1:30-5:00",
    ]);
    expect(foundationsPage.facts.priceLabel).toBe("$14,495");
  });
});

describe("landing page content", () => {
  it("states the offer, the claims and the lists the spec gives", () => {
    expect(landingPage.hero.headline).toBe("Stop Selling. Start Connecting.");
    expect(landingPage.offer).toMatchObject({
      badge: "Limited Time Offer",
      price: "$19.95",
      listPrice: "$29.95",
      savings: "Save $10",
      delivery: "Instant Download",
    });
    expect(landingPage.stats.map((stat) => stat.value)).toEqual(["10,000+", "47%", "4.9/5"]);
    expect(landingTestimonials).toHaveLength(2);
    expect(landingPage.inside.items).toHaveLength(6);
    expect(landingPage.finalOffer.includes.map((item) => item.text)).toEqual([
      "Instant PDF download",
      "Works on all devices",
      "30-day money-back guarantee",
      "Bonus quick-start guide",
    ]);
  });

  it("sends every call to action to /buy-now", () => {
    for (const cta of [landingPage.hero.cta, landingPage.offer.cta, landingPage.finalOffer.cta]) {
      expect(cta.href).toBe("/buy-now");
    }
  });
});
