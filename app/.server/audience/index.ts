// The audience's public face: what other capabilities may use of people and their lists.
export { markBounced } from "./bounces";
export { rememberPerson } from "./people";
export { peopleSources, type PeopleFilter } from "./people-directory";
export {
  listUnsubscribeHeaders,
  signNewsletterToken,
  verifyNewsletterToken,
} from "./newsletter-links";
