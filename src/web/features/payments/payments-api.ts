import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { BodyInput } from '@contract/endpoint';
import { paymentsApi } from '@web/api/endpoints';
import { FINAL_STATUSES, type PaymentMethod } from '@contract/payments';
import { callApi } from '@web/api/call-api';
import { queryKeys } from '@web/api/query-keys';

export const quoteQuery = (bundle: string, method: PaymentMethod | undefined, code: string) =>
  queryOptions({
    queryKey: queryKeys.quote(bundle, method, code),
    queryFn: ({ signal }) =>
      callApi(paymentsApi.quote, {
        query: { bundle, ...(method ? { method } : {}), ...(code ? { code } : {}) },
        signal,
      }).then((answer) => answer.quote),
  });

/** spec §4 payment status: asked every 2 s until the payment is final. */
export const paymentQuery = (id: number) =>
  queryOptions({
    queryKey: queryKeys.payment(id),
    queryFn: ({ signal }) => callApi(paymentsApi.payment, { query: { id }, signal }),
    refetchInterval: (query) =>
      query.state.data && FINAL_STATUSES.includes(query.state.data.transaction.status)
        ? false
        : 2000,
  });

export const transactionsQuery = queryOptions({
  queryKey: queryKeys.transactions,
  queryFn: ({ signal }) => callApi(paymentsApi.transactions, { signal }),
});

/** The member's own monthly limit on purchases (issue 31 item 9). */
export const spendingCapQuery = queryOptions({
  queryKey: queryKeys.spendingCap,
  queryFn: ({ signal }) => callApi(paymentsApi.spendingCap, { signal }),
});

export function useSetSpendingCap() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (capCents: number | null) =>
      callApi(paymentsApi.setSpendingCap, { body: { cap_cents: capCents } }),
    onSuccess: (answer) => queryClient.setQueryData(queryKeys.spendingCap, answer),
  });
}

/** A key per checkout page: a double click or a retry of the same page is one order. */
export function newOrderKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export function useCheckout() {
  return useMutation({
    mutationFn: (body: BodyInput<typeof paymentsApi.checkout>) =>
      callApi(paymentsApi.checkout, { body }),
  });
}

export function useRepeatOrder() {
  return useMutation({
    mutationFn: (orderKey: string) =>
      callApi(paymentsApi.repeatOrder, { body: { order_key: orderKey } }),
  });
}

/** Removes the payment details kept for repeat orders (issue 23 item 14). */
export function useRemoveStoredPayments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(paymentsApi.removeStoredPayments, {}),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.transactions });
      void queryClient.invalidateQueries({ queryKey: queryKeys.bundles.all });
    },
  });
}

/** Cancels a purchase (issue 10 §7); the balance and premium state change with it. */
export function useRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (paymentId: number) =>
      callApi(paymentsApi.refund, { body: { payment_id: paymentId } }),
    onSuccess: (answer) => {
      queryClient.setQueryData(['payment', answer.transaction.id], answer);
      void queryClient.invalidateQueries({ queryKey: queryKeys.user });
      void queryClient.invalidateQueries({ queryKey: queryKeys.transactions });
      void queryClient.invalidateQueries({ queryKey: queryKeys.bundles.all });
    },
  });
}
