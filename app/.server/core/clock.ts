/** The time source services read, so tests can move time forward instead of waiting. */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };
