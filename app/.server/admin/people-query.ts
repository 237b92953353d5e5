import type { Db } from "../core/db/database";
import { peopleSources, type PeopleFilter } from "../audience";
import { membershipFilters } from "~/lib/audience-filters";
import { newsletterInterests } from "~/lib/newsletter-interests";

const day = /^\d{4}-\d{2}-\d{2}$/;

function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return values.find((candidate) => candidate === value);
}

/** The people list's filter from its query string; the list and its CSV export read the same. */
export async function peopleFilterFromQuery(db: Db, query: URLSearchParams) {
  const sources = await peopleSources(db);
  const filter: PeopleFilter = {
    search: query.get("q")?.trim().slice(0, 200) || undefined,
    membership: oneOf(
      membershipFilters.map((option) => option.value),
      query.get("list"),
    ),
    interest: oneOf(
      newsletterInterests.map((interest) => interest.key),
      query.get("interest"),
    ),
    source: oneOf(sources, query.get("source")),
    from: day.test(query.get("from") ?? "") ? query.get("from")! : undefined,
    to: day.test(query.get("to") ?? "") ? query.get("to")! : undefined,
    page: Math.max(1, Math.floor(Number(query.get("page")) || 1)),
  };
  return { filter, sources };
}
