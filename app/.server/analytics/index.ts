/** Analytics' public face: what the server wiring and the other capabilities may use. */
export { BeaconIngestion, type BeaconOutcome, type BeaconRequest } from "./beacon-ingestion";
export { maxBeaconBytes } from "./beacon";
export { recordBookingEvent, recordServerEvent, type ServerEventName } from "./server-events";
export {
  readVisitSource,
  visitSourceFromMetadata,
  visitSourceMetadata,
  type VisitSource,
} from "./visit-source";
export {
  attributionsOfPerson,
  eraseAttributionsOfPerson,
  recordAttribution,
  recordConfirmationAttribution,
  type Conversion,
} from "./attributions";
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
} from "./dashboard";
export { analyticsHousekeeping, analyticsTodayRefresh } from "./analytics-housekeeping";
export { todayRefreshMs } from "./daily-rollups";
export {
  deleteAllAnalyticsData,
  readAnalyticsSettings,
  saveAnalyticsSettings,
  type AnalyticsSettings,
} from "./analytics-settings";
export { dayRangeFromQuery, previousRange } from "./day-range";
