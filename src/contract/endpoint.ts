import type { z } from 'zod';
import type { ErrorCode } from './errors';
import type { StaffRole } from './staff';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
/**
 * Staff only (issue 30 item 1): a staff session of one of these roles, whose site scope holds
 * the request's site. Members and visitors get 403 authentication_required, other roles and
 * other sites' staff 403 forbidden.
 */
export interface StaffAccess {
  readonly staff: readonly StaffRole[];
}
export type EndpointAccess = 'anyone' | 'member' | StaffAccess;

export function isStaffAccess(access: EndpointAccess): access is StaffAccess {
  return typeof access === 'object';
}

/** Errors any endpoint may answer, whatever it does: malformed input, limits, the site. */
export const COMMON_ERRORS = [
  'bad_request',
  'validation_failed',
  'not_found',
  'method_not_allowed',
  'payload_too_large',
  'unsupported_media_type',
  'site_not_found',
  'too_many_requests',
  'csrf_failed',
  'internal_error',
  'server_busy',
] as const satisfies readonly ErrorCode[];

/**
 * One API call, written once (DESIGN.md §2): the server registers it with `registerEndpoint`
 * (validation, serialization, who may call it), the web app calls it with `callApi` (typed
 * input; the answer typed, not parsed again: docs/decisions.md, "Answers are not parsed again
 * in the browser"). No path, body or error code is written anywhere else.
 */
export interface Endpoint<
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Answer extends z.ZodType = z.ZodType,
  Errors extends readonly ErrorCode[] = readonly ErrorCode[],
  Access extends EndpointAccess = EndpointAccess,
> {
  method: HttpMethod;
  path: `/api/${string}`;
  query?: Query;
  body?: Body;
  /** The answer of a 200. A link opened from a mail answers a redirect instead: omit it. */
  answer?: Answer;
  /** The codes this endpoint's own rules answer, on top of COMMON_ERRORS. */
  errors: Errors;
  /**
   * `member`: visitors get 403 authentication_required (spec §8), handlers get the member.
   * `{ staff: roles }`: the console's routes (issue 30), handlers get the staff member.
   */
  access: Access;
  /** A GET that changes state (spec §7's logout.php) asks for the CSRF header all the same. */
  changesState?: boolean;
  /** The body is a file upload (multipart/form-data), not JSON. */
  upload?: boolean;
  /**
   * Called server to server by a payment provider (its webhook), never by a browser: no CSRF
   * token is asked, and the handler must trust nothing in the body but an id it then checks.
   */
  crossSite?: boolean;
  /**
   * A second endpoint on the method and path of another, told apart by this query parameter
   * set to 1 (spec §7: `POST /api/user.php?push=1` attaches a push subscription, the same
   * path without it logs in). Its `query` schema must ask for the flag too.
   */
  queryFlag?: string;
}

/**
 * Where an endpoint answers: its method and path, without its schemas. The tables in
 * `src/contract/api-routes/` are the one place paths are written; each endpoint object spreads
 * its route. The web app imports only these tables, so building zod schemas stays out of the
 * first page load (issue 25 item 6, docs/decisions.md).
 */
export interface ApiRoute {
  readonly method: HttpMethod;
  readonly path: `/api/${string}`;
}
export type ApiRouteTable = Record<string, ApiRoute>;

/**
 * A route that knows its endpoint's types (phantom: `endpoint` is never set), so the web
 * client is typed from the endpoint object without importing its schemas.
 */
export interface TypedRoute<E extends Endpoint> extends ApiRoute {
  readonly endpoint?: E;
}

/** Types a route table by its endpoint group; each route must be that endpoint's own. */
export function typedRoutes<Api extends Record<string, Endpoint>>(routes: {
  [Key in keyof Api]: Pick<Api[Key], 'method' | 'path'>;
}): { [Key in keyof Api]: TypedRoute<Api[Key]> } {
  return routes;
}

/** Keeps the literal types of an endpoint object, so server and client are typed from it. */
export function defineEndpoint<
  const Query extends z.ZodType | undefined = undefined,
  const Body extends z.ZodType | undefined = undefined,
  const Answer extends z.ZodType = z.ZodType,
  const Errors extends readonly ErrorCode[] = readonly [],
  const Access extends EndpointAccess = EndpointAccess,
>(
  endpoint: Endpoint<Query, Body, Answer, Errors, Access>,
): Endpoint<Query, Body, Answer, Errors, Access> {
  return endpoint;
}

/** Every code an endpoint may answer: its own, the common ones, and the access rule's. */
export function errorCodesOf(endpoint: Endpoint): ErrorCode[] {
  return [
    ...COMMON_ERRORS,
    ...endpoint.errors,
    ...(endpoint.access === 'member' ? (['authentication_required'] as const) : []),
    ...(isStaffAccess(endpoint.access) ? (['authentication_required', 'forbidden'] as const) : []),
  ];
}

type Input<Schema> = Schema extends z.ZodType ? z.input<Schema> : undefined;
type Output<Schema> = Schema extends z.ZodType ? z.output<Schema> : undefined;

/** The endpoint behind a route of the web's table, or the endpoint itself. */
type EndpointOf<E> = E extends Endpoint ? E : E extends TypedRoute<infer Inner> ? Inner : never;

/** What a client sends: the schemas' input types. */
export type QueryInput<E> = EndpointOf<E> extends Endpoint<infer Query> ? Input<Query> : never;
export type BodyInput<E> =
  EndpointOf<E> extends Endpoint<z.ZodType | undefined, infer Body> ? Input<Body> : never;
/** What a handler receives after validation: the schemas' output types. */
export type QueryOf<E> = E extends Endpoint<infer Query> ? Output<Query> : never;
export type BodyOf<E> =
  E extends Endpoint<z.ZodType | undefined, infer Body> ? Output<Body> : never;
/** What a handler returns (serialized by the schema) and what the client gets back. */
export type AnswerInput<E> =
  E extends Endpoint<z.ZodType | undefined, z.ZodType | undefined, infer Answer>
    ? z.input<Answer>
    : never;
export type AnswerOf<E> =
  EndpointOf<E> extends Endpoint<z.ZodType | undefined, z.ZodType | undefined, infer Answer>
    ? z.output<Answer>
    : never;
