/**
 * The notice "these sessions ended" (logout, password change or reset), published on the
 * member's own channel so that every instance holding one of their sockets closes it at once
 * (issue 9 §4), in order with the member's events: nothing published after the logout reaches
 * a socket of the ended session. It carries the sessions' hashes, never their tokens, and the
 * browser's own session when it goes on under a new one (`renewed`: from, to), whose sockets
 * carry on. Envelopes always carry `seq`; a notice never does, which tells the two apart.
 */
export interface SessionNotice {
  ended_sessions: readonly string[];
  renewed?: readonly [from: string, to: string];
}

export const sessionNoticeText = (
  tokenHashes: readonly string[],
  renewed?: { from: string; to: string },
) =>
  JSON.stringify({
    ended_sessions: tokenHashes,
    ...(renewed ? { renewed: [renewed.from, renewed.to] as const } : {}),
  } satisfies SessionNotice);

export function isSessionNotice(parsed: object): parsed is SessionNotice {
  return Array.isArray((parsed as Partial<SessionNotice>).ended_sessions);
}
