/** How two spellings of one address compare (lookups, uniqueness, per-address limits). */
export function emailKey(email: string) {
  return email.trim().toLowerCase();
}
