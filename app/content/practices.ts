/** One of the seven practices of the method, as the method page shows it. */
export type Practice = {
  title: string;
  subtitle: string;
  description: string;
  /** What to do: the practice itself, in short steps. */
  practices: string[];
  /** What changes in a sales conversation when it is lived. */
  salesBenefits: string[];
};

/** The seven practices, in the order the method teaches them. */
export const practices: Practice[] = [
  {
    title: "Knower and the Known",
    subtitle: "The foundation of awareness",
    description:
      "Every thought, feeling and sales situation is something known. What knows it is never itself an object. Recognising the knower behind the quota, the pitch and the nerves gives you a place to stand that no conversation can shake.",
    practices: [
      "Pause before each call and notice that you are aware of your own anticipation.",
      "Name what is known — “a worry about price”, “a hope for the deal” — without becoming it.",
      "Return to simple knowing whenever the conversation speeds up.",
    ],
    salesBenefits: [
      "Calm, steady attention in high-stakes meetings",
      "Clear perception of what is really happening in the room",
      "Less emotional wear from rejection and long sales cycles",
    ],
  },
  {
    title: "Subject / Object",
    subtitle: "Seeing the customer as a person, not a target",
    description:
      "Traditional selling turns the buyer into an object to be moved. When you meet the customer as a subject — a living, aware person with their own world — persuasion gives way to understanding, and the customer feels the difference at once.",
    practices: [
      "Before a meeting, write down what this person might be hoping for, apart from your product.",
      "Notice the moment you start treating someone as a number, and let it go.",
      "Ask one question purely to understand, with no agenda attached.",
    ],
    salesBenefits: [
      "Trust that forms early and lasts",
      "Discovery conversations that reveal real needs",
      "Relationships that bring repeat business and referrals",
    ],
  },
  {
    title: "Love vs. Fear",
    subtitle: "The two roots of every sales action",
    description:
      "Every move in a sale grows from one of two roots. Fear pushes, rushes and clings to the outcome; love listens, serves and lets the outcome be right for both sides. Learning to feel which root is active turns every choice into a conscious one.",
    practices: [
      "Before you speak, ask: is this coming from love or from fear?",
      "Feel where fear shows up in the body — a tight chest, a quick breath — and soften there.",
      "Choose the next sentence from care for the customer's real interest.",
    ],
    salesBenefits: [
      "Fewer pressured, regretted closes",
      "Offers sized to what the customer actually needs",
      "A reputation for integrity that precedes you",
    ],
  },
  {
    title: "The Me vs. the Witness",
    subtitle: "Stepping out of the ego's story",
    description:
      "The “me” wants to win, be liked and avoid rejection, and it narrates every call as a story about itself. The witness simply sees. Shifting from the me to the witness dissolves performance anxiety and leaves you free to serve.",
    practices: [
      "Catch the inner commentary — “I'm losing this one” — and label it as the me talking.",
      "Step back into the one who notices the commentary.",
      "Review each call from the witness: what happened, without praise or blame.",
    ],
    salesBenefits: [
      "Freedom from call reluctance and performance anxiety",
      "Objections heard as information, not as attacks",
      "Faster recovery after a lost deal",
    ],
  },
  {
    title: "The Movie vs. the Screen",
    subtitle: "Unchanging presence behind changing events",
    description:
      "Deals, targets and market swings play like a movie: gripping, fast and always changing. You are the screen it plays on — untouched by the plot. Resting as the screen lets you enjoy the drama of selling without being swept away by it.",
    practices: [
      "When a deal turns dramatic, remember: this is the movie, and I am the screen.",
      "Hold a good quarter and a bad quarter with the same open attention.",
      "End each day by letting the day's scenes go.",
    ],
    salesBenefits: [
      "Emotional stability through the highs and lows of a pipeline",
      "Consistent performance instead of streaks and slumps",
      "A sustainable career without burnout",
    ],
  },
  {
    title: "Sensory Awareness",
    subtitle: "Coming back to the body and the room",
    description:
      "The mind lives in the past and the future; the senses live now. Attending to breath, sound and the customer's voice and posture grounds you in the present, where you notice what a busy mind would miss.",
    practices: [
      "Take three conscious breaths before you pick up the phone or enter the room.",
      "Listen to the customer's tone and pace, not only their words.",
      "Feel your feet on the floor whenever you notice yourself rushing.",
    ],
    salesBenefits: [
      "Sharper listening and better reading of unspoken signals",
      "A calm, grounded presence that buyers find reassuring",
      "Better timing: knowing when to speak and when to wait",
    ],
  },
  {
    title: "Linguistic Vigilance",
    subtitle: "Words that come from presence",
    description:
      "Language shapes the conversation before the customer answers. Manipulative phrasing, hidden pressure and empty superlatives erode trust. Watching your words — and choosing clear, honest, invitational language — lets presence be heard as well as felt.",
    practices: [
      "Notice pressure words such as “need to”, “last chance” and “just sign”, and replace them.",
      "Say what you actually mean, in plain language, and then stop talking.",
      "Listen back to one recorded call each week for habits of speech.",
    ],
    salesBenefits: [
      "Proposals and emails that read as honest and clear",
      "Conversations free of the defensiveness pressure creates",
      "Customers who repeat your words when they recommend you",
    ],
  },
];
