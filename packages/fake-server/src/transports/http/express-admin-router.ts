import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import type { AdminApi } from '../../admin/admin-api.js';
import { type AdminGuardOptions, adminGuard } from '../../admin/admin-guard.js';
import type { AdminAnswer } from '../../admin/admin-route.js';
import { errorAnswer, routeAdminRequest } from '../../admin/admin-router.js';

/** Largest admin request body, bytes (a step with a big generated catalog fits; larger gets 413). */
const MAX_ADMIN_BODY_BYTES = 1024 * 1024;

/**
 * An express router serving the admin API (mount it at the admin prefix). It only adapts express
 * requests to `adminGuard` (Host, Origin, token and media type, checked before the body is read) and
 * {@link routeAdminRequest}; the routes live in `admin/routes/`.
 * @param guard who may use it (see `AdminGuardOptions`).
 */
export function adminRouter(admin: AdminApi, guard: AdminGuardOptions): Router {
  const router = express.Router();
  const check = adminGuard(guard);
  router.use((req: Request, res: Response, next: NextFunction) => {
    const refusal = check({
      method: req.method,
      host: req.headers.host,
      origin: req.headers.origin,
      contentType: req.headers['content-type'],
      authorization: req.headers.authorization,
    });
    if (refusal) {
      // The body is never read: the connection cannot be reused for the next request.
      res.setHeader('Connection', 'close');
      send(res, refusal);
    } else next();
  });
  router.use(express.text({ type: () => true, limit: MAX_ADMIN_BODY_BYTES, defaultCharset: 'utf-8' }));
  router.all('/{*path}', async (req: Request, res: Response) => {
    const url = new URL(req.url, 'http://admin.invalid');
    const answer = await routeAdminRequest(admin, {
      method: req.method,
      path: url.pathname,
      query: url.searchParams,
      body: typeof req.body === 'string' ? req.body : '',
      accept: req.headers.accept ?? '',
    });
    send(res, answer);
  });
  // A body the parser refused (too large, unknown charset or encoding) gets a coded error too, not express's HTML page.
  router.use(
    (
      error: { status?: number; type?: string; message?: string },
      _req: Request,
      res: Response,
      _next: NextFunction,
    ) => {
      const oversize = error.type === 'entity.too.large';
      const reason = oversize
        ? `the body is over the ${MAX_ADMIN_BODY_BYTES}-byte limit`
        : `the body is not readable (${error.message ?? 'unknown error'})`;
      send(
        res,
        errorAnswer(
          oversize ? 413 : (error.status ?? 400),
          'ADMIN_REQUEST_INVALID',
          `Admin API request is invalid: ${reason}.`,
          {
            reason,
          },
        ),
      );
    },
  );
  return router;
}

function send(res: Response, answer: AdminAnswer): void {
  res.status(answer.status);
  for (const [name, value] of Object.entries(answer.headers ?? {})) res.setHeader(name, value);
  if (answer.status === 204) res.end();
  else res.type(answer.contentType).send(answer.body);
}
