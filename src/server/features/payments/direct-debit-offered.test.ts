import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { mollieTestWorld } from '@server/test/mollie-test-world';

// issue 29 item 3: in production, direct debit needs Mollie (to make the mandate and collect)
// and a real SMS gateway (for its code). With Mollie but no gateway it is not offered: not
// among the methods, and its form and confirmation refuse, rather than texting no one.
const world = mollieTestWorld({ env: { NODE_ENV: 'production' } });

describe('direct debit in production without an SMS gateway', () => {
  it('is not offered, and its endpoints refuse', async () => {
    const { client } = await world.loggedIn({ country: 'NL' });
    const bundles = (await client.get('/api/bundles.php')).json();
    expect(bundles.methods).toContain('ideal');
    expect(bundles.methods).not.toContain('directdebit');
    const form = await client.post('/api/directdebit.php', {
      bundle: 'popular',
      account_holder: 'R. de Vries',
      iban: 'NL91ABNA0417164300',
      street: 'Keizersgracht',
      house_number: '12a',
      zip: '1015 CS',
      city: 'Amsterdam',
      phone: '+31612345678',
      order_key: randomBytes(12).toString('hex'),
    });
    expect(form.json().error).toBe('payment_method_unavailable');
    const confirm = await client.post('/api/directdebit-confirm.php', {
      request_id: 1,
      otp: '123456',
    });
    expect(confirm.json().error).toBe('payment_method_unavailable');
    expect(await world.db().selectFrom('outbox_sms').selectAll().execute()).toEqual([]);
  });
});
