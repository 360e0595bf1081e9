import { MESSAGES } from '@app/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { StorageError } from '../../storage/index.ts';
import { AppError, errorBody, validationFailed } from '../errors.ts';

/** Strapi's names for the 4xx statuses Fastify and its plugins raise themselves. */
function nameOfStatus(status: number): string {
  if (status === 413) return 'PayloadTooLargeError';
  if (status === 415) return 'UnsupportedMediaTypeError';
  if (status === 429) return 'RateLimitError';
  return 'BadRequestError';
}

/**
 * The whole message a schema gave its issue (`params.title`), as a paging parameter words it the way the
 * REST layer's query parser does (`Invalid parameter pagination[page]: …`).
 */
function titleOf(params: unknown): string | undefined {
  const title = (params as { params?: { title?: unknown } } | undefined)?.params?.title;
  return typeof title === 'string' ? title : undefined;
}

/**
 * Every error as Strapi's body `{ data: null, error: { status, name, message, details } }`: an
 * AppError with its own status, a failed zod schema as a 400 naming the fields, Fastify's own 4xx
 * with Strapi's name, a failure of the file storage as a 503; anything else is logged with the request id and answered as a generic 500.
 */
export function handleError(error: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    return reply.code(error.status).send(errorBody(error.status, error.code, error.message, error.details));
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const failed = validationFailed(
      error.validation.map((v) => ({
        path: v.instancePath.split('/').filter(Boolean),
        message: v.message ?? 'Invalid value',
        name: 'ValidationError',
      })),
      `${error.validationContext}`,
      titleOf(error.validation[0]?.params),
    );
    return reply.code(400).send(errorBody(400, failed.code, failed.message, failed.details));
  }
  if ((error as unknown) instanceof StorageError) {
    // The disk or the bucket failed (storage/): the service is down, not the request wrong.
    req.log.error({ err: error, requestId: req.id }, 'storage failed');
    return reply
      .code(503)
      .send(errorBody(503, 'ServiceUnavailableError', MESSAGES.upload.storageUnavailable));
  }
  const status = (error as { statusCode?: number }).statusCode;
  if (status && status >= 400 && status < 500) {
    return reply.code(status).send(errorBody(status, nameOfStatus(status), (error as Error).message));
  }
  req.log.error({ err: error, requestId: req.id }, 'unhandled error');
  return reply.code(500).send(errorBody(500, 'InternalServerError', 'Internal Server Error'));
}

/** The 404 for a path no route answers (the web shell answers the app's own pages first). */
export function sendNotFound(reply: FastifyReply) {
  return reply.code(404).send(errorBody(404, 'NotFoundError', 'Not Found'));
}

/** Installs the error handler; registered before the routes, which take it over when they are added. */
async function errors(app: FastifyInstance) {
  app.setErrorHandler(handleError);
}

export default fp(errors, { name: 'errors' });
