import { Type, type Static } from '@sinclair/typebox';
import { Nullable, PageInfo } from './common.ts';
import { PublicUser } from './users.ts';

/**
 * Own-profile calls of SPEC §7 Users. Rules that deserve a readable message (username shape,
 * phone, https links, price steps) are checked by the service; the schemas bound sizes and
 * strip unknown fields (`additionalProperties: false` + Ajv's removeAdditional), so role,
 * balances or verification state can never be mass-assigned.
 */

export const USERNAME_RULE = /^[A-Za-z0-9_.]{3,30}$/;
export const BIO_MAX_LENGTH = 1000;
export const SOCIAL_LINKS_MAX = 20;
/** Decoded bytes of an avatar or banner data URL. */
export const PROFILE_IMAGE_MAX_BYTES = 10 * 1024 * 1024;

const strict = { additionalProperties: false } as const;
const JsonObject = Type.Record(Type.String(), Type.Unknown());

const profileFields = {
  displayName: Type.Optional(Nullable(Type.String({ maxLength: 60 }))),
  bio: Type.Optional(Type.String({ maxLength: BIO_MAX_LENGTH })),
  username: Type.Optional(Type.String({ maxLength: 60 })),
  phoneNumber: Type.Optional(Nullable(Type.String({ maxLength: 32 }))),
  vibe: Type.Optional(Type.Unknown()),
  contentMenu: Type.Optional(Type.Unknown()),
  vibeDisplaySettings: Type.Optional(Type.Unknown()),
  contentPreferences: Type.Optional(Type.Unknown()),
};

export const UpdateMeBody = Type.Object(
  {
    ...profileFields,
    /**
     * SPEC §7 "PUT /users/me (profile, privacy, preferences)": the profile fields may also come
     * grouped here; a field given at the top level too wins
     */
    profile: Type.Optional(Type.Object(profileFields, strict)),
    /** shallow-merged into the stored object (notification settings live here) */
    preferences: Type.Optional(JsonObject),
    /** shallow-merged into the stored object */
    privacy: Type.Optional(JsonObject),
  },
  strict,
);
export type UpdateMeBody = Static<typeof UpdateMeBody>;

const DataUrlImage = Type.String({ minLength: 1, maxLength: 15 * 1024 * 1024 });

/**
 * SPEC §5: avatar and banner updates carry a data-URL image. PUT /users/me/avatar: the data URL
 * as `image`, or under the SPEC §3 field names `avatar` /
 * `avatarUrl` (`image` wins, then `avatar`); one of them is required (checked by the server).
 */
export const AvatarImageBody = Type.Object(
  {
    image: Type.Optional(DataUrlImage),
    avatar: Type.Optional(DataUrlImage),
    avatarUrl: Type.Optional(DataUrlImage),
  },
  strict,
);
export type AvatarImageBody = Static<typeof AvatarImageBody>;

/** PUT /users/me/banner: `image`, or `banner` / `bannerUrl`, as AvatarImageBody. */
export const BannerImageBody = Type.Object(
  {
    image: Type.Optional(DataUrlImage),
    banner: Type.Optional(DataUrlImage),
    bannerUrl: Type.Optional(DataUrlImage),
  },
  strict,
);
export type BannerImageBody = Static<typeof BannerImageBody>;

const UpdateText = Type.String({ maxLength: 1000 });
const UpdateImageUrl = Nullable(Type.String({ maxLength: 2048 }));

/**
 * Empty text and no image clears the update. `creatorUpdateText` / `creatorUpdateImageUrl` are
 * the SPEC §3 names of `text` / `imageUrl`; the short names win when both are sent.
 */
export const CreatorUpdateBody = Type.Object(
  {
    text: Type.Optional(UpdateText),
    imageUrl: Type.Optional(UpdateImageUrl),
    creatorUpdateText: Type.Optional(Nullable(UpdateText)),
    creatorUpdateImageUrl: Type.Optional(UpdateImageUrl),
  },
  strict,
);
export type CreatorUpdateBody = Static<typeof CreatorUpdateBody>;

export const SocialLinkInput = Type.Object(
  {
    platform: Type.String({ minLength: 1, maxLength: 40 }),
    url: Type.String({ minLength: 1, maxLength: 500 }),
  },
  strict,
);
/** Appends links (duplicates of an existing platform+url are skipped); ids are assigned. */
export const AddSocialLinksBody = Type.Object(
  { socialLinks: Type.Array(SocialLinkInput, { minItems: 1, maxItems: SOCIAL_LINKS_MAX }) },
  strict,
);
export type AddSocialLinksBody = Static<typeof AddSocialLinksBody>;

export const SocialLinkParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });
export type SocialLinkParams = Static<typeof SocialLinkParams>;

/** Currency units: 0 (free follow) or 4.99–49.99, at most two decimals. */
export const SubscriptionPriceBody = Type.Object({ price: Type.Number() }, strict);
export type SubscriptionPriceBody = Static<typeof SubscriptionPriceBody>;

/**
 * Bank details for payouts: either an IBAN (+ optional BIC) or a domestic account number with
 * its routing number. Stored encrypted; responses only ever show the last four characters.
 */
export const PayoutSettingsBody = Type.Object(
  {
    method: Type.Literal('bank_transfer', { default: 'bank_transfer' }),
    accountHolder: Type.String({ minLength: 2, maxLength: 100 }),
    country: Type.String({ minLength: 2, maxLength: 2 }),
    currency: Type.Optional(Type.String({ minLength: 3, maxLength: 3 })),
    bankName: Type.Optional(Type.String({ maxLength: 100 })),
    iban: Type.Optional(Type.String({ maxLength: 42 })),
    bic: Type.Optional(Type.String({ maxLength: 11 })),
    accountNumber: Type.Optional(Type.String({ maxLength: 34 })),
    routingNumber: Type.Optional(Type.String({ maxLength: 15 })),
  },
  strict,
);
export type PayoutSettingsBody = Static<typeof PayoutSettingsBody>;

/** What is wrong with an IBAN: the server's 400 and the payout form say the same words. */
export const IbanMessages = {
  format: 'IBAN must start with a country code and check digits (e.g. DE89…)',
  checksum: 'IBAN is not valid (check digits do not match)',
} as const;

/** An IBAN as typed ('de89 3704 …') in its stored form: no spaces, upper case. */
export const compactIban = (value: string): string => value.replace(/\s+/g, '').toUpperCase();

/**
 * ISO 13616: country, check digits, BBAN; the mod-97 check catches typos. Null when `value`
 * (in any spacing and case) is a valid IBAN, else the message saying why not.
 */
export function ibanProblem(value: string): string | null {
  const iban = compactIban(value);
  if (!/^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$/.test(iban)) return IbanMessages.format;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const digits = /[A-Z]/.test(char) ? String(char.charCodeAt(0) - 55) : char;
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1 ? null : IbanMessages.checksum;
}

export const PayoutSettingsView = Type.Object({
  configured: Type.Boolean(),
  method: Nullable(Type.String()),
  accountHolder: Nullable(Type.String()),
  country: Nullable(Type.String()),
  currency: Nullable(Type.String()),
  bankName: Nullable(Type.String()),
  accountType: Nullable(Type.Union([Type.Literal('iban'), Type.Literal('account')])),
  /** last four characters of the IBAN or account number */
  last4: Nullable(Type.String()),
  updatedAt: Nullable(Type.String()),
});
export type PayoutSettingsView = Static<typeof PayoutSettingsView>;

/** DELETE /users/me: the current password, or `confirmation: 'DELETE'`. */
export const DeleteMeBody = Type.Object(
  {
    password: Type.Optional(Type.String({ maxLength: 256 })),
    confirmation: Type.Optional(Type.String({ maxLength: 32 })),
  },
  strict,
);
export type DeleteMeBody = Static<typeof DeleteMeBody>;

/** DELETE /users/{id}: your own account as DeleteMeBody; an admin deleting another may say why. */
export const DeleteUserBody = Type.Object(
  {
    password: Type.Optional(Type.String({ maxLength: 256 })),
    confirmation: Type.Optional(Type.String({ maxLength: 32 })),
    reason: Type.Optional(Type.String({ maxLength: 500 })),
  },
  strict,
);
export type DeleteUserBody = Static<typeof DeleteUserBody>;
export const ACCOUNT_DELETE_CONFIRMATION = 'DELETE';

export const MessageResponse = Type.Object({ message: Type.String() });
export type MessageResponse = Static<typeof MessageResponse>;

export const UsersListQuery = Type.Object({
  q: Type.Optional(Type.String({ maxLength: 100 })),
  creatorsOnly: Type.Optional(Type.Boolean()),
  page: Type.Integer({ minimum: 1, maximum: 500, default: 1 }),
  limit: Type.Integer({ minimum: 1, maximum: 50, default: 20 }),
});
export type UsersListQuery = Static<typeof UsersListQuery>;

export const UsersListResponse = Type.Composite([
  Type.Object({ users: Type.Array(PublicUser), total: Type.Integer() }),
  PageInfo,
]);
export type UsersListResponse = Static<typeof UsersListResponse>;

/** Any string: a malformed id names no account, so it is a 404 like an unknown one. */
export const UserLookupParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });
export type UserLookupParams = Static<typeof UserLookupParams>;

export const UsernameParams = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 60 }),
});
export type UsernameParams = Static<typeof UsernameParams>;

// ---- vibes (GET/PUT /vibes, /vibes/content-menu, /vibes/widgets) ----

export const Vibes = Type.Object({ vibe: Type.Unknown(), vibeDisplaySettings: Type.Unknown() });
export type Vibes = Static<typeof Vibes>;
export const UpdateVibesBody = Type.Object(
  { vibe: Type.Optional(Type.Unknown()), vibeDisplaySettings: Type.Optional(Type.Unknown()) },
  strict,
);
export type UpdateVibesBody = Static<typeof UpdateVibesBody>;

export const ContentMenu = Type.Object({ contentMenu: Type.Unknown() }, strict);
export type ContentMenu = Static<typeof ContentMenu>;

export const VibeWidgets = Type.Object(
  { widgets: Type.Array(Type.Unknown(), { maxItems: 50 }) },
  strict,
);
export type VibeWidgets = Static<typeof VibeWidgets>;
