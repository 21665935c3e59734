import type { PayoutSettingsBody, PayoutSettingsView } from '@fanspace/contracts';
import { ErrorCodes } from '@fanspace/contracts';
import type { AppContext } from '../../platform/context.ts';
import { getDataCipher } from '../../platform/crypto/data-encryption.ts';
import type { DbHandle } from '../../platform/db/database.ts';
import { BadRequestError } from '../../platform/errors.ts';
import {
  cleanText,
  normaliseBic,
  normaliseDomesticAccount,
  normaliseIban,
} from './profile-rules.ts';

type PayoutCtx = Pick<AppContext, 'db' | 'config'>;

/** The secret part, only ever stored encrypted (AES-256-GCM, bound to the user id). */
export interface BankDetails {
  iban?: string;
  bic?: string;
  accountNumber?: string;
  routingNumber?: string;
}

const invalid = (field: string, message: string) =>
  new BadRequestError(message, ErrorCodes.VALIDATION_FAILED, { field });

const associatedData = (userId: string) => `payout-settings:${userId}`;

function parseDetails(input: PayoutSettingsBody, country: string) {
  const hasDomestic = input.accountNumber !== undefined || input.routingNumber !== undefined;
  if (input.iban !== undefined && hasDomestic)
    throw invalid('iban', 'Give either an IBAN or an account number with routing number, not both');
  if (input.iban !== undefined) {
    const iban = normaliseIban(input.iban);
    const details: BankDetails = input.bic ? { iban, bic: normaliseBic(input.bic) } : { iban };
    return { details, accountType: 'iban' as const, last4: iban.slice(-4) };
  }
  if (!input.accountNumber || !input.routingNumber)
    throw invalid(
      input.accountNumber ? 'routingNumber' : 'iban',
      'Give an IBAN, or an account number together with its routing number',
    );
  const details = normaliseDomesticAccount(country, input.accountNumber, input.routingNumber);
  return { details, accountType: 'account' as const, last4: details.accountNumber.slice(-4) };
}

export async function savePayoutSettings(
  ctx: PayoutCtx,
  userId: string,
  input: PayoutSettingsBody,
): Promise<PayoutSettingsView> {
  const country = input.country.toUpperCase();
  if (!/^[A-Z]{2}$/.test(country)) throw invalid('country', 'Country must be a two-letter code');
  const currency = input.currency?.toUpperCase() ?? null;
  if (currency !== null && !/^[A-Z]{3}$/.test(currency))
    throw invalid('currency', 'Currency must be a three-letter code');
  const accountHolder = cleanText(input.accountHolder);
  if (accountHolder.length < 2) throw invalid('accountHolder', 'Account holder name is required');
  const bankName = input.bankName ? cleanText(input.bankName) || null : null;
  const { details, accountType, last4 } = parseDetails(input, country);
  const encrypted = getDataCipher(ctx.config).encrypt(
    JSON.stringify(details),
    associatedData(userId),
  );
  const values = {
    method: input.method,
    account_holder: accountHolder,
    country,
    currency,
    bank_name: bankName,
    account_type: accountType,
    last4,
    details_encrypted: encrypted,
    updated_at: new Date(),
  };
  await ctx.db
    .insertInto('payout_settings')
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
  return getPayoutSettings(ctx, userId);
}

/** The masked view: everything but the bank numbers, which show only their last four. */
export async function getPayoutSettings(
  ctx: Pick<AppContext, 'db'>,
  userId: string,
): Promise<PayoutSettingsView> {
  const row = await ctx.db
    .selectFrom('payout_settings')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row)
    return {
      configured: false,
      method: null,
      accountHolder: null,
      country: null,
      currency: null,
      bankName: null,
      accountType: null,
      last4: null,
      updatedAt: null,
    };
  return {
    configured: true,
    method: row.method,
    accountHolder: row.account_holder,
    country: row.country,
    currency: row.currency,
    bankName: row.bank_name,
    accountType: row.account_type,
    last4: row.last4,
    updatedAt: row.updated_at.toISOString(),
  };
}

/** Full bank details for the payout run (payments module); never sent to a client. */
export async function readBankDetails(
  ctx: { db: DbHandle; config: PayoutCtx['config'] },
  userId: string,
): Promise<BankDetails | null> {
  const row = await ctx.db
    .selectFrom('payout_settings')
    .select('details_encrypted')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return null;
  return JSON.parse(
    getDataCipher(ctx.config).decrypt(row.details_encrypted, associatedData(userId)),
  ) as BankDetails;
}
