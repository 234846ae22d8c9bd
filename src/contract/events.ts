import { z } from 'zod';
import { idSchema } from './ids';
import { profileCardSchema } from './members';

/**
 * Server events carried by the one socket per tab (DESIGN.md §4): each is a contract object,
 * validated when sent and when received, like an endpoint. Chat, likes and credits add their
 * handlers on the web side per feature (WHERE-THINGS-GO.md); the payloads are fixed here.
 */
const messageSchema = z.object({
  id: idSchema,
  conversation_id: idSchema,
  sender_id: idSchema,
  kind: z.enum(['text', 'photo', 'gift']),
  text: z.string().nullable(),
  sent_at: z.iso.datetime(),
});

export const serverEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('message.new'), message: messageSchema }),
  z.object({
    type: z.literal('message.read'),
    conversation_id: idSchema,
    /** Everything up to and including this message was read by the partner. */
    up_to_message_id: idSchema,
  }),
  z.object({ type: z.literal('typing'), conversation_id: idSchema, member_id: idSchema }),
  /** spec §4: a new like reloads likes; the badge counts new ones. */
  z.object({ type: z.literal('like.new'), profile: profileCardSchema }),
  z.object({ type: z.literal('match.new'), profile: profileCardSchema }),
  z.object({ type: z.literal('credits.changed'), credits: z.number().int().nonnegative() }),
  /**
   * issue 31 item 7: the partner of this conversation deleted or restored their account, so
   * the chat list and the open conversation reload (they show "a deleted member", or the
   * member again). Only the conversation is named: the reader already knows it.
   */
  z.object({ type: z.literal('partner.changed'), conversation_id: idSchema }),
]);
export type ServerEvent = z.infer<typeof serverEventSchema>;
export type ServerEventType = ServerEvent['type'];

/**
 * What travels on the socket: an event with the member's sequence number, so a client that
 * reconnects can say the last one it saw and receive what it missed, once each. Ephemeral
 * events (typing) carry seq null: they are never stored nor replayed.
 */
export const eventEnvelopeSchema = z.object({
  seq: z.number().int().positive().nullable(),
  event: serverEventSchema,
});
export type EventEnvelope = z.infer<typeof eventEnvelopeSchema>;

/** The client's first frame after connecting: resume after this sequence number. */
export const resumeFrameSchema = z.object({
  type: z.literal('resume'),
  after_seq: z.number().int().nonnegative(),
});

export { SOCKET_PATH } from './api-routes/socket';

/** A client's frames: `resume` first (once), then `ping` now and then to see the link lives. */
export const pingFrameSchema = z.object({ type: z.literal('ping') });
export const clientFrameSchema = z.discriminatedUnion('type', [resumeFrameSchema, pingFrameSchema]);
export type ClientFrame = z.infer<typeof clientFrameSchema>;

const lastSeqSchema = z.number().int().nonnegative();

/**
 * The server's frames besides event envelopes. `ready`: everything missed was replayed, live
 * from here. `resync`: what was missed is older than the log keeps (7 days), so the client
 * refetches everything; numbering continues from `last_seq`. `error`: a frame was refused
 * (never shown to a person, so these codes need no translation).
 */
export const controlFrameSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready'), last_seq: lastSeqSchema }),
  z.object({ type: z.literal('resync'), last_seq: lastSeqSchema }),
  z.object({ type: z.literal('pong') }),
  z.object({ type: z.literal('error'), error: z.enum(['invalid_frame', 'already_resumed']) }),
]);
export type ControlFrame = z.infer<typeof controlFrameSchema>;

/** Anything the server sends: an envelope has `event`, a control frame has `type`. */
export const serverFrameSchema = z.union([eventEnvelopeSchema, controlFrameSchema]);
export type ServerFrame = z.infer<typeof serverFrameSchema>;

/** Close codes the client acts on (4000-4999 are the application's own). */
export const SOCKET_CLOSE = {
  /** The session ended (logout elsewhere, password change, expiry): do not reconnect. */
  sessionEnded: 4001,
  /** A policy violation such as a flood of malformed frames (RFC 6455 1008). */
  policyViolation: 1008,
  /**
   * Over a limit (issue 23 §6): too many sockets for the session or the address, or more
   * frames than the session's budget. Like HTTP 429: reconnect only after a growing wait.
   */
  overLimit: 4029,
} as const;
