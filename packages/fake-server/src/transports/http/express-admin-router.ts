import express, { type Request, type Response, type Router } from 'express';
import type { AdminApi } from '../../admin/admin-api.js';
import { routeAdminRequest } from '../../admin/admin-router.js';

/**
 * An express router serving the admin API (mount it at the admin prefix). It only adapts express
 * requests to {@link routeAdminRequest}; the routes live in `admin/routes/`.
 */
export function adminRouter(admin: AdminApi): Router {
  const router = express.Router();
  router.use(express.text({ type: () => true, limit: 1024 * 1024, defaultCharset: 'utf-8' }));
  router.all('/{*path}', async (req: Request, res: Response) => {
    const url = new URL(req.url, 'http://admin.invalid');
    const answer = await routeAdminRequest(admin, {
      method: req.method,
      path: url.pathname,
      query: url.searchParams,
      body: typeof req.body === 'string' ? req.body : '',
      accept: req.headers.accept ?? '',
    });
    res.status(answer.status);
    for (const [name, value] of Object.entries(answer.headers ?? {})) res.setHeader(name, value);
    if (answer.status === 204) res.end();
    else res.type(answer.contentType).send(answer.body);
  });
  return router;
}
