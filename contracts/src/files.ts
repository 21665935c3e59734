import { Type, type Static } from '@sinclair/typebox';

/** GET /api/files/public/{path}: the rest of the storage key after `public/`. */
export const PublicFileParams = Type.Object({ '*': Type.String({ maxLength: 400 }) });
export type PublicFileParams = Static<typeof PublicFileParams>;
