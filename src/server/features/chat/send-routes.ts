import type { FastifyInstance } from 'fastify';
import { chatApi } from '@contract/endpoints/chat';
import { registerEndpoint } from '@server/http/register-endpoint';
import type { Services } from '@server/services';
import { sendMessage } from './chat-service';

/** Sending a text or a gift (issue 9 §2, §3): charged once per client key. */
export function sendRoutes(app: FastifyInstance, services: Services) {
  registerEndpoint(app, chatApi.send, async ({ request, member, body }) => {
    const { message, credits } = await sendMessage(services, {
      site: request.site,
      sender: member,
      to: body.to,
      clientKey: body.client_key,
      content:
        body.kind === 'text'
          ? { kind: 'text', text: body.text }
          : { kind: 'gift', giftId: body.gift_id },
    });
    return { message, credits };
  });
}
