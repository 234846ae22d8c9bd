import type { PaymentMethod } from '@contract/payments';
import amex from './logos/amex.svg';
import applepay from './logos/applepay.svg';
import bancontact from './logos/bancontact.svg';
import bank from './logos/bank.svg';
import eps from './logos/eps.svg';
import ideal from './logos/ideal.svg';
import klarna from './logos/klarna.svg';
import mastercard from './logos/mastercard.svg';
import paypal from './logos/paypal.svg';
import sepa from './logos/sepa.svg';
import visa from './logos/visa.svg';

// The marks a member knows each method by (issue 25 item 8). Shipped in the repository, never
// loaded from elsewhere: logos/README.md says where they come from and under which licence.
// Przelewy24 and a plain bank transfer have no mark there and show our bank glyph; SOFORT is
// Klarna's, so it shows Klarna's mark.
const LOGOS: Record<PaymentMethod, readonly string[]> = {
  ideal: [ideal],
  bancontact: [bancontact],
  creditcard: [visa, mastercard, amex],
  paypal: [paypal],
  applepay: [applepay],
  banktransfer: [bank],
  sofort: [klarna],
  eps: [eps],
  przelewy24: [bank],
  directdebit: [sepa],
};

/**
 * A method's logos beside its name. Decorative (the name is written next to them), and sized
 * before they load, so nothing moves when they arrive; 32 px high, so a mark drawn inside its
 * card (iDEAL's) is still legible (issue 32 item 8; checkout.scss).
 */
export function PaymentMethodLogos({ method }: { method: PaymentMethod }) {
  return (
    <span className="d-inline-flex gap-1 flex-shrink-0 ms-auto" aria-hidden="true">
      {LOGOS[method].map((src) => (
        <img
          key={src}
          src={src}
          alt=""
          width={48}
          height={32}
          className="payment-logo rounded-1 border"
        />
      ))}
    </span>
  );
}
