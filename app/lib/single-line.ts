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
  return `${label} must be a single line (no line breaks or control characters)`;
}
