import type { Migration } from "kysely";
import * as outbox from "./001_outbox";
import * as contactMessages from "./002_contact_messages";
import * as subscribers from "./003_subscribers";
import * as orders from "./101_orders";
import * as downloadLinks from "./102_download_links";
import * as waitlist from "./103_waitlist";
import * as adminConsole from "./201_admin_console";
import * as adminPasskeys from "./202_admin_passkeys";
import * as people from "./203_people";
import * as listMemberships from "./204_list_memberships";
import * as peopleImports from "./205_people_imports";
import * as peopleSearch from "./208_people_search";
import * as peopleListIndexes from "./209_people_list_indexes";
import * as signupRequests from "./210_signup_requests";
import * as peopleImportChunks from "./211_people_import_chunks";
import * as peoplePrefixSearch from "./212_people_prefix_search";
import * as broadcasts from "./301_broadcasts";
import * as broadcastPauses from "./302_broadcast_pauses";
import * as broadcastQueueWalk from "./303_broadcast_queue_walk";
import * as sendTokenBuckets from "./304_send_token_buckets";
import * as rateLimitBuckets from "./305_rate_limit_buckets";
import * as outboxTemplates from "./310_outbox_templates";
import * as outboxTransactionalDue from "./311_outbox_transactional_due";
import * as broadcastDeliveriesTwoIndexes from "./325_broadcast_deliveries_two_indexes";
import * as bookings from "./401_bookings";
import * as bookingReminders from "./410_booking_reminders";
import * as bookingVisitSource from "./411_booking_visit_source";
import * as bookingCalendar from "./420_booking_calendar";
import * as analytics from "./501_analytics";
import * as analyticsRollups from "./502_analytics_rollups";
import * as analyticsMonthlyRollups from "./510_analytics_monthly_rollups";
import * as peopleImportChunksBinary from "./520_people_import_chunks_binary";
import * as peopleImportJobs from "./684_people_import_jobs";
import * as deliveryEvents from "./685_delivery_events";
import * as workshopAttendeeInviteSequence from "./690_workshop_attendee_invite_sequence";
import * as workshopCohortCancellation from "./691_workshop_cohort_cancellation";
import * as sequenceRestartChoice from "./695_sequence_restart_choice";
import * as analyticsDaysZone from "./696_analytics_days_zone";
import * as sequenceRunsFinishedWhileUncertain from "./697_sequence_runs_finished_while_uncertain";
import * as erasedAddresses from "./530_erased_addresses";
import * as broadcastPauseEvents from "./545_broadcast_pause_events";
import * as sequences from "./570_sequences";
import * as workshops from "./580_workshops";
import * as articles from "./590_articles";
import * as sequenceExitOnRegistration from "./610_sequence_exit_on_registration";
import * as workshopBalanceCancellation from "./620_workshop_balance_cancellation";
import * as uploadedImages from "./630_uploaded_images";
import * as articleBroadcasts from "./640_article_broadcasts";
import * as sequenceStepVersions from "./650_sequence_step_versions";
import * as broadcastAudienceGroups from "./660_broadcast_audience_groups";
import * as workshopBalanceRefunds from "./661_workshop_balance_refunds";
import * as resources from "./670_resources";
import * as resourceRevisions from "./671_resource_revisions";
import * as analyticsSecretPaths from "./680_analytics_secret_paths";
import * as membershipSignupDetails from "./683_membership_signup_details";
import * as deals from "./710_deals";
import * as dealTimeline from "./711_deal_timeline";
import * as dealProposals from "./715_deal_proposals";
import * as proposalDeposits from "./716_proposal_deposits";
import * as proposalDepositRefunds from "./717_proposal_deposit_refunds";
import * as dealsFiguresIndex from "./720_deals_figures_index";

/**
 * Every migration, applied in name order at start-up; each must run on SQLite and Postgres alike
 * (Kysely's schema builder, text timestamps, no dialect-only types). Names are `NNN_what`: the
 * leads pipeline owns 001–099, orders and checkout take 1xx (`101_orders`, ...), the owner's console 2xx, broadcasts 3xx, booking 401–419, analytics 501–519, so features
 * developed in parallel never collide. Never edit a migration that has shipped; add a new one.
 */
export const migrations: Record<string, Migration> = {
  "001_outbox": outbox,
  "002_contact_messages": contactMessages,
  "003_subscribers": subscribers,
  "101_orders": orders,
  "102_download_links": downloadLinks,
  "103_waitlist": waitlist,
  "201_admin_console": adminConsole,
  "202_admin_passkeys": adminPasskeys,
  "203_people": people,
  "204_list_memberships": listMemberships,
  "205_people_imports": peopleImports,
  "208_people_search": peopleSearch,
  "209_people_list_indexes": peopleListIndexes,
  "210_signup_requests": signupRequests,
  "211_people_import_chunks": peopleImportChunks,
  "212_people_prefix_search": peoplePrefixSearch,
  "301_broadcasts": broadcasts,
  "302_broadcast_pauses": broadcastPauses,
  "303_broadcast_queue_walk": broadcastQueueWalk,
  "304_send_token_buckets": sendTokenBuckets,
  "305_rate_limit_buckets": rateLimitBuckets,
  "310_outbox_templates": outboxTemplates,
  "311_outbox_transactional_due": outboxTransactionalDue,
  "325_broadcast_deliveries_two_indexes": broadcastDeliveriesTwoIndexes,
  "401_bookings": bookings,
  "410_booking_reminders": bookingReminders,
  "411_booking_visit_source": bookingVisitSource,
  "420_booking_calendar": bookingCalendar,
  "501_analytics": analytics,
  "502_analytics_rollups": analyticsRollups,
  "510_analytics_monthly_rollups": analyticsMonthlyRollups,
  "520_people_import_chunks_binary": peopleImportChunksBinary,
  "530_erased_addresses": erasedAddresses,
  "545_broadcast_pause_events": broadcastPauseEvents,
  "570_sequences": sequences,
  "580_workshops": workshops,
  "590_articles": articles,
  "610_sequence_exit_on_registration": sequenceExitOnRegistration,
  "620_workshop_balance_cancellation": workshopBalanceCancellation,
  "630_uploaded_images": uploadedImages,
  "640_article_broadcasts": articleBroadcasts,
  "650_sequence_step_versions": sequenceStepVersions,
  "660_broadcast_audience_groups": broadcastAudienceGroups,
  "661_workshop_balance_refunds": workshopBalanceRefunds,
  "670_resources": resources,
  "671_resource_revisions": resourceRevisions,
  "680_analytics_secret_paths": analyticsSecretPaths,
  "683_membership_signup_details": membershipSignupDetails,
  "684_people_import_jobs": peopleImportJobs,
  "685_delivery_events": deliveryEvents,
  "690_workshop_attendee_invite_sequence": workshopAttendeeInviteSequence,
  "691_workshop_cohort_cancellation": workshopCohortCancellation,
  "695_sequence_restart_choice": sequenceRestartChoice,
  "696_analytics_days_zone": analyticsDaysZone,
  "697_sequence_runs_finished_while_uncertain": sequenceRunsFinishedWhileUncertain,
  "710_deals": deals,
  "711_deal_timeline": dealTimeline,
  "715_deal_proposals": dealProposals,
  "716_proposal_deposits": proposalDeposits,
  "717_proposal_deposit_refunds": proposalDepositRefunds,
  "720_deals_figures_index": dealsFiguresIndex,
};
