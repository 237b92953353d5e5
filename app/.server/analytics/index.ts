/** Analytics' public face: what the server wiring and the other capabilities may use. */
export {
  BeaconIngestion,
  type BeaconOutcome,
  type BeaconRequest,
} from "./ingestion/beacon-ingestion";
export { maxBeaconBytes } from "./ingestion/beacon";
export {
  recordBookingEvent,
  recordServerEvent,
  type ServerEventName,
} from "./ingestion/server-events";
export {
  attributionAllowed,
  readVisitSource,
  visitSourceFromMetadata,
  visitSourceMetadata,
  type VisitSource,
} from "./ingestion/visit-source";
export { visitSourceOf } from "./ingestion/visitor-visit";
export {
  amountsBySource,
  attributionsOfPerson,
  forgetAttribution,
  recordedSourceOf,
  latestCheckoutSource,
  sourceOfOpenedOrder,
  eraseAttributionsOfPerson,
  recordAttribution,
  recordConfirmationAttribution,
  type Conversion,
} from "./ingestion/attributions";
export {
  dailyPageViews,
  rangeReport,
  rangeSummary,
  reportColumns,
  reportTable,
  reportTables,
  visitorsNow,
  type DayRange,
  type RangeReport,
  type ReportTable,
} from "./stats/dashboard";
export { analyticsHousekeeping, analyticsTodayRefresh } from "./analytics-housekeeping";
export { todayRefreshMs } from "./stats/daily-rollups";
export {
  deleteAllAnalyticsData,
  readAnalyticsSettings,
  saveAnalyticsSettings,
  type AnalyticsSettings,
} from "./analytics-settings";
export { dayRangeFromQuery, previousRange } from "./stats/day-range";
