import type { Db } from "../../core/db/database";
import { inBatches } from "../../core/db/in-batches";
import type { ListName } from "~/lib/lists";

export type ListMember = {
  /** The membership's id: `membershipLinks` signs its unsubscribe link. */
  id: string;
  personId: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  /** JSON array of interest keys. */
  interests: string;
};

/**
 * Everyone who may be sent a list's mail: confirmed members, in id order and read in batches (a
 * list of 100,000 is never held at once). Unsubscribed and pending members are left out, and so
 * is anyone the outbox has given up on (`bounced_at`). With `interests`, only members who chose
 * at least one of them.
 */
export function confirmedMembers(
  db: Db,
  { list, interests = [] }: { list: ListName; interests?: readonly string[] },
): AsyncGenerator<ListMember> {
  return inBatches((lastId, size) => {
    let query = db
      .selectFrom("list_memberships")
      .innerJoin("people", "people.id", "list_memberships.person_id")
      .select([
        "list_memberships.id",
        "people.id as personId",
        "people.email",
        "people.first_name as firstName",
        "people.last_name as lastName",
        "list_memberships.interests",
      ])
      .where("list_memberships.list", "=", list)
      .where("list_memberships.status", "=", "confirmed")
      .where("people.bounced_at", "is", null)
      .orderBy("list_memberships.id")
      .limit(size);
    if (interests.length > 0) {
      // Interests are a JSON array of keys: match each quoted key.
      query = query.where((eb) =>
        eb.or(
          interests.map((interest) =>
            eb("list_memberships.interests", "like", `%${JSON.stringify(interest)}%`),
          ),
        ),
      );
    }
    if (lastId) query = query.where("list_memberships.id", ">", lastId);
    return query.execute();
  });
}
