/**
 * Tips (issue 5, SPEC §7 Payments): POST /tips with one Idempotency-Key per attempt. A sent tip
 * refreshes the wallet balance (the dialogs' key) and the wallet history. Without a session it
 * fails before sending, with SPEC §5's 'You must be logged in to make a payment.'
 */
import { MONEY_LIMITS, type TIP_TYPES, type TipBody, type TipResponse } from '@fanspace/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../lib/api/index.ts';
import { requirePayer } from '../auth/require-payer.ts';
import { postKeys } from '../posts/queries.ts';
import { walletKeys } from '../wallet/queries.ts';

export type TipType = (typeof TIP_TYPES)[number];

/** Tips are 1.00–200.00 (SPEC §9, contracts MONEY_LIMITS.tip). */
export const TIP_MIN = MONEY_LIMITS.tip.min / 100;
export const TIP_MAX = MONEY_LIMITS.tip.max / 100;
export const TIP_PRESETS = [5, 10, 20] as const;

export function sendTip(body: TipBody, idempotencyKey: string): Promise<TipResponse> {
  return apiClient.post<TipResponse>('/tips', body, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function useSendTipMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: TipBody; idempotencyKey: string }) => {
      requirePayer();
      return sendTip(body, idempotencyKey);
    },
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: postKeys.walletBalance() }),
        client.invalidateQueries({ queryKey: walletKeys.all }),
      ]),
  });
}
