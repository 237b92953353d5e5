/** A chapter of the book as the book page lists it; the introduction has no number. */
export type Chapter = {
  number: "Introduction" | number;
  title: string;
  description: string;
};

/** The opening of the book: the introduction and chapters 1 to 5. */
export const bookChapters: Chapter[] = [
  {
    number: "Introduction",
    title: "The End of Persuasion",
    description:
      "Why the techniques that built modern selling now work against us, and what opens up when we stop trying to move people and start meeting them.",
  },
  {
    number: 1,
    title: "The Knower and the Known",
    description:
      "The foundation of the method: discovering the awareness behind every thought, so that no pitch, price or rejection can knock you off centre.",
  },
  {
    number: 2,
    title: "The Anatomy of the Sales Ego",
    description:
      "How the “me” that needs to win quietly sabotages trust — and how to recognise its patterns in the middle of a live conversation.",
  },
  {
    number: 3,
    title: "Subject and Object",
    description:
      "Why treating the buyer as an object to be moved breaks trust, and what changes when you meet the customer as a living, aware subject.",
  },
  {
    number: 4,
    title: "The Me vs. the Witness",
    description:
      "Practical ways to step back into witness consciousness during discovery calls, negotiations and difficult objections.",
  },
  {
    number: 5,
    title: "The Movie and the Screen",
    description:
      "Staying steady through wins, losses and long sales cycles by resting as the unchanging screen behind the drama of the pipeline.",
  },
];
