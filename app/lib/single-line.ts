/**
 * Names and other one-line fields end up in email headers and greetings: a line break or another
 * control character (C0, DEL, C1, the Unicode line and paragraph separators) has no place there.
 */
// eslint-disable-next-line no-control-regex
const controlCharacters = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

export function isSingleLine(value: string) {
  return !controlCharacters.test(value);
}

export function singleLineMessage(label: string) {
  return `${label} must be a single line`;
}

/** A web address, a domain or an email address: what a spammer would have the site mail. */
const linkLike =
  /:\/\/|www\.|@|[a-z0-9-]\.(com|net|org|info|io|co|biz|xyz|ru|app|link|site|online|top|click)\b/i;

/** Names carry no link, so nobody can make the site mail their address to a stranger. */
export function isLinkFree(value: string) {
  return !linkLike.test(value);
}

export function linkFreeMessage(label: string) {
  return `${label} must not contain a link or an email address`;
}
