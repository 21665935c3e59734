import { Type, type Static } from '@sinclair/typebox';
import { Nullable, Uuid } from './common.ts';

/**
 * The creator kit (SPEC §1 "creator notes, templates, widgets", §7 "Other families"): private
 * notes about fans, message and post templates, and profile widgets. Paths are ours (the spec
 * leaves them open): /creator-notes, /templates, /widgets.
 */

/** The small user card the kit's lists carry. */
export const KitUser = Type.Object({
  id: Type.String(),
  username: Type.String(),
  displayName: Nullable(Type.String()),
  avatarUrl: Nullable(Type.String()),
});
export type KitUser = Static<typeof KitUser>;

export const KitIdParams = Type.Object({ id: Uuid });
export type KitIdParams = Static<typeof KitIdParams>;
/**
 * The id of a read by id (GET …/{id}): any short string, so that a malformed id is the same
 * 404 as an unknown one (the services check the uuid shape before querying).
 */
export const KitLookupParams = Type.Object({ id: Type.String({ maxLength: 100 }) });
export type KitLookupParams = Static<typeof KitLookupParams>;
export const KitUserIdParams = Type.Object({ userId: Uuid });
export type KitUserIdParams = Static<typeof KitUserIdParams>;
export const KitOk = Type.Object({ ok: Type.Literal(true), id: Type.String() });
export type KitOk = Static<typeof KitOk>;

// ---- creator notes ----

export const NoteLimits = { textMax: 2000, perFanMax: 100 } as const;

export const CreatorNote = Type.Object({
  id: Type.String(),
  /** the fan the note is about */
  userId: Type.String(),
  user: Nullable(KitUser),
  note: Type.String(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type CreatorNote = Static<typeof CreatorNote>;

export const CreatorNotesResponse = Type.Object({ notes: Type.Array(CreatorNote) });
export type CreatorNotesResponse = Static<typeof CreatorNotesResponse>;

const NoteText = Type.String({ minLength: 1, maxLength: NoteLimits.textMax });

/** The text is `note`; `content` and `text` are accepted as aliases (note wins, then content). */
export const CreateCreatorNoteBody = Type.Object(
  {
    userId: Uuid,
    note: Type.Optional(NoteText),
    content: Type.Optional(NoteText),
    text: Type.Optional(NoteText),
  },
  { additionalProperties: false },
);
export type CreateCreatorNoteBody = Static<typeof CreateCreatorNoteBody>;

export const UpdateCreatorNoteBody = Type.Object(
  { note: NoteText },
  { additionalProperties: false },
);
export type UpdateCreatorNoteBody = Static<typeof UpdateCreatorNoteBody>;

export const CreatorNotesQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});
export type CreatorNotesQuery = Static<typeof CreatorNotesQuery>;

// ---- templates ----

export const TEMPLATE_TYPES = ['message', 'post'] as const;
export type TemplateType = (typeof TEMPLATE_TYPES)[number];
export const TemplateLimits = { nameMax: 80, bodyMax: 5000, perUserMax: 100 } as const;
export const TemplateTypeSchema = Type.Union([Type.Literal('message'), Type.Literal('post')]);

export const Template = Type.Object({
  id: Type.String(),
  type: TemplateTypeSchema,
  name: Type.String(),
  body: Type.String(),
  /** currency units: the locked price of a message or the price of a paid post */
  price: Nullable(Type.Number()),
  priceCents: Nullable(Type.Integer()),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type Template = Static<typeof Template>;

export const TemplatesResponse = Type.Object({ templates: Type.Array(Template) });
export type TemplatesResponse = Static<typeof TemplatesResponse>;

export const TemplatesQuery = Type.Object({ type: Type.Optional(TemplateTypeSchema) });
export type TemplatesQuery = Static<typeof TemplatesQuery>;

const TemplateFields = {
  name: Type.String({ minLength: 1, maxLength: TemplateLimits.nameMax }),
  body: Type.String({ minLength: 1, maxLength: TemplateLimits.bodyMax }),
  price: Type.Optional(Nullable(Type.Number({ description: 'Currency units, 3.00–200.00' }))),
};

/**
 * type defaults to 'message' (the first and plainest kind); `content` is accepted as an alias
 * of `body` (body wins); name defaults to the text's first line (cut to nameMax).
 */
export const CreateTemplateBody = Type.Object(
  {
    type: Type.Optional(TemplateTypeSchema),
    name: Type.Optional(TemplateFields.name),
    body: Type.Optional(TemplateFields.body),
    content: Type.Optional(TemplateFields.body),
    price: TemplateFields.price,
  },
  { additionalProperties: false },
);
export type CreateTemplateBody = Static<typeof CreateTemplateBody>;

export const UpdateTemplateBody = Type.Object(
  {
    name: Type.Optional(TemplateFields.name),
    body: Type.Optional(TemplateFields.body),
    price: TemplateFields.price,
  },
  { additionalProperties: false },
);
export type UpdateTemplateBody = Static<typeof UpdateTemplateBody>;

// ---- widgets (stored in users.profile.widgets, the array /vibes/widgets reads and writes) ----

export const WIDGET_TYPES = ['links', 'about', 'schedule', 'top-posts', 'countdown'] as const;
export type WidgetType = (typeof WIDGET_TYPES)[number];
export const WidgetLimits = {
  perUserMax: 20,
  titleMax: 80,
  textMax: 1000,
  linksMax: 10,
  labelMax: 60,
  urlMax: 500,
  topPostsMax: 6,
} as const;

export const WidgetTypeSchema = Type.Union([
  Type.Literal('links'),
  Type.Literal('about'),
  Type.Literal('schedule'),
  Type.Literal('top-posts'),
  Type.Literal('countdown'),
]);

/**
 * Per type: links {links: [{label, url}]}, about and schedule {text}, top-posts {limit},
 * countdown {targetAt, label?}. Checked by type on the server (400 naming the field).
 */
export const WidgetConfig = Type.Object(
  {
    text: Type.Optional(Type.String({ maxLength: WidgetLimits.textMax })),
    links: Type.Optional(
      Type.Array(
        Type.Object(
          {
            label: Type.String({ minLength: 1, maxLength: WidgetLimits.labelMax }),
            url: Type.String({ minLength: 1, maxLength: WidgetLimits.urlMax }),
          },
          { additionalProperties: false },
        ),
        { maxItems: WidgetLimits.linksMax },
      ),
    ),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: WidgetLimits.topPostsMax })),
    targetAt: Type.Optional(Type.String({ format: 'date-time' })),
    label: Type.Optional(Type.String({ maxLength: WidgetLimits.labelMax })),
  },
  { additionalProperties: false },
);
export type WidgetConfig = Static<typeof WidgetConfig>;

export const WidgetTopPost = Type.Object({
  id: Type.String(),
  caption: Type.String(),
  likeCount: Type.Integer(),
  commentCount: Type.Integer(),
});
export type WidgetTopPost = Static<typeof WidgetTopPost>;

export const Widget = Type.Object({
  id: Type.String(),
  type: WidgetTypeSchema,
  title: Type.String(),
  enabled: Type.Boolean(),
  position: Type.Integer(),
  config: WidgetConfig,
  /** top-posts only, on the public list: the owner's best public posts (2 × likes + comments) */
  posts: Type.Optional(Type.Array(WidgetTopPost)),
});
export type Widget = Static<typeof Widget>;

export const WidgetsResponse = Type.Object({ widgets: Type.Array(Widget) });
export type WidgetsResponse = Static<typeof WidgetsResponse>;

export const CreateWidgetBody = Type.Object(
  {
    type: WidgetTypeSchema,
    title: Type.Optional(Type.String({ maxLength: WidgetLimits.titleMax })),
    enabled: Type.Optional(Type.Boolean()),
    config: Type.Optional(WidgetConfig),
  },
  { additionalProperties: false },
);
export type CreateWidgetBody = Static<typeof CreateWidgetBody>;

export const UpdateWidgetBody = Type.Object(
  {
    title: Type.Optional(Type.String({ maxLength: WidgetLimits.titleMax })),
    enabled: Type.Optional(Type.Boolean()),
    config: Type.Optional(WidgetConfig),
  },
  { additionalProperties: false },
);
export type UpdateWidgetBody = Static<typeof UpdateWidgetBody>;

export const ReorderWidgetsBody = Type.Object(
  { ids: Type.Array(Type.String(), { maxItems: 50 }) },
  { additionalProperties: false },
);
export type ReorderWidgetsBody = Static<typeof ReorderWidgetsBody>;
