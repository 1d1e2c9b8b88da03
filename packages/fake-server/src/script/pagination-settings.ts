import { type Static, Type } from '@sinclair/typebox';
import { StringEnum } from '../json-schema/string-enum.js';
import { CURSOR_STYLES } from '../world/server-settings.js';

/**
 * Cursor styles (cursors are opaque strings, §2.5):
 * - `opaque`: a MAC-protected token, stable for the listing it belongs to; a forged one gets -32602;
 * - `offset`: the bare decimal offset (`"20"`), as many real servers issue;
 * - `nonAdvancing`: a broken server: every page, even the last or only one, carries the same
 *   `nextCursor` (`repeatCursor`), and that cursor serves the first page again (the listing never ends);
 * - `emptyString`: the cursor to page 2 is `""` (valid in 2026-07-28, must not be read as the end);
 *   later cursors are opaque;
 * - `expiring`: opaque, but rejected with -32602 after any catalog change or after `cursorTtlMs`
 *   of logical time;
 * - `freshSamePage`: a broken server: every page carries a new cursor never seen before, and each
 *   one serves the first page again (a client that stops on a repeated cursor never stops).
 */
export const CursorStyleSchema = StringEnum(CURSOR_STYLES, {
  description:
    'Cursor styles (cursors are opaque strings, §2.5): - `opaque`: a MAC-protected token, stable for the listing it belongs to; a forged one gets -32602; - `offset`: the bare decimal offset (`"20"`), as many real servers issue; - `nonAdvancing`: a broken server: every page, even the last or only one, carries the same `nextCursor` (`repeatCursor`), and that cursor serves the first page again (the listing never ends); - `emptyString`: the cursor to page 2 is `""` (valid in 2026-07-28, must not be read as the end); later cursors are opaque; - `expiring`: opaque, but rejected with -32602 after any catalog change or after `cursorTtlMs` of logical time; - `freshSamePage`: a broken server: every page carries a new cursor never seen before, and each one serves the first page again (a client that stops on a repeated cursor never stops).',
});
export type CursorStyle = Static<typeof CursorStyleSchema>;

const paginationFields = {
  pageSize: Type.Optional(
    Type.Integer({ minimum: 1, description: 'Items per page; omit for a single page.' }),
  ),
  cursorStyle: Type.Optional(CursorStyleSchema),
  cursorTtlMs: Type.Optional(
    Type.Integer({
      minimum: 1,
      description: 'expiring cursors: lifetime on the logical clock, ms (default: no time limit).',
    }),
  ),
  staleCursor: Type.Optional(
    StringEnum(['serve', 'reject'], {
      description:
        'opaque cursors issued before a catalog change: serve the current catalog from the same offset (default) or reject with -32602 (§11.1).',
    }),
  ),
  repeatCursor: Type.Optional(
    Type.String({ description: 'nonAdvancing: the cursor every page repeats (default "page-1").' }),
  ),
  loopEndsAtPage: Type.Optional(
    Type.Integer({
      minimum: 1,
      description:
        'freshSamePage: the page that ends the broken listing (served without nextCursor), so a client that never stops on its own still ends and its requests can be counted (default: the listing never ends).',
    }),
  ),
};

/** Pagination of one list (`pagination.lists.<list>`): the same fields, overriding the general ones. */
export const ListPaginationSchema = Type.Object(paginationFields, {
  additionalProperties: false,
  description:
    'Pagination of one list (`pagination.lists.<list>`): the same fields, overriding the general ones.',
});
export type ListPagination = Static<typeof ListPaginationSchema>;

/**
 * How every list (`tools/list`, `resources/list`, `resources/templates/list`, `prompts/list`) is
 * paginated; `lists` overrides the fields for one list. Every field is optional; the script section
 * and the `setPagination` action share this shape.
 * @see ../shared/spec/mcp-discovery-spec.md §2.5, §11.1
 */
export const PaginationSettingsSchema = Type.Object(
  {
    ...paginationFields,
    lists: Type.Optional(
      Type.Object(
        {
          tools: Type.Optional(ListPaginationSchema),
          resources: Type.Optional(ListPaginationSchema),
          resourceTemplates: Type.Optional(ListPaginationSchema),
          prompts: Type.Optional(ListPaginationSchema),
        },
        { additionalProperties: false, description: 'Per-list overrides of the fields above.' },
      ),
    ),
  },
  {
    additionalProperties: false,
    description:
      'How every list (`tools/list`, `resources/list`, `resources/templates/list`, `prompts/list`) is paginated; `lists` overrides the fields for one list. Every field is optional; the script section and the `setPagination` action share this shape.',
  },
);
export type PaginationSettings = Static<typeof PaginationSettingsSchema>;
