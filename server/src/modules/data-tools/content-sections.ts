import type { DbHandle } from '../../platform/db/database.ts';
import { units } from '../ledger/money.ts';
import { myTransactions } from '../payments/statements.service.ts';
import {
  afterKey,
  iso,
  keyColumns,
  ownedRows,
  PAGE,
  paged,
  single,
  usernamesOf,
  type DataSection,
  type Row,
} from './sections.ts';

/**
 * What an export holds of the user's own content: account, posts, messages, vault, money and
 * people. The rule for other people is "no more than the owner already sees in the app":
 * usernames and display names of people they deal with, the text of messages in their own
 * chats, their own statement lines; never another user's email, files or private settings.
 */

/** Path of a media item's original inside the zip (media/<id>.<ext>). */
export function mediaPath(item: { id: string; original_key: string }): string {
  const ext = item.original_key.slice(item.original_key.lastIndexOf('.') + 1);
  return `media/${item.id}.${ext}`;
}

export function accountSections(db: DbHandle, userId: string): DataSection[] {
  const user = () =>
    db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
  return [
    single(
      'account',
      [
        'id',
        'username',
        'email',
        'displayName',
        'bio',
        'accountType',
        'phoneNumber',
        'emailVerifiedAt',
        'phoneVerifiedAt',
        'identityStatus',
        'twoFactorEnabled',
        'subscriptionPrice',
        'followersCount',
        'followingCount',
        'subscriberCount',
        'postsCount',
        'avatarUrl',
        'bannerUrl',
        'createdAt',
        'lastLoginAt',
      ],
      async () => {
        const u = await user();
        return {
          id: u.id,
          username: u.username,
          email: u.email,
          displayName: u.display_name,
          bio: u.bio,
          accountType: u.account_type,
          phoneNumber: u.phone_number,
          emailVerifiedAt: iso(u.email_verified_at),
          phoneVerifiedAt: iso(u.phone_verified_at),
          identityStatus: u.identity_status,
          twoFactorEnabled: u.totp_enabled_at !== null,
          subscriptionPrice: units(u.subscription_price_cents),
          followersCount: u.followers_count,
          followingCount: u.following_count,
          subscriberCount: u.subscriber_count,
          postsCount: u.posts_count,
          avatarUrl: u.avatar_url,
          bannerUrl: u.banner_url,
          createdAt: iso(u.created_at),
          lastLoginAt: iso(u.last_login_at),
        };
      },
    ),
    single('settings', ['preferences', 'privacy', 'profile'], async () => {
      const u = await user();
      return { preferences: u.preferences, privacy: u.privacy, profile: u.profile };
    }),
    {
      name: 'social_links',
      columns: ['id', 'platform', 'url'],
      async *rows() {
        const u = await user();
        for (const link of u.social_links) yield { ...link };
      },
    },
  ];
}

export function postSections(db: DbHandle, userId: string): DataSection[] {
  return [
    paged(
      'posts',
      [
        'id',
        'caption',
        'type',
        'accessLevel',
        'price',
        'hashtags',
        'likes',
        'comments',
        'views',
        'mediaFiles',
        'createdAt',
        'publishedAt',
        'updatedAt',
      ],
      async (after) => {
        const posts = await db
          .selectFrom('posts')
          .selectAll()
          .select(keyColumns('posts.created_at', 'posts.id'))
          .where('user_id', '=', userId)
          .where('deleted_at', 'is', null)
          .where(afterKey('posts.created_at', 'posts.id', after))
          .orderBy('created_at')
          .orderBy('id')
          .limit(PAGE)
          .execute();
        const media = posts.length
          ? await db
              .selectFrom('post_media as pm')
              .innerJoin('media_items as m', 'm.id', 'pm.media_id')
              .select(['pm.post_id', 'm.id', 'm.original_key'])
              .where(
                'pm.post_id',
                'in',
                posts.map((p) => p.id),
              )
              .where('m.owner_id', '=', userId)
              .where('m.deleted_at', 'is', null)
              .orderBy('pm.position')
              .execute()
          : [];
        return posts.map((p) => ({
          ...p,
          files: media.filter((m) => m.post_id === p.id).map(mediaPath),
        }));
      },
      (p) => ({
        id: p.id,
        caption: p.caption,
        type: p.type,
        accessLevel: p.access_level,
        price: p.price_cents === null ? null : units(p.price_cents),
        hashtags: p.hashtags === '' ? [] : p.hashtags.split(' '),
        likes: p.likes_count,
        comments: p.comments_count,
        views: p.views_count,
        mediaFiles: p.files,
        createdAt: iso(p.created_at),
        publishedAt: iso(p.published_at),
        updatedAt: iso(p.updated_at),
      }),
    ),
    paged(
      'comments',
      ['id', 'postId', 'text', 'replyToCommentId', 'likes', 'createdAt', 'updatedAt'],
      ownedRows(db, 'comments', 'user_id', userId, { live: true }),
      (c) => ({
        id: c.id,
        postId: c.post_id,
        text: c.text,
        replyToCommentId: c.reply_to_comment_id,
        likes: c.likes_count,
        createdAt: iso(c.created_at),
        updatedAt: iso(c.updated_at),
      }),
    ),
    paged(
      'likes',
      ['postId', 'createdAt'],
      (after) =>
        db
          .selectFrom('post_likes')
          .select(['post_id', 'created_at'])
          .select(keyColumns('post_likes.created_at', 'post_likes.post_id'))
          .where('user_id', '=', userId)
          .where(afterKey('post_likes.created_at', 'post_likes.post_id', after))
          .orderBy('created_at')
          .orderBy('post_id')
          .limit(PAGE)
          .execute(),
      (l) => ({ postId: l.post_id, createdAt: iso(l.created_at) }),
    ),
  ];
}

export function messageSections(db: DbHandle, userId: string): DataSection[] {
  const myChats = db
    .selectFrom('chat_participants')
    .select('chat_id')
    .where('user_id', '=', userId);
  return [
    paged(
      'chats',
      ['id', 'with', 'createdAt', 'lastActivityAt'],
      async (after) => {
        const chats = await db
          .selectFrom('chats')
          .selectAll()
          .select(keyColumns('chats.created_at', 'chats.id'))
          .where('id', 'in', myChats)
          .where(afterKey('chats.created_at', 'chats.id', after))
          .orderBy('created_at')
          .orderBy('id')
          .limit(PAGE)
          .execute();
        const others = chats.length
          ? await db
              .selectFrom('chat_participants as cp')
              .innerJoin('users as u', 'u.id', 'cp.user_id')
              .select(['cp.chat_id', 'u.username'])
              .where(
                'cp.chat_id',
                'in',
                chats.map((c) => c.id),
              )
              .where('cp.user_id', '!=', userId)
              .execute()
          : [];
        return chats.map((c) => ({
          ...c,
          with: others.filter((o) => o.chat_id === c.id).map((o) => o.username),
        }));
      },
      (c) => ({
        id: c.id,
        with: c.with.join(' '),
        createdAt: iso(c.created_at),
        lastActivityAt: iso(c.last_activity_at),
      }),
    ),
    paged(
      'messages',
      [
        'id',
        'chatId',
        'from',
        'fromMe',
        'text',
        'status',
        'price',
        'tip',
        'mediaFiles',
        'createdAt',
      ],
      async (after) => {
        const rows = await db
          .selectFrom('messages')
          .selectAll()
          .select(keyColumns('messages.created_at', 'messages.id'))
          .where('chat_id', 'in', myChats)
          .where(afterKey('messages.created_at', 'messages.id', after))
          .orderBy('created_at')
          .orderBy('id')
          .limit(PAGE)
          .execute();
        const mine = rows.filter((r) => r.sender_id === userId);
        // only the user's own files travel; others' attachments are not included
        const attached = mine.length
          ? await db
              .selectFrom('message_media')
              .select(['message_id', 'media_id'])
              .where(
                'message_id',
                'in',
                mine.map((r) => r.id),
              )
              .execute()
          : [];
        for (const r of mine)
          for (const id of [
            r.image_media_id,
            r.video_media_id,
            r.voice_media_id,
            r.teaser_media_id,
          ])
            if (id) attached.push({ message_id: r.id, media_id: id });
        const items = attached.length
          ? await db
              .selectFrom('media_items')
              .select(['id', 'original_key'])
              .where('id', 'in', [...new Set(attached.map((a) => a.media_id))])
              .where('owner_id', '=', userId)
              .where('deleted_at', 'is', null)
              .execute()
          : [];
        const pathOf = new Map(items.map((i) => [i.id, mediaPath(i)]));
        const files = attached.flatMap((a) => {
          const path = pathOf.get(a.media_id);
          return path ? [{ message_id: a.message_id, path }] : [];
        });
        const names = await usernamesOf(
          db,
          rows.map((r) => r.sender_id),
        );
        return rows.map((r) => ({
          ...r,
          from: names.get(r.sender_id) ?? null,
          files: [...new Set(files.filter((f) => f.message_id === r.id).map((f) => f.path))],
        }));
      },
      (m) => ({
        id: m.id,
        chatId: m.chat_id,
        from: m.from,
        fromMe: m.sender_id === userId,
        text: m.text,
        status: m.status,
        price: m.locked_price_cents === null ? null : units(m.locked_price_cents),
        tip: m.tip_cents === null ? null : units(m.tip_cents),
        mediaFiles: m.files,
        createdAt: iso(m.created_at),
      }),
    ),
  ];
}

export function mediaSections(db: DbHandle, userId: string): DataSection[] {
  return [
    paged(
      'media',
      [
        'id',
        'title',
        'description',
        'mediaType',
        'mime',
        'sizeBytes',
        'width',
        'height',
        'durationSeconds',
        'folderId',
        'file',
        'createdAt',
      ],
      ownedRows(db, 'media_items', 'owner_id', userId, { live: true }),
      (m) => ({
        id: m.id,
        title: m.title,
        description: m.description,
        mediaType: m.media_type,
        mime: m.mime,
        sizeBytes: m.size_bytes,
        width: m.width,
        height: m.height,
        durationSeconds: m.duration_seconds,
        folderId: m.folder_id,
        file: mediaPath(m),
        createdAt: iso(m.created_at),
      }),
    ),
    paged(
      'media_folders',
      ['id', 'name', 'parentId', 'createdAt'],
      ownedRows(db, 'media_folders', 'owner_id', userId),
      (f) => ({ id: f.id, name: f.name, parentId: f.parent_id, createdAt: iso(f.created_at) }),
    ),
  ];
}

/** Statement lines exactly as /users/me/transactions explains them, oldest page last. */
function ledgerLines(db: DbHandle, userId: string): DataSection {
  return {
    name: 'ledger_lines',
    columns: [
      'id',
      'type',
      'direction',
      'amount',
      'account',
      'counterparty',
      'explanation',
      'createdAt',
    ],
    async *rows() {
      for (let page = 1; ; page += 1) {
        const { transactions, totalPages } = await myTransactions(db, userId, page, PAGE);
        for (const t of transactions)
          yield {
            id: t.id,
            type: t.type,
            direction: t.direction,
            amount: t.amount,
            account: t.account,
            counterparty: t.counterparty?.username ?? null,
            explanation: t.explanation,
            createdAt: t.createdAt,
          };
        if (page >= totalPages) return;
      }
    },
  };
}

export function moneySections(db: DbHandle, userId: string): DataSection[] {
  return [
    ledgerLines(db, userId),
    paged(
      'purchases',
      ['id', 'postId', 'creator', 'price', 'createdAt'],
      (after) =>
        db
          .selectFrom('content_purchases as cp')
          .innerJoin('posts as p', 'p.id', 'cp.post_id')
          .innerJoin('users as u', 'u.id', 'p.user_id')
          .select(['cp.id', 'cp.post_id', 'cp.price_cents', 'cp.created_at', 'u.username'])
          .select(keyColumns('cp.created_at', 'cp.id'))
          .where('cp.buyer_id', '=', userId)
          .where(afterKey('cp.created_at', 'cp.id', after))
          .orderBy('cp.created_at')
          .orderBy('cp.id')
          .limit(PAGE)
          .execute(),
      (p) => ({
        id: p.id,
        postId: p.post_id,
        creator: p.username,
        price: units(p.price_cents),
        createdAt: iso(p.created_at),
      }),
    ),
    paged(
      'subscriptions',
      ['id', 'creator', 'status', 'currentPeriodEnd', 'canceledAt', 'createdAt'],
      (after) =>
        db
          .selectFrom('subscriptions as s')
          .innerJoin('users as u', 'u.id', 's.creator_id')
          .select([
            's.id',
            's.status',
            's.current_period_end',
            's.canceled_at',
            's.created_at',
            'u.username',
          ])
          .select(keyColumns('s.created_at', 's.id'))
          .where('s.subscriber_id', '=', userId)
          .where(afterKey('s.created_at', 's.id', after))
          .orderBy('s.created_at')
          .orderBy('s.id')
          .limit(PAGE)
          .execute(),
      (s) => ({
        id: s.id,
        creator: s.username,
        status: s.status,
        currentPeriodEnd: iso(s.current_period_end),
        canceledAt: iso(s.canceled_at),
        createdAt: iso(s.created_at),
      }),
    ),
    paged(
      'payouts',
      ['id', 'amount', 'status', 'method', 'destinationLast4', 'requestedAt', 'processedAt'],
      ownedRows(db, 'payouts', 'creator_id', userId, { at: 'requested_at' }),
      (p) => ({
        id: p.id,
        amount: units(p.amount_cents),
        status: p.status,
        method: p.method,
        destinationLast4: p.destination_last4,
        requestedAt: iso(p.requested_at),
        processedAt: iso(p.processed_at),
      }),
    ),
  ];
}

/** Followers, following and (creators) subscribers: usernames and dates only. */
export function peopleSections(db: DbHandle, userId: string, which: 'followers' | 'subscribers') {
  const follows = (name: string, mine: 'follower_id' | 'followee_id') => {
    const other = mine === 'follower_id' ? 'followee_id' : 'follower_id';
    return paged(
      name,
      ['username', 'displayName', 'since'],
      (after) =>
        db
          .selectFrom('follows as f')
          .innerJoin('users as u', 'u.id', `f.${other}`)
          .select(['u.username', 'u.display_name', 'f.created_at'])
          .select(keyColumns('f.created_at', `f.${other}`))
          .where(`f.${mine}`, '=', userId)
          .where('u.status', '!=', 'deleted')
          .where(afterKey('f.created_at', `f.${other}`, after))
          .orderBy('f.created_at')
          .orderBy(`f.${other}`)
          .limit(PAGE)
          .execute(),
      (r) => ({ username: r.username, displayName: r.display_name, since: iso(r.created_at) }),
    );
  };
  if (which === 'followers')
    return [follows('followers', 'followee_id'), follows('following', 'follower_id')];
  return [
    paged(
      'subscribers',
      ['username', 'displayName', 'status', 'since', 'currentPeriodEnd'],
      (after) =>
        db
          .selectFrom('subscriptions as s')
          .innerJoin('users as u', 'u.id', 's.subscriber_id')
          .select([
            'u.username',
            'u.display_name',
            's.status',
            's.created_at',
            's.current_period_end',
          ])
          .select(keyColumns('s.created_at', 's.id'))
          .where('s.creator_id', '=', userId)
          .where('u.status', '!=', 'deleted')
          .where(afterKey('s.created_at', 's.id', after))
          .orderBy('s.created_at')
          .orderBy('s.id')
          .limit(PAGE)
          .execute(),
      (r) => ({
        username: r.username,
        displayName: r.display_name,
        status: r.status,
        since: iso(r.created_at),
        currentPeriodEnd: iso(r.current_period_end),
      }),
    ),
  ];
}

export type { Row };
