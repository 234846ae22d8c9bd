import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { errorCodesOf } from '@contract/endpoint';
import type { ErrorAnswer } from '@contract/errors';
import { AppError } from '@server/errors/app-error';
import { HTTP_STATUS_OF } from './error-status';

/** Fastify's own error codes mapped to ours, so every failure answers a stable code. */
const FASTIFY_CODES: Record<string, { status: number; error: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, error: 'payload_too_large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, error: 'unsupported_media_type' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, error: 'bad_request' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, error: 'bad_request' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, error: 'bad_request' },
  FST_ERR_RATE_LIMIT_EXCEEDED: { status: 429, error: 'too_many_requests' },
};

/** One error handler: a stable code and status, never a stack trace (DESIGN.md §2). */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const endpoint = request.routeOptions.config?.endpoint;
      if (endpoint && !errorCodesOf(endpoint).includes(error.code)) {
        // The endpoint's error codes are a closed list the client translates: a code outside
        // it is a bug to fix in the contract. Tests fail on it; production still answers.
        request.log.error({ code: error.code, path: endpoint.path }, 'undeclared error code');
        if (process.env.NODE_ENV === 'test') {
          return reply.status(500).send({ error: 'internal_error' });
        }
      }
      const answer: ErrorAnswer = { error: error.code, ...error.details };
      return reply.status(HTTP_STATUS_OF[error.kind]).send(answer);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body';
        // Our schemas name a stable code as the message; zod's own messages are prose.
        fields[path] ??= /^[a-z_]+$/.test(issue.message ?? '') ? issue.message! : issue.keyword;
      }
      return reply.status(400).send({ error: 'validation_failed', fields } satisfies ErrorAnswer);
    }
    const known = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (known) return reply.status(known.status).send({ error: known.error });
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ error: 'bad_request' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ error: 'internal_error' });
  });
}
