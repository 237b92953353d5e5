/** The words of /resources and /all-resources around their download items and article teasers. */
export const resourcesPage = {
  hero: {
    eyebrow: "Free Resources",
    title: "Practical Tools for Presence-Based Selling",
    lead: "Guides, audio practices and articles to help you sell from presence instead of pressure. Every resource is free, and no email is required.",
  },
  downloads: {
    title: "Free Downloads",
    lead: "Start with these four, chosen by readers as the most useful first steps.",
    allResourcesCta: { label: "Access All Resources", href: "/all-resources" },
  },
  articles: {
    title: "Latest Insights",
    lead: "Short reads on the inner side of selling: attention, pressure, leadership and trust.",
    viewAllCta: { label: "View All Articles", href: "/all-resources#articles" },
  },
  subscribe: {
    title: "Get New Insights in Your Inbox",
    lead: "One short, practical email a week with a new insight or practice. Unsubscribe at any time.",
  },
  faqTitle: "Questions about the resources",
  faqs: [
    {
      question: "Do I need to give my email address to download a resource?",
      answer:
        "No. Every guide, audio practice and article on this site is free to download or read, and no email is required. The newsletter is optional.",
    },
    {
      question: "What formats are the downloads in?",
      answer:
        "The guides and workbooks are PDF files that open on any device, and the audio practices are MP3 files you can play on your phone or computer.",
    },
    {
      question: "Can I share the resources with my sales team?",
      answer:
        "Yes. Share the guides and articles freely with colleagues and teams; we only ask that you keep the author's name on them.",
    },
  ],
};

export const allResourcesPage = {
  hero: {
    eyebrow: "Resource Library",
    title: "All Downloads",
    lead: "Every free guide, audio practice and insight paper in one place. Download what you need, and come back whenever you want to go deeper.",
  },
  categoryLeads: {
    "Free Guides": "Guides, workbooks and a preview of the book to start your practice.",
    "Audio Practices": "Guided practices to settle your attention before and between calls.",
    "Articles & Insights": "Insight papers to download, and every article to read online.",
  },
  /** The Articles & Insights section carries this id: 'View All Articles' lands on it. */
  articlesSectionId: "articles",
  articlesListTitle: "Read the Articles",
  newsletter: {
    title: "Never Miss a New Resource",
    lead: "Get new guides, practices and articles by email as soon as they are published.",
  },
  backLink: { label: "Back to Resources", href: "/resources" },
};
