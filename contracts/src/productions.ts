import { Type, type Static } from '@sinclair/typebox';
import { Nullable, Uuid } from './common.ts';

/**
 * Productions (SPEC §7 "Other families": productions, CRUD-style): a creator's production
 * project that groups content made together — title, description, a status from planned to
 * published, the shoot date, the model releases that cover it, its collaborators and the posts
 * it produced. Private to the creator.
 */

export const PRODUCTION_STATUSES = ['planned', 'shooting', 'editing', 'published'] as const;
export type ProductionStatus = (typeof PRODUCTION_STATUSES)[number];

export const ProductionLimits = {
  titleMax: 120,
  descriptionMax: 4000,
  collaboratorsMax: 30,
  releasesMax: 50,
  postsMax: 100,
  ownedMax: 500,
  pageSize: 50,
  maxPageSize: 100,
} as const;

export const PRODUCTION_MESSAGES = {
  onlyCreators: 'Only creators can manage productions',
  notFound: 'Production not found',
  deleted: 'Production deleted',
  releaseNotFound: 'Model release not found',
  postNotFound: 'Post not found',
  userNotFound: 'Collaborator not found',
  tooMany: `You can keep up to ${ProductionLimits.ownedMax} productions`,
  badDate: 'The shoot date must be a real date (YYYY-MM-DD)',
} as const;

export const ProductionStatusSchema = Type.Union([
  Type.Literal('planned'),
  Type.Literal('shooting'),
  Type.Literal('editing'),
  Type.Literal('published'),
]);

/** A collaborator: a platform user (userId) or just a name (a photographer off-platform). */
export const ProductionCollaborator = Type.Object(
  {
    userId: Type.Optional(Nullable(Uuid)),
    name: Type.String({ minLength: 1, maxLength: 80 }),
    role: Type.String({ maxLength: 60, default: '' }),
  },
  { additionalProperties: false },
);
export type ProductionCollaborator = Static<typeof ProductionCollaborator>;

export const ProductionRelease = Type.Object({
  id: Type.String(),
  modelName: Type.String(),
  status: Type.String(),
});

/** A linked post as the production shows it (deleted posts drop out). */
export const ProductionPost = Type.Object({
  id: Type.String(),
  caption: Type.String(),
  createdAt: Type.String(),
});
export type ProductionPost = Static<typeof ProductionPost>;

const fields = {
  title: Type.String({ minLength: 1, maxLength: ProductionLimits.titleMax }),
  description: Type.String({ maxLength: ProductionLimits.descriptionMax }),
  status: ProductionStatusSchema,
  /** 'YYYY-MM-DD' */
  shootDate: Nullable(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' })),
  releaseIds: Type.Array(Uuid, { maxItems: ProductionLimits.releasesMax, uniqueItems: true }),
  collaborators: Type.Array(ProductionCollaborator, {
    maxItems: ProductionLimits.collaboratorsMax,
  }),
  postIds: Type.Array(Uuid, { maxItems: ProductionLimits.postsMax, uniqueItems: true }),
};

export const CreateProductionBody = Type.Object(
  {
    title: fields.title,
    description: Type.Optional(fields.description),
    status: Type.Optional(fields.status),
    shootDate: Type.Optional(fields.shootDate),
    releaseIds: Type.Optional(fields.releaseIds),
    collaborators: Type.Optional(fields.collaborators),
    postIds: Type.Optional(fields.postIds),
  },
  { additionalProperties: false },
);
export type CreateProductionBody = Static<typeof CreateProductionBody>;

export const UpdateProductionBody = Type.Partial(CreateProductionBody, {
  additionalProperties: false,
  minProperties: 1,
});
export type UpdateProductionBody = Static<typeof UpdateProductionBody>;

export const Production = Type.Object({
  id: Type.String(),
  creatorId: Type.String(),
  title: Type.String(),
  description: Type.String(),
  status: ProductionStatusSchema,
  shootDate: Nullable(Type.String()),
  releaseIds: Type.Array(Type.String()),
  releases: Type.Array(ProductionRelease),
  collaborators: Type.Array(
    Type.Object({ userId: Nullable(Type.String()), name: Type.String(), role: Type.String() }),
  ),
  postIds: Type.Array(Type.String()),
  posts: Type.Array(ProductionPost),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type Production = Static<typeof Production>;

export const ProductionsQuery = Type.Object({
  status: Type.Optional(ProductionStatusSchema),
  page: Type.Integer({ minimum: 1, default: 1 }),
  limit: Type.Integer({
    minimum: 1,
    maximum: ProductionLimits.maxPageSize,
    default: ProductionLimits.pageSize,
  }),
});
export type ProductionsQuery = Static<typeof ProductionsQuery>;

export const ProductionsResponse = Type.Object({
  productions: Type.Array(Production),
  total: Type.Integer(),
  page: Type.Integer(),
  /** SPEC §3 pagination: the same page, and ceil(total / limit) */
  currentPage: Type.Integer(),
  totalPages: Type.Integer(),
  hasMore: Type.Boolean(),
});
export type ProductionsResponse = Static<typeof ProductionsResponse>;

export const ProductionIdParams = Type.Object({ id: Uuid });
export type ProductionIdParams = Static<typeof ProductionIdParams>;

export const DeleteProductionResponse = Type.Object({
  ok: Type.Literal(true),
  productionId: Type.String(),
  message: Type.String(),
});
export type DeleteProductionResponse = Static<typeof DeleteProductionResponse>;
