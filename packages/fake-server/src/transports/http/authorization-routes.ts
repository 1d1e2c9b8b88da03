import express, { type Express, type Request, type Response } from 'express';
import type { AuthorizationAnswer } from '../../authorization/authorization-answer.js';
import type { FakeServer } from '../../fake-server.js';

/**
 * Serves the fake server's authorization server (when its script has one) on the same origin:
 * RFC 8414 metadata at `/.well-known/oauth-authorization-server`, and `/oauth/authorize`,
 * `/oauth/token`, `/oauth/register`, `/oauth/revoke`, `/oauth/jwks`. Without one, every route is 404.
 * The issuer is the origin the client addressed.
 * @param protectedResource the resource the server protects as a request addressed it (its RFC
 *   9728 metadata's `resource`): the only RFC 8707 `resource` the authorization server serves.
 * @see ../shared/spec/mcp-discovery-spec.md §6
 */
export function mountAuthorizationRoutes(
  app: Express,
  server: FakeServer,
  protectedResource: (req: Request) => string,
): void {
  const issuerOf = (req: Request) => `${req.protocol}://${req.headers.host ?? 'localhost'}`;
  const form = express.urlencoded({ extended: false, limit: '64kb' });
  const withServer =
    (handle: (req: Request, res: Response) => Promise<AuthorizationAnswer> | AuthorizationAnswer) =>
    async (req: Request, res: Response) => {
      if (!server.authorizationServer()) {
        res
          .status(404)
          .json({ error: 'not_found', error_description: 'this fake server runs no authorization server' });
        return;
      }
      send(res, await handle(req, res));
    };
  app.get(
    ['/.well-known/oauth-authorization-server', '/.well-known/openid-configuration'],
    withServer((req) => ({ status: 200, json: server.authorizationServer()!.metadata(issuerOf(req)) })),
  );
  app.get(
    '/oauth/authorize',
    withServer((req) =>
      server
        .authorizationServer()!
        .authorize(new URLSearchParams(req.url.split('?')[1] ?? ''), protectedResource(req)),
    ),
  );
  app.post(
    '/oauth/token',
    form,
    withServer((req) =>
      server
        .authorizationServer()!
        .token(
          new URLSearchParams(req.body as Record<string, string>),
          req.headers.authorization,
          protectedResource(req),
        ),
    ),
  );
  app.post(
    '/oauth/revoke',
    form,
    withServer((req) =>
      server.authorizationServer()!.revokeToken(new URLSearchParams(req.body as Record<string, string>)),
    ),
  );
  app.post(
    '/oauth/register',
    express.json({ limit: '64kb' }),
    withServer((req) => server.authorizationServer()!.register((req.body ?? {}) as Record<string, unknown>)),
  );
  app.get(
    '/oauth/jwks',
    withServer(async () => ({ status: 200, json: await server.authorizationServer()!.jwks() })),
  );
}

function send(res: Response, answer: AuthorizationAnswer): void {
  if ('location' in answer) {
    res.redirect(302, answer.location);
    return;
  }
  for (const [name, value] of Object.entries(answer.headers ?? {})) res.setHeader(name, value);
  res.status(answer.status).json(answer.json);
}
