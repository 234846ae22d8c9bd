import {
  type BundleSetting,
  FALLBACK_METHODS,
  type PaymentMethod,
  type PaymentSettings,
} from '@contract/payments';
import { AppError } from '@server/errors/app-error';
import type { Site } from '@server/features/sites';

/**
 * Whether direct debit can work here (issue 29 item 3): a provider that creates its SEPA
 * mandate and collects each purchase, and an SMS gateway for its code (in production a real
 * one: services.ts leaves `sms` null without it).
 */
export const directDebitWorks = (provider: { recurring?: unknown } | null, sms: unknown) =>
  sms !== null && provider?.recurring !== undefined;

/** Where a member pays from: it decides the currency, the VAT rate and the methods offered. */
export interface PaymentContext {
  settings: PaymentSettings;
  country: string;
  currency: string;
  vatPercent: number;
  methods: PaymentMethod[];
}

/**
 * spec §3 "payment country": the member's country when the site serves it, else the site's
 * first. The currency is the one the site prices messages in for that country (spec §3
 * minimum_message_costs), so every figure on /pricing, /premium and /credits agrees.
 */
export function paymentContextOf(
  site: Site,
  country: string | null,
  offersDirectDebit: boolean,
): PaymentContext {
  const { countries, minimum_message_costs: costs, payments } = site.settings;
  const paymentCountry = country && countries.includes(country) ? country : (countries[0] ?? 'NL');
  const currency = costs[paymentCountry]?.currency ?? 'EUR';
  return {
    settings: payments,
    country: paymentCountry,
    currency,
    vatPercent: payments.vat_percent[paymentCountry] ?? 0,
    // Direct debit needs a provider that collects it and a gateway that texts its code
    // (issue 29 item 3): without them it is not offered, rather than offered and broken.
    methods: (payments.methods[paymentCountry] ?? FALLBACK_METHODS).filter(
      (method) => offersDirectDebit || method !== 'directdebit',
    ),
  };
}

/** The bundles sold in the context's currency (a bundle without a price there is not sold). */
export function bundlesFor(context: PaymentContext): Array<BundleSetting & { price: number }> {
  return context.settings.bundles.flatMap((bundle) => {
    const price = bundle.prices[context.currency];
    return price === undefined ? [] : [{ ...bundle, price }];
  });
}

/** The one bundle an order names; a made-up or unsold id is not_found (never priced by the client). */
export function bundleOf(context: PaymentContext, bundleId: string) {
  const bundle = bundlesFor(context).find((candidate) => candidate.id === bundleId);
  if (!bundle) throw new AppError('not_found', 'not_found');
  return bundle;
}

export function assertMethodOffered(context: PaymentContext, method: PaymentMethod): void {
  if (!context.methods.includes(method))
    throw new AppError('payment_method_unavailable', 'invalid');
}
