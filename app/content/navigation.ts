/** A link in the site's top navigation. */
export type NavigationItem = {
  name: string;
  href: string;
  description: string;
};

export const navigation: NavigationItem[] = [
  {
    name: "Home",
    href: "/",
    description: "The end of persuasion, the rise of presence",
  },
  {
    name: "The Method",
    href: "/method",
    description: "The seven practices of presence-based selling",
  },
  {
    name: "About the author",
    href: "/about",
    description: "Forty years in business and in the practice of presence",
  },
  {
    name: "The Book",
    href: "/book",
    description: "Chapters, reader reviews and a free preview",
  },
  {
    name: "Training",
    href: "/training",
    description: "One-to-one sessions, workshops and corporate programs",
  },
  {
    name: "Resources",
    href: "/resources",
    description: "Free guides, audio practices and articles",
  },
  {
    name: "Buy",
    href: "/buy-now",
    description: "Get the book and the Sales Breakthrough Hour",
  },
  {
    name: "Contact",
    href: "/contact",
    description: "Speaking, training and consulting inquiries",
  },
];
