import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

// The one-click unsubscribe link of a notification mail (RFC 8058, issue 31 item 5): the
// random id of the mail's row in `notification_mails`, signed with the installation's link
// secret. A forged signature is refused before the database is asked; the row makes the
// link single-use (a replay is refused) and names the member.

export const newMailTokenId = () => randomBytes(16).toString('base64url');

const signatureOf = (secret: string, tokenId: string) =>
  createHmac('sha256', secret).update(`unsubscribe:${tokenId}`).digest('base64url');

export function signedToken(secret: string, tokenId: string): string {
  return `${tokenId}.${signatureOf(secret, tokenId)}`;
}

/** The token's id when its signature is ours, else null. */
export function verifiedTokenId(secret: string, token: string): string | null {
  const [tokenId, signature, ...rest] = token.split('.');
  if (!tokenId || !signature || rest.length > 0) return null;
  const expected = Buffer.from(signatureOf(secret, tokenId));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? tokenId : null;
}
