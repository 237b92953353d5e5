/**
 * Rules for names people type (they go into email headers and greetings): one line, no control
 * characters, and nothing that reads as a link, so nobody can make the site mail their text.
 */
// eslint-disable-next-line no-control-regex
export const isSingleLine = (value: string) => !/[\u0000-\u001f\u007f\u2028\u2029]/.test(value);

const linkLike =
  /:\/\/|www\.|@|[a-z0-9-]\.(com|net|org|info|io|co|biz|xyz|ru|app|link|site|online|top|click)\b/i;

export const isLinkFree = (value: string) => !linkLike.test(value);
