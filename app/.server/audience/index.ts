/** What other capabilities may use of the audience. */
export { rememberPerson } from "./people";
