import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TwilioFake, startTwilioFake } from '@server/test/twilio-fake';
import { SmsRefused } from './sms-sender';
import { twilioSmsSender } from './twilio-sms-sender';

// issue 29 item 3: the real Twilio client against the local fake of its Messages API.
let fake: TwilioFake;
beforeAll(async () => {
  fake = await startTwilioFake();
});
afterAll(() => fake.close());

const sender = (authToken = fake.authToken) =>
  twilioSmsSender({
    accountSid: fake.accountSid,
    authToken,
    from: 'Amora',
    apiUrl: fake.apiUrl,
  });

describe('twilioSmsSender', () => {
  it('posts To, From and Body with basic authentication', async () => {
    await sender().send(1, '+31612345678', 'Your code: 123456');
    expect(fake.messages.at(-1)).toEqual({
      to: '+31612345678',
      from: 'Amora',
      body: 'Your code: 123456',
    });
  });

  it('a number Twilio refuses is SmsRefused; wrong credentials are not the member’s fault', async () => {
    fake.refuseNumbers.add('+31201234567');
    await expect(sender().send(1, '+31201234567', 'x')).rejects.toBeInstanceOf(SmsRefused);
    const wrongKey = sender('not-the-token').send(1, '+31612345678', 'x');
    await expect(wrongKey).rejects.toThrow(/Twilio answered 401/);
    await expect(wrongKey).rejects.not.toBeInstanceOf(SmsRefused);
  });
});
