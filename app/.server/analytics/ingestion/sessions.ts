/**
 * A visit (session) ends after this long without an event from its visitor; a visit going on
 * across midnight keeps yesterday's salt for as long as it goes on.
 */
export const sessionQuietMs = 30 * 60_000;
