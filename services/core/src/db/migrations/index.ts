import type { Migration } from 'kysely'
import * as createAccounts from './2026_11_22_1300_create_accounts.js'
import * as createSiteContent from './2026_11_22_1310_create_site_content.js'
import * as createCatalogue from './2026_11_22_1400_create_catalogue.js'
import * as createImportedMedia from './2026_11_22_1500_create_imported_media.js'
import * as createSurfaceSearch from './2026_11_22_1600_create_surface_search.js'
import * as createGhostsAndReports from './2026_11_22_1700_create_ghosts_and_reports.js'
import * as createBookEmbeddings from './2026_11_23_0900_create_book_embeddings.js'
import * as createSearchHistory from './2026_11_23_1000_create_search_history.js'
import * as createSearchState from './2026_11_23_1100_create_search_state.js'
import * as createPasswordResetTokens from './2026_11_24_1200_create_password_reset_tokens.js'
import * as createSurfaceSearchDocuments from './2026_11_25_0900_create_surface_search_documents.js'
import * as createPayments from './2026_11_26_1000_create_payments.js'
import * as createReactions from './2026_11_27_1000_create_reactions.js'
import * as createSurfaceWords from './2026_11_28_1100_create_surface_words.js'
import * as createTop20 from './2026_11_28_1400_create_top20.js'
import * as resetCodeOrigins from './2026_11_29_0900_reset_code_origins.js'
import * as createAnalyticsIntegrity from './2026_11_29_1000_create_analytics_integrity.js'
import * as indexPodcastsAuthor from './2026_11_29_1100_index_podcasts_author.js'
import * as createContent from './2026_11_30_1000_create_content.js'
import * as createAdminAuditLog from './2026_11_30_1200_create_admin_audit_log.js'
import * as createTopics from './2026_12_01_0900_create_topics.js'
import * as createAdminDecisions from './2026_11_30_1210_create_admin_decisions.js'
import * as createFoundIt from './2026_12_01_1000_create_found_it.js'
import * as createModerationQueue from './2026_12_02_1000_create_moderation_queue.js'
import * as addUsersEmailCanonical from './2026_12_02_1100_add_users_email_canonical.js'
import * as addFoundPassages from './2026_12_02_1300_add_found_passages.js'
import * as hideBooksOfBlockedOwners from './2026_12_03_1100_hide_books_of_blocked_owners.js'
import * as addMembershipGrants from './2026_12_03_1500_add_membership_grants.js'
import * as addPodcastsLikes from './2026_12_03_1510_add_podcasts_likes.js'
import * as createListingPendingChanges from './2026_12_03_1520_create_listing_pending_changes.js'
import * as createLibrary from './2026_12_03_1600_create_library.js'

/** Every migration in order. Listed by hand so that built and source runs see the same set. */
export const migrations: Record<string, Migration> = {
  '2026_11_22_1300_create_accounts': createAccounts,
  '2026_11_22_1310_create_site_content': createSiteContent,
  '2026_11_22_1400_create_catalogue': createCatalogue,
  '2026_11_22_1500_create_imported_media': createImportedMedia,
  '2026_11_22_1600_create_surface_search': createSurfaceSearch,
  '2026_11_22_1700_create_ghosts_and_reports': createGhostsAndReports,
  '2026_11_23_0900_create_book_embeddings': createBookEmbeddings,
  '2026_11_23_1000_create_search_history': createSearchHistory,
  '2026_11_23_1100_create_search_state': createSearchState,
  '2026_11_24_1200_create_password_reset_tokens': createPasswordResetTokens,
  '2026_11_25_0900_create_surface_search_documents': createSurfaceSearchDocuments,
  '2026_11_26_1000_create_payments': createPayments,
  '2026_11_27_1000_create_reactions': createReactions,
  '2026_11_28_1100_create_surface_words': createSurfaceWords,
  '2026_11_28_1400_create_top20': createTop20,
  '2026_11_29_0900_reset_code_origins': resetCodeOrigins,
  '2026_11_29_1000_create_analytics_integrity': createAnalyticsIntegrity,
  '2026_11_29_1100_index_podcasts_author': indexPodcastsAuthor,
  '2026_11_30_1000_create_content': createContent,
  '2026_11_30_1200_create_admin_audit_log': createAdminAuditLog,
  '2026_11_30_1210_create_admin_decisions': createAdminDecisions,
  '2026_12_01_0900_create_topics': createTopics,
  '2026_12_01_1000_create_found_it': createFoundIt,
  '2026_12_02_1000_create_moderation_queue': createModerationQueue,
  '2026_12_02_1100_add_users_email_canonical': addUsersEmailCanonical,
  '2026_12_02_1300_add_found_passages': addFoundPassages,
  '2026_12_03_1100_hide_books_of_blocked_owners': hideBooksOfBlockedOwners,
  '2026_12_03_1500_add_membership_grants': addMembershipGrants,
  '2026_12_03_1510_add_podcasts_likes': addPodcastsLikes,
  '2026_12_03_1520_create_listing_pending_changes': createListingPendingChanges,
  '2026_12_03_1600_create_library': createLibrary,
}
