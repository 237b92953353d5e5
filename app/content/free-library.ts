/**
 * The free library: guides, audio practices and insight papers. /all-resources shows every
 * library item by category; /resources shows four free downloads. What a download key delivers
 * (a file, or the audio demo notice) is decided in one place: `~/lib/download-targets`.
 */
export const downloadTypes = [
  "Book Preview",
  "PDF Guide",
  "Infographic",
  "PDF Workbook",
  "Audio",
  "Article",
] as const;
export type DownloadType = (typeof downloadTypes)[number];

export const downloadCategories = [
  "Free Guides",
  "Audio Practices",
  "Articles & Insights",
] as const;
export type DownloadCategory = (typeof downloadCategories)[number];

/** The spec's eleven library keys. */
export const libraryDownloadKeys = [
  "witness-consciousness-guide",
  "method-overview",
  "selling-comparison",
  "ego-patterns-workbook",
  "ego-interrupt-practice",
  "presence-anchor-meditation",
  "witness-consciousness-practice",
  "energy-reading-technique",
  "sales-ego-recognition",
  "beyond-technique",
  "handling-objections",
] as const;
export type LibraryDownloadKey = (typeof libraryDownloadKeys)[number];

/** Every key the download helper serves: the library's eleven and the brand logo. */
export type DownloadKey = LibraryDownloadKey | "logo";

export type DownloadItem = {
  title: string;
  description: string;
  type: DownloadType;
  /** Reading or listening time, or length, as shown. */
  duration: string;
  /** The download-count text, as shown. */
  downloads: string;
  popular: boolean;
  category: DownloadCategory;
  /** A page to read instead of a file to download. */
  link?: { href: string; label: string };
  downloadKey?: LibraryDownloadKey;
  /** A file uploaded in the console (decision 270), saved under `fileName`. */
  file?: { href: string; fileName: string };
};

const sampleChapterExcerpts: DownloadItem = {
  title: "Sample Chapter Excerpts",
  description:
    "Read three complete excerpts from the book, Chapters 2, 4 and 9, with a real sales scenario and a practice in each.",
  type: "Book Preview",
  duration: "10 min read",
  downloads: "4,283 downloads",
  popular: true,
  category: "Free Guides",
  link: { href: "/sample-excerpts", label: "Read Excerpts" },
};

const witnessConsciousnessGuide: DownloadItem = {
  title: "The Witness Consciousness Guide",
  description:
    "A practical introduction to the foundation of the method: noticing your reactions on a call without being run by them.",
  type: "PDF Guide",
  duration: "2 pages",
  downloads: "2,847 downloads",
  popular: true,
  category: "Free Guides",
  downloadKey: "witness-consciousness-guide",
};

const methodOverview: DownloadItem = {
  title: "The Method Overview",
  description:
    "The seven practices of presence-based selling at a glance, how they build on each other and where to begin.",
  type: "PDF Guide",
  duration: "2 pages",
  downloads: "New this month",
  popular: false,
  category: "Free Guides",
  downloadKey: "method-overview",
};

const sellingComparison: DownloadItem = {
  title: "Traditional vs. Presence Selling",
  description:
    "A one-page comparison of two ways to meet a customer, from handling objections to measuring success.",
  type: "Infographic",
  duration: "1 page",
  downloads: "1,923 downloads",
  popular: false,
  category: "Free Guides",
  downloadKey: "selling-comparison",
};

const egoPatternsWorkbook: DownloadItem = {
  title: "The Ego Patterns Workbook",
  description:
    "Weekly exercises for recognizing the talker, the defender, the pleaser and the closer in your own calls.",
  type: "PDF Workbook",
  duration: "2 pages",
  downloads: "3,156 downloads",
  popular: true,
  category: "Free Guides",
  downloadKey: "ego-patterns-workbook",
};

const egoInterruptPractice: DownloadItem = {
  title: "Ego Interrupt Practice",
  description:
    "A short guided practice to catch the sales ego as it takes over and return to presence before your next call.",
  type: "Audio",
  duration: "1 min 45 sec",
  downloads: "MP3 download",
  popular: false,
  category: "Audio Practices",
  downloadKey: "ego-interrupt-practice",
};

const presenceAnchorMeditation: DownloadItem = {
  title: "Presence Anchor Meditation",
  description:
    "A guided meditation to settle body and breath and anchor your attention before important conversations.",
  type: "Audio",
  duration: "12 min",
  downloads: "Guided audio",
  popular: true,
  category: "Audio Practices",
  downloadKey: "presence-anchor-meditation",
};

const witnessConsciousnessPractice: DownloadItem = {
  title: "Witness Consciousness Practice",
  description:
    "A longer guided session in resting as the awareness that notices thoughts, feelings and the urge to react.",
  type: "Audio",
  duration: "18 min",
  downloads: "Guided audio",
  popular: false,
  category: "Audio Practices",
  downloadKey: "witness-consciousness-practice",
};

const energyReadingTechnique: DownloadItem = {
  title: "Energy Reading Technique",
  description:
    "Learn to sense the mood and readiness of a conversation through the body, and to respond to what is really there.",
  type: "Audio",
  duration: "15 min",
  downloads: "Guided audio",
  popular: false,
  category: "Audio Practices",
  downloadKey: "energy-reading-technique",
};

const salesEgoRecognition: DownloadItem = {
  title: "Recognizing the Sales Ego",
  description:
    "An insight paper on the self that takes over when a deal is at stake, its five signs and the turn toward presence.",
  type: "Article",
  duration: "5 min read",
  downloads: "PDF download",
  popular: false,
  category: "Articles & Insights",
  downloadKey: "sales-ego-recognition",
};

const beyondTechnique: DownloadItem = {
  title: "Beyond Technique",
  description:
    "Why scripts fade under pressure while presence does not, and three shifts that take you beyond technique.",
  type: "Article",
  duration: "5 min read",
  downloads: "PDF download",
  popular: false,
  category: "Articles & Insights",
  downloadKey: "beyond-technique",
};

const handlingObjections: DownloadItem = {
  title: "Handling Objections with Presence",
  description:
    "A field guide to meeting price, timing and competitor objections with curiosity instead of rebuttals.",
  type: "PDF Guide",
  duration: "2 pages",
  downloads: "Free download",
  popular: false,
  category: "Free Guides",
  downloadKey: "handling-objections",
};

/** The 11 items of the /all-resources library, in order within their categories. */
export const libraryItems: DownloadItem[] = [
  sampleChapterExcerpts,
  witnessConsciousnessGuide,
  methodOverview,
  sellingComparison,
  egoPatternsWorkbook,
  egoInterruptPractice,
  presenceAnchorMeditation,
  witnessConsciousnessPractice,
  energyReadingTechnique,
  salesEgoRecognition,
  beyondTechnique,
];

/** The four free downloads on /resources; the objections guide appears only here. */
export const featuredDownloads: DownloadItem[] = [
  witnessConsciousnessGuide,
  handlingObjections,
  egoInterruptPractice,
  sellingComparison,
];

/** A download's title as the library shows it (its key when no item carries it). */
export function guideTitle(key: string) {
  return (
    [...libraryItems, ...featuredDownloads].find((item) => item.downloadKey === key)?.title ?? key
  );
}
