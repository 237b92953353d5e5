/** One thing that happened on a deal, as its page lists it. */
export type DealTimelineEntry = { at: string; kind: string; title: string; detail?: string };
