import { matchPath } from "react-router";
import { pageRoutes, resourceRoutes } from "~/route-table";

/** A route segment whose value is a secret: a link's token, the owner's calendar feed file. */
const secretSegment = /(?<=\/):(token|file)(?=\/|$)/;

/** Whether a route pattern carries a secret in its URL (`/booking/session/:token`). */
export function carriesSecret(pattern: string) {
  return secretSegment.test(pattern);
}

/**
 * A function giving a path as it may be kept (analytics, exports): a path of one of `patterns`
 * with each secret segment replaced by its name (`/lists/newsletter/confirm/:token`); any other
 * path as it is, so an article's page stays its own.
 */
export function secretFreePaths(patterns: readonly string[]): (path: string) => string {
  const secretPatterns = patterns.filter(carriesSecret);
  return (path) => {
    for (const pattern of secretPatterns) {
      const match = matchPath({ path: pattern, caseSensitive: true, end: true }, path);
      if (!match) continue;
      return pattern.replace(/:(\w+)/g, (segment, name: string) =>
        secretSegment.test(`/${segment}`) ? segment : (match.params[name] ?? segment),
      );
    }
    return path;
  };
}

/** The site's paths as they may be kept: its routes' secrets named, never written down. */
export const withoutSecrets = secretFreePaths(
  [...pageRoutes, ...resourceRoutes].map((route) => route.path),
);
