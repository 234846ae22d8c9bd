import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  type AnswerInput,
  type BodyOf,
  type Endpoint,
  type QueryOf,
  type StaffAccess,
  isStaffAccess,
} from '@contract/endpoint';
import type { Member } from '@server/db/member-record';
import { type Staff, worksOnSite } from '@server/db/staff-record';
import { AppError } from '@server/errors/app-error';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract object a route was registered from (error codes, access, CSRF). */
    endpoint?: Endpoint;
  }
}

export interface EndpointCall<E extends Endpoint> {
  request: FastifyRequest;
  reply: FastifyReply;
  query: QueryOf<E>;
  body: BodyOf<E>;
  /** The logged-in member; never null on an endpoint with access 'member'. */
  member: E['access'] extends 'member' ? Member : Member | null;
  /** The logged-in staff member; set only on a staff endpoint, where it is never null. */
  staff: E['access'] extends StaffAccess ? Staff : null;
}

/** A handler answers the endpoint's answer, or the reply itself after a redirect. */
export type EndpointHandler<E extends Endpoint> = (
  call: EndpointCall<E>,
) => Promise<AnswerInput<E> | FastifyReply>;

export interface EndpointOptions {
  /**
   * A check that needs nothing of the body (a per-address limit): it runs when the request
   * arrives, before its body is read and parsed, so a refused client costs no parsing of a
   * body it may have made large on purpose (issue 29 item 9). It throws to refuse.
   */
  beforeBody?: (request: FastifyRequest) => Promise<void>;
}

/**
 * Routes an endpoint with a `queryFlag` (`?push=1`) apart from the one on the same method and
 * path without it: the flag is the first query parameter whose value is 1. A request with no
 * route for its flag falls through to the unflagged route.
 */
const queryFlagStrategy = {
  name: 'queryFlag',
  storage() {
    const handlers = new Map<string, unknown>();
    return {
      get: (flag: string) => handlers.get(flag) ?? null,
      set: (flag: string, store: unknown) => void handlers.set(flag, store),
    };
  },
  deriveConstraint(request: { url?: string }): string | undefined {
    const url = request.url ?? '';
    const start = url.indexOf('?');
    if (start < 0) return undefined;
    for (const [name, value] of new URLSearchParams(url.slice(start + 1)))
      if (value === '1') return name;
    return undefined;
  },
  mustMatchWhenDerived: false,
  // find-my-way's types want a string from every derivation; undefined means "no flag".
} as unknown as Parameters<FastifyInstance['addConstraintStrategy']>[0];

/**
 * Registers one contract endpoint (DESIGN.md §2): its method and path, its schemas for
 * validation and serialization, its access rule and its CSRF rule all come from the one
 * object the web client calls too.
 */
export function registerEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: EndpointHandler<E>,
  { beforeBody }: EndpointOptions = {},
): void {
  if (endpoint.queryFlag && !app.hasConstraintStrategy(queryFlagStrategy.name))
    app.addConstraintStrategy(queryFlagStrategy);
  app.withTypeProvider<ZodTypeProvider>().route({
    method: endpoint.method,
    url: endpoint.path,
    ...(endpoint.queryFlag
      ? { constraints: { [queryFlagStrategy.name]: endpoint.queryFlag } }
      : {}),
    schema: {
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(endpoint.answer ? { response: { 200: endpoint.answer } } : {}),
    },
    ...(beforeBody ? { onRequest: async (request: FastifyRequest) => beforeBody(request) } : {}),
    config: {
      endpoint,
      csrf: endpoint.changesState === true,
      ...(endpoint.crossSite ? { csrfExempt: true } : {}),
    },
    handler: async (request, reply) => {
      // spec §8: a visitor calling a members' endpoint is told to log in.
      if (endpoint.access === 'member' && !request.member) {
        throw new AppError('authentication_required', 'forbidden');
      }
      // Issue 30 item 1: a console route asks for a staff session (a member's is none), a
      // role it names and a site scope holding this request's site.
      const staff = isStaffAccess(endpoint.access) ? request.staff : null;
      if (isStaffAccess(endpoint.access)) {
        if (!staff) throw new AppError('authentication_required', 'forbidden');
        if (!endpoint.access.staff.includes(staff.role) || !worksOnSite(staff, request.site.id))
          throw new AppError('forbidden', 'forbidden');
      }
      return handler({
        request,
        reply,
        query: request.query as QueryOf<E>,
        body: request.body as BodyOf<E>,
        member: request.member as EndpointCall<E>['member'],
        staff: staff as EndpointCall<E>['staff'],
      });
    },
  });
}
