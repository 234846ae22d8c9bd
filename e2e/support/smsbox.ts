/** Waits until a text with a six-digit code reaches `phone` at the Twilio fake, and returns the code. */
export async function waitForSmsCode(smsboxUrl: string, phone: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const texts = (await (await fetch(smsboxUrl)).json()) as Array<{ to: string; body: string }>;
    const code = /\b(\d{6})\b/.exec(texts.filter((text) => text.to === phone).at(-1)?.body ?? '');
    if (code) return code[1]!;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no code texted to ${phone}`);
}
