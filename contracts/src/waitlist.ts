import { Type, type Static } from '@sinclair/typebox';

/** Waitlist (SPEC §7 Waitlist): join with an email, look the position up later. */

const Email = Type.String({ format: 'email', maxLength: 254 });

export const WaitlistSignupBody = Type.Object(
  { email: Email, userType: Type.Union([Type.Literal('fan'), Type.Literal('creator')]) },
  { additionalProperties: false },
);
export type WaitlistSignupBody = Static<typeof WaitlistSignupBody>;

export const WaitlistPosition = Type.Object({
  position: Type.Integer({ minimum: 1 }),
  total: Type.Integer({ minimum: 1 }),
});
export type WaitlistPosition = Static<typeof WaitlistPosition>;

/** Signing up twice with one email is not an error: it returns the first entry's position. */
export const WaitlistSignupResponse = Type.Composite([
  WaitlistPosition,
  Type.Object({ message: Type.String(), alreadyJoined: Type.Boolean() }),
]);
export type WaitlistSignupResponse = Static<typeof WaitlistSignupResponse>;

export const WaitlistPositionQuery = Type.Object({ email: Email });
export type WaitlistPositionQuery = Static<typeof WaitlistPositionQuery>;
