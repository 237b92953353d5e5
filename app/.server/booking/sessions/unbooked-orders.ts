import type { Db } from "../../core/db/database";

/**
 * Paid orders that include the session and have none holding time: the buyer has not booked
 * (or their session was cancelled). The console lists them; the reminders narrow them further.
 */
export function unbookedPaidOrders(db: Db) {
  return (
    db
      .selectFrom("orders")
      .select(["id", "email", "first_name", "last_name", "person_id", "paid_at"])
      .where("status", "=", "paid")
      // An erased buyer's order stays for the accounts; nobody is left to book it.
      .where("email", "<>", "erased")
      .where("items", "like", '%"breakthrough-session"%')
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom("bookings")
              .select("bookings.id")
              .whereRef("bookings.order_id", "=", "orders.id")
              .where("bookings.status", "not in", ["cancelled", "expired"]),
          ),
        ),
      )
      .orderBy("paid_at")
  );
}
