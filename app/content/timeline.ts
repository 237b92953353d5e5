import { siteConfig } from "~/lib/site";

/** A milestone in the author's life; one of them opens a video. */
export type TimelineEntry = {
  year: string;
  title: string;
  description: string;
  videoId?: string;
  videoTitle?: string;
};

/** The author's path, from first sale to today, in five steps. */
export const authorTimeline: TimelineEntry[] = [
  {
    year: "1978",
    title: "The first sale — and the first lesson",
    description:
      "Fresh out of college, Daniel takes a commission-only sales job and learns the classic playbook: scripts, pressure, always be closing. The numbers come, but so does a quiet sense that something essential is missing from every conversation.",
  },
  {
    year: "1980s",
    title: "Entrepreneur and seeker",
    description:
      "Daniel founds his first company and, in the same years, begins serious practice in a non-dual spiritual lineage. By day he builds sales teams; by night he sits in meditation and self-inquiry, watching the same ego that drives his deals.",
  },
  {
    year: "Late 1980s",
    title: "The method is born",
    description:
      "Bringing the two worlds together, Daniel starts training his own salespeople to work from witness consciousness instead of technique. Results rise, turnover falls, and the first version of the seven practices takes shape.",
  },
  {
    year: "1990s–2000s",
    title: "Two public offerings",
    description:
      "As a serial entrepreneur, Daniel leads companies through two stock-exchange offerings — and rings the NASDAQ closing bell. Growth at that scale becomes the proving ground for selling from presence rather than pressure.",
    videoId: siteConfig.videos.nasdaqClosing.id,
    videoTitle: siteConfig.videos.nasdaqClosing.title,
  },
  {
    year: "Present",
    title: "Teaching presence",
    description:
      "With more than 40 years in business, Daniel now writes, speaks and trains from Boulder, Colorado, helping sales professionals, leaders and whole teams discover that the end of persuasion is the beginning of real connection.",
  },
];
