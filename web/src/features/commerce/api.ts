/**
 * Commerce extras (SPEC §7 "Other families" + Q and A): wishlist, Q and A, promotions and their
 * claim links, discounts, promo codes and tax documents.
 */
import type {
  CheckoutPurpose,
  CreatePromoCodeBody,
  CreatePromotionBody,
  CreateQandaBody,
  CreateWishlistItemBody,
  OkResponse,
  PromoCode,
  PromoCodeList,
  PromoQuote,
  Promotion,
  PromotionClaimInfo,
  PromotionList,
  QandaItem,
  QandaResponse,
  SubscribeResponse,
  TaxDocument,
  TaxDocumentList,
  TaxStatementList,
  UpdateWishlistItemBody,
  WishlistItem,
  WishlistResponse,
} from '@fanspace/contracts';
import { apiClient } from '../../lib/api/index.ts';

const id = (value: string) => encodeURIComponent(value);
const owner = (userId?: string) => (userId ? { query: { userId } } : {});

export const fetchWishlist = (userId?: string) =>
  apiClient.get<WishlistResponse>('/wishlist', owner(userId));
export const createWishlistItem = (body: CreateWishlistItemBody) =>
  apiClient.post<WishlistItem>('/wishlist', body);
export const updateWishlistItem = (itemId: string, body: UpdateWishlistItemBody) =>
  apiClient.put<WishlistItem>(`/wishlist/${id(itemId)}`, body);
export const deleteWishlistItem = (itemId: string) =>
  apiClient.delete<OkResponse>(`/wishlist/${id(itemId)}`);

export const fetchQanda = (userId?: string) =>
  apiClient.get<QandaResponse>('/qanda', owner(userId));
export const createQanda = (body: CreateQandaBody) => apiClient.post<QandaItem>('/qanda', body);
export const deleteQanda = (itemId: string) => apiClient.delete<OkResponse>(`/qanda/${id(itemId)}`);

export const fetchPromotions = () => apiClient.get<PromotionList>('/promotions');
export const createPromotion = (body: CreatePromotionBody) =>
  apiClient.post<Promotion>('/promotions', body);
export const endPromotion = (promotionId: string) =>
  apiClient.delete<Promotion>(`/promotions/${id(promotionId)}`);
export const fetchDiscounts = (creatorId: string) =>
  apiClient.get<PromotionList>('/discounts', { query: { creatorId } });
export const fetchClaim = (token: string) =>
  apiClient.get<PromotionClaimInfo>(`/promotions/claim/${id(token)}`);
export const claimPromotion = (token: string, idempotencyKey: string) =>
  apiClient.post<SubscribeResponse>(`/promotions/claim/${id(token)}`, undefined, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });

export const fetchPromoCodes = () => apiClient.get<PromoCodeList>('/promo-codes');
export const createPromoCode = (body: CreatePromoCodeBody) =>
  apiClient.post<PromoCode>('/promo-codes', body);
export const endPromoCode = (codeId: string) =>
  apiClient.delete<PromoCode>(`/promo-codes/${id(codeId)}`);
export const validatePromoCode = (code: string, purpose: CheckoutPurpose, targetId: string) =>
  apiClient.post<PromoQuote>('/promo-codes/validate', { code, purpose, targetId });

export const fetchTaxDocuments = () => apiClient.get<TaxDocumentList>('/tax-documents');
export function uploadTaxDocument(file: File, year: string, title: string) {
  const form = new FormData();
  form.append('year', year);
  if (title.trim()) form.append('title', title.trim());
  form.append('file', file);
  return apiClient.post<TaxDocument>('/tax-documents', form, { timeoutMs: 0 });
}
export const deleteTaxDocument = (docId: string) =>
  apiClient.delete<OkResponse>(`/tax-documents/${id(docId)}`);
export const fetchStatements = () => apiClient.get<TaxStatementList>('/tax-documents/statements');
/** Same-origin download links (the session cookie authorises them). */
export const statementUrl = (year: number, format: 'csv' | 'pdf') =>
  `/api/tax-documents/statements/${year}?format=${format}`;
