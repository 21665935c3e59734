import {
  ErrorCodes,
  RELEASE_MIN_AGE_YEARS,
  RELEASE_REQUIRED_FILES,
  RELEASE_SIGNATURE_MAX_BYTES,
  type ReleaseFileField,
} from '@fanspace/contracts';
import { BadRequestError } from '../../platform/errors.ts';
import { fieldError } from '../../platform/http/multipart-form.ts';
import { assertImage, decodeImageDataUrl } from '../../platform/storage/images.ts';
import { cleanText } from '../users/profile-rules.ts';

/**
 * Validation of a model's part of a release (SPEC §3 Model release, §5: every field is always
 * sent; only the back of the ID is optional). Shared by the creator's form and the public
 * consent form, so both refuse the same input with the same messages.
 */
export interface ModelPart {
  modelName: string;
  modelDob: string;
  idType: string;
  idNumber: string;
  /** the decoded PNG/JPEG of the drawn signature, and the data URL it came from */
  signature: { dataUrl: string; bytes: Buffer };
}

export type ReleaseFiles = Partial<Record<ReleaseFileField, Buffer>>;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ID_NUMBER = /^[A-Za-z0-9][A-Za-z0-9 ./-]{2,39}$/;

const required = (fields: Map<string, string>, name: string) => {
  const value = cleanText(fields.get(name) ?? '');
  if (!value) throw fieldError(name, `${name} is required`);
  return value;
};

export function modelName(raw: string | undefined): string {
  const name = cleanText(raw ?? '');
  if (!name) throw fieldError('modelName', 'modelName is required');
  if (name.length > 120) throw fieldError('modelName', 'modelName is at most 120 characters');
  return name;
}

/** 'YYYY-MM-DD', a real calendar date, and the model at least 18 on `now`. */
export function modelDob(raw: string, now = new Date()): string {
  const match = DATE.exec(raw);
  const [year, month, day] = match ? match.slice(1).map(Number) : [NaN, NaN, NaN];
  const date = new Date(Date.UTC(year!, month! - 1, day!));
  if (
    !match ||
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== month! - 1 ||
    date.getUTCDate() !== day
  )
    throw fieldError('modelDob', 'modelDob must be a date written YYYY-MM-DD');
  const adultFrom = new Date(Date.UTC(year! + RELEASE_MIN_AGE_YEARS, month! - 1, day!));
  if (adultFrom.getTime() > now.getTime())
    throw fieldError('modelDob', `The model must be at least ${RELEASE_MIN_AGE_YEARS} years old`);
  if (year! < 1900) throw fieldError('modelDob', 'modelDob is not a plausible date of birth');
  return raw;
}

export async function signatureImage(field: string, dataUrl: string | undefined) {
  if (!dataUrl) throw fieldError(field, `${field} is required`);
  const bytes = decodeImageDataUrl(dataUrl, RELEASE_SIGNATURE_MAX_BYTES);
  await assertImage(bytes);
  return { dataUrl, bytes };
}

export async function modelPart(fields: Map<string, string>, now = new Date()): Promise<ModelPart> {
  const idNumber = required(fields, 'idNumber');
  if (!ID_NUMBER.test(idNumber))
    throw fieldError(
      'idNumber',
      'idNumber must be 3 to 40 letters, digits, spaces, dots or dashes',
    );
  const idType = required(fields, 'idType');
  if (idType.length > 40) throw fieldError('idType', 'idType is at most 40 characters');
  return {
    modelName: modelName(fields.get('modelName')),
    modelDob: modelDob(required(fields, 'modelDob'), now),
    idType,
    idNumber,
    signature: await signatureImage('signatureDataUrl', fields.get('signatureDataUrl')),
  };
}

export function assertRequiredFiles(files: ReleaseFiles) {
  for (const field of RELEASE_REQUIRED_FILES)
    if (!files[field])
      throw new BadRequestError(`${field} is required`, ErrorCodes.VALIDATION_FAILED, { field });
}

/** '••••1234': enough for the creator to recognise a document, useless to anyone else. */
export const lastFour = (idNumber: string) => idNumber.replace(/[^A-Za-z0-9]/g, '').slice(-4);
