// The payment providers, built once in services.ts (the composition root, DESIGN.md §7).
export { type DemoProvider, demoProvider } from './demo-provider';
export { mollieProvider } from './mollie-provider';
export type { PaymentProvider } from './payment-provider';
