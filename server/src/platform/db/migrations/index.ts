import type { Migration } from 'kysely';
import * as foundation from './2026-11-22T0800-foundation.ts';
import * as auth from './2026-11-22T0900-auth.ts';
import * as accounts from './2026-11-22T0910-accounts.ts';
import * as graph from './2026-11-22T0920-graph.ts';
import * as media from './2026-11-22T0930-media.ts';
import * as posts from './2026-11-22T0940-posts.ts';
import * as ledger from './2026-11-22T1000-ledger.ts';
import * as chatsNotifications from './2026-11-22T1010-chats-notifications.ts';
import * as commentsOrder from './2026-11-22T1020-comments-order.ts';
import * as paidChatPush from './2026-11-22T1120-paid-chat-push.ts';
import * as payouts from './2026-11-22T1100-payouts.ts';
import * as activity from './2026-11-22T1130-activity.ts';
import * as stripe from './2026-11-22T1110-stripe.ts';
import * as releases from './2026-11-22T1140-releases.ts';
import * as admin from './2026-11-22T1150-admin.ts';
import * as support from './2026-11-22T1200-support.ts';
import * as invoiceRefunds from './2026-11-24T0900-invoice-refunds.ts';
import * as adminPolish from './2026-11-24T1700-admin-polish.ts';
import * as storiesScheduler from './2026-11-24T1000-stories-scheduler.ts';
import * as dataTools from './2026-11-24T1300-data-tools.ts';
import * as analytics from './2026-11-25T1100-analytics.ts';
import * as creatorKit from './2026-11-25T1300-creator-kit.ts';
import * as community from './2026-11-25T1400-community.ts';
import * as popularHashtags from './2026-11-25T1401-popular-hashtags.ts';
import * as commerce from './2026-11-25T1200-commerce.ts';
import * as communitiesReels from './2026-11-25T1047-communities-reels.ts';
import * as reelComments from './2026-11-25T1048-reel-comments.ts';
import * as collaborationNotifications from './2026-11-25T1500-collaboration-notifications.ts';
import * as dmcaRestore from './2026-11-26T1140-dmca-restore.ts';
import * as suggestionAdmin from './2026-11-26T1141-suggestion-admin.ts';
import * as referrals from './2026-11-27T10-referrals.ts';
import * as dmcaLegacyTakedowns from './2026-11-27T11-dmca-legacy-takedowns.ts';
import * as searchDocument from './2026-11-27T14-search-document.ts';
import * as loginHotUpdate from './2026-11-29T100-login-hot-update.ts';
import * as systemAccountShards from './2026-11-29T14-system-account-shards.ts';
import * as searchTerms from './2026-11-29T1200-search-terms.ts';
import * as loginFailuresRow from './2026-11-30T12-login-failures-row.ts';
import * as timeOrderedIds from './2026-12-01T08-time-ordered-ids.ts';
import * as inlineUuid7 from './2026-12-02T10-inline-uuid7.ts';
import * as feedbackOptionalRating from './2026-12-03T10-feedback-optional-rating.ts';
import * as ownRelationsFunction from './2026-12-01T10-own-relations-function.ts';
import * as messageMentions from './2026-12-01T09-message-mentions.ts';

/**
 * Every migration, by timestamped name. Listed statically (not read from disk) so bundling
 * and tests never depend on the working directory. Append new ones at the end.
 */
export const migrations: Record<string, Migration> = {
  '2026-11-22T0800-foundation': foundation,
  '2026-11-22T0900-auth': auth,
  '2026-11-22T0910-accounts': accounts,
  '2026-11-22T0920-graph': graph,
  '2026-11-22T0930-media': media,
  '2026-11-22T0940-posts': posts,
  '2026-11-22T1000-ledger': ledger,
  '2026-11-22T1010-chats-notifications': chatsNotifications,
  '2026-11-22T1020-comments-order': commentsOrder,
  '2026-11-22T1120-paid-chat-push': paidChatPush,
  '2026-11-22T1100-payouts': payouts,
  '2026-11-22T1130-activity': activity,
  '2026-11-22T1110-stripe': stripe,
  '2026-11-22T1140-releases': releases,
  '2026-11-22T1150-admin': admin,
  '2026-11-22T1200-support': support,
  '2026-11-24T0900-invoice-refunds': invoiceRefunds,
  '2026-11-24T1700-admin-polish': adminPolish,
  '2026-11-24T1000-stories-scheduler': storiesScheduler,
  '2026-11-24T1300-data-tools': dataTools,
  '2026-11-25T1100-analytics': analytics,
  '2026-11-25T1300-creator-kit': creatorKit,
  '2026-11-25T1400-community': community,
  '2026-11-25T1401-popular-hashtags': popularHashtags,
  '2026-11-25T1200-commerce': commerce,
  '2026-11-25T1047-communities-reels': communitiesReels,
  '2026-11-25T1048-reel-comments': reelComments,
  '2026-11-25T1500-collaboration-notifications': collaborationNotifications,
  '2026-11-26T1140-dmca-restore': dmcaRestore,
  '2026-11-26T1141-suggestion-admin': suggestionAdmin,
  '2026-11-27T10-referrals': referrals,
  '2026-11-27T11-dmca-legacy-takedowns': dmcaLegacyTakedowns,
  '2026-11-27T14-search-document': searchDocument,
  '2026-11-29T100-login-hot-update': loginHotUpdate,
  '2026-11-29T14-system-account-shards': systemAccountShards,
  '2026-11-29T1200-search-terms': searchTerms,
  '2026-11-30T12-login-failures-row': loginFailuresRow,
  '2026-12-01T08-time-ordered-ids': timeOrderedIds,
  '2026-12-01T10-own-relations-function': ownRelationsFunction,
  '2026-12-01T09-message-mentions': messageMentions,
  '2026-12-02T10-inline-uuid7': inlineUuid7,
  '2026-12-03T10-feedback-optional-rating': feedbackOptionalRating,
};
