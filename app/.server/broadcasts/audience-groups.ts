import type { Kysely, SelectQueryBuilder } from "kysely";
import type { Database } from "../core/db/schema";

/**
 * People a capability on a higher floor names, that a broadcast may go to (a workshop cohort's
 * attendees, decision 265). The capability registers its kind through the wiring, so the
 * broadcasts reach them without importing it.
 */
export interface AudienceGroup {
  /** What the owner reads for the group `ref` names; undefined when there is no such group. */
  describe(db: Kysely<Database>, ref: string): Promise<string | undefined>;
  /** The group's people now, one `person_id` column, no repeats. */
  members(
    db: Kysely<Database>,
    ref: string,
  ): SelectQueryBuilder<Database, never, { person_id: string }>;
  /** What the unsubscribe link of a letter to the group does for this person. */
  leave(trx: Kysely<Database>, ref: string, member: { personId: string; now: Date }): Promise<void>;
}

const groups = new Map<string, AudienceGroup>();

/** Registers a kind of group (registering the same kind again replaces it). */
export function registerAudienceGroup(kind: string, group: AudienceGroup) {
  groups.set(kind, group);
}

/** The group a key (`kind:ref`) names, if its kind is registered. */
export function audienceGroup(key: string) {
  const colon = key.indexOf(":");
  const group = colon > 0 ? groups.get(key.slice(0, colon)) : undefined;
  return group ? { group, ref: key.slice(colon + 1) } : undefined;
}

/** The group's label, or undefined when the key names no group. */
export async function describeAudienceGroup(db: Kysely<Database>, key: string) {
  const found = audienceGroup(key);
  return found ? found.group.describe(db, found.ref) : undefined;
}
