import { type Static, Type } from '@sinclair/typebox';
import { StringEnum } from '../json-schema/string-enum.js';

const CacheScope = StringEnum(['public', 'private']);

const ListFreshness = Type.Object(
  {
    ttlMs: Type.Optional(Type.Integer({ minimum: 0 })),
    cacheScope: Type.Optional(Type.Union([CacheScope, Type.Literal('auto')])),
  },
  { additionalProperties: false },
);

/**
 * Freshness hints on modern results (`ttlMs`, `cacheScope`, §7) of every listing and of
 * `resources/read`. `cacheScope: 'auto'` (the default) is `private` when the list depends on the
 * principal (auth `toolScopes`, `resourceScopes`, `promptScopes`), else `public`. `lists` overrides
 * the hints of one list (`resources` also covers `resources/read`); `pages` overrides those of single
 * pages (page 1 is the first); a `cacheScope` differing between pages of one listing breaks a spec
 * MUST and is a deliberate violation.
 * @see ../shared/spec/mcp-discovery-spec.md §1.2, §7
 */
export const FreshnessSettingsSchema = Type.Object(
  {
    ttlMs: Type.Optional(Type.Integer({ minimum: 0, description: 'Listing ttlMs (default 300000).' })),
    cacheScope: Type.Optional(Type.Union([CacheScope, Type.Literal('auto')])),
    discoverTtlMs: Type.Optional(
      Type.Integer({ minimum: 0, description: 'server/discover ttlMs (default 3600000).' }),
    ),
    discoverCacheScope: Type.Optional(CacheScope),
    lists: Type.Optional(
      Type.Object(
        {
          tools: Type.Optional(ListFreshness),
          resources: Type.Optional(ListFreshness),
          resourceTemplates: Type.Optional(ListFreshness),
          prompts: Type.Optional(ListFreshness),
        },
        { additionalProperties: false },
      ),
    ),
    pages: Type.Optional(
      Type.Array(
        Type.Object(
          {
            page: Type.Integer({ minimum: 1 }),
            ttlMs: Type.Optional(Type.Integer({ minimum: 0 })),
            cacheScope: Type.Optional(CacheScope),
          },
          { additionalProperties: false },
        ),
      ),
    ),
  },
  {
    additionalProperties: false,
    description:
      "Freshness hints on modern results (`ttlMs`, `cacheScope`, §7) of every listing and of `resources/read`. `cacheScope: 'auto'` (the default) is `private` when the list depends on the principal (auth `toolScopes`, `resourceScopes`, `promptScopes`), else `public`. `lists` overrides the hints of one list (`resources` also covers `resources/read`); `pages` overrides those of single pages (page 1 is the first); a `cacheScope` differing between pages of one listing breaks a spec MUST and is a deliberate violation.",
  },
);
export type FreshnessSettings = Static<typeof FreshnessSettingsSchema>;
