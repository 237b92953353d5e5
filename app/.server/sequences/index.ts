// The email sequences' public face (issue 38, decision 170): what the wiring and the console use.
import { onPersonEvent } from "../core/person-events";
import { onPersonEventForSequences } from "./sequence-enrollment";

export {
  changeSequenceStatus,
  listSequences,
  personSequenceEmails,
  removeStep,
  saveSequence,
  saveStep,
  sequenceChoices,
  sequenceInput,
  sequencePage,
  stepInput,
  stepPage,
  type StatusChange,
  type StepFigures,
} from "./sequence-editing";
export { runSequencePass } from "./sequence-pass";
export { leaveSequence, readLeaveLink, type LeaveLink } from "./sequence-leaving";
export { startSequenceRunner } from "./sequence-runner";
export { isSequenceEmail, sequenceOutboxHooks } from "./sequence-outbox-hooks";
export { readerTimeZone, stepDueAt } from "./sequence-timing";
export {
  resendUncertainStep,
  resumeRunsOfResentEmails,
  settleRunsOfDismissedEmails,
  uncertainEmailsByStep,
  type StepUncertainEmails,
} from "./sequence-uncertain";

/**
 * Lets the sequences hear of people's lists, purchases, bookings, bounces and erasures (the
 * capabilities below emit them through `core/person-events.ts`). The wiring calls it once per
 * process, as it registers the emails; calling it again is harmless.
 */
export function registerSequenceListeners() {
  onPersonEvent("sequences", onPersonEventForSequences);
}
