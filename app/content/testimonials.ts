/** A reader's or client's word about the book or the training; every rating shown is five stars. */
export type Testimonial = {
  name: string;
  /** The person's role. */
  title: string;
  content: string;
  rating: 5;
};

/** A training client's word, with the company and a portrait drawn for the site. */
export type TrainingTestimonial = Testimonial & {
  company: string;
  image: { src: string; alt: string; width: number; height: number };
};

export const bookTestimonials: Testimonial[] = [
  {
    name: "Sarah Mitchell",
    title: "VP of Sales",
    content:
      "I have read every sales book on the shelf. This is the first one that changed how I feel walking into a meeting. My team's close rate went up, but more importantly, the stress went down.",
    rating: 5,
  },
  {
    name: "James Okafor",
    title: "Enterprise Account Executive",
    content:
      "The chapter on the me versus the witness was worth the whole book. I stopped bracing for objections and started getting curious about them. Customers noticed immediately.",
    rating: 5,
  },
  {
    name: "Linda Alvarez",
    title: "Founder and CEO",
    content:
      "As a founder I hated selling because it felt like pretending. This book showed me I can sell by being more myself, not less. It reads like a mentor talking to you.",
    rating: 5,
  },
];

function portrait(file: string, name: string) {
  return {
    src: `/images/testimonials/${file}.svg`,
    alt: `Illustrated portrait of ${name}`,
    width: 96,
    height: 96,
  };
}

export const trainingTestimonials: TrainingTestimonial[] = [
  {
    name: "Michael Chen",
    title: "Regional Sales Director",
    company: "Summit Medical Systems",
    content:
      "Our team went through the foundations workshop as a group. Three months later our average deal size is up and, for the first time, people are enjoying their calls. The role-plays were uncomfortably real — in the best way.",
    rating: 5,
    image: portrait("michael-chen", "Michael Chen"),
  },
  {
    name: "Rachel Goldberg",
    title: "Independent Financial Advisor",
    company: "Goldberg Wealth Partners",
    content:
      "One Sales Breakthrough Hour did more for me than a year of sales coaching. Daniel saw in fifteen minutes the pattern that had been costing me clients, and gave me a practice I still use before every meeting.",
    rating: 5,
    image: portrait("rachel-goldberg", "Rachel Goldberg"),
  },
  {
    name: "David Park",
    title: "Chief Revenue Officer",
    company: "Brightline Software",
    content:
      "We brought the corporate program in for forty account executives. The shift from scripts to presence showed up in our numbers and in our customer reviews. Our people finally sound like themselves.",
    rating: 5,
    image: portrait("david-park", "David Park"),
  },
];

export const landingTestimonials: Testimonial[] = [
  {
    name: "Karen Whitfield",
    title: "Senior Sales Consultant",
    content:
      "I read it in one weekend and used the first practice on Monday. The conversation felt completely different — relaxed, honest — and I closed the largest account of my year.",
    rating: 5,
  },
  {
    name: "Marcus Bell",
    title: "Sales Manager",
    content:
      "Finally a sales book that doesn't ask you to become someone else. I've bought a copy for everyone on my team, and our one-to-ones are now about presence instead of pressure.",
    rating: 5,
  },
];
