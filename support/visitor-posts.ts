let visitorCount = 0;

/**
 * A visitor address nobody used before in this test file, for X-Forwarded-For on a server run with
 * TRUST_PROXY=loopback: each post its own visitor, so the rate limits stay out of tests about
 * something else.
 */
export function newVisitorAddress() {
  visitorCount += 1;
  return `198.51.${100 + Math.floor(visitorCount / 250)}.${(visitorCount % 250) + 1}`;
}

/** A POST as a new visitor, redirects left unfollowed (the tests read where a page sends them). */
export function postAsNewVisitor(
  url: string,
  body: BodyInit,
  headers: Record<string, string> = {},
) {
  return fetch(url, {
    method: "POST",
    body,
    headers: { "X-Forwarded-For": newVisitorAddress(), ...headers },
    redirect: "manual",
    // Needed by fetch for a streamed request body.
    duplex: "half",
  } as RequestInit);
}

/** A form post as a browser sends it; a field whose value is undefined is left out. */
export function postFormAsNewVisitor(url: string, fields: Record<string, string | undefined>) {
  const sent = Object.entries(fields).filter(
    (entry): entry is [string, string] => entry[1] !== undefined,
  );
  return postAsNewVisitor(url, new URLSearchParams(sent));
}

/** A JSON post, as the public functions' callers send it. */
export function postJsonAsNewVisitor(url: string, body: Record<string, unknown>) {
  return postAsNewVisitor(url, JSON.stringify(body), { "Content-Type": "application/json" });
}
