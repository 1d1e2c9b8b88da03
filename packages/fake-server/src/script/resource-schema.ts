import { type Static, Type } from '@sinclair/typebox';

const Contents = Type.Object(
  {
    uri: Type.Optional(Type.String({ minLength: 1, description: 'Default: the resource URI.' })),
    mimeType: Type.Optional(Type.String()),
    text: Type.Optional(Type.String()),
    blob: Type.Optional(Type.String({ description: 'Base64 bytes.' })),
  },
  { additionalProperties: true },
);

/**
 * A resource in a script (`Resource`, both revisions): `uri` and `name` are required; other fields
 * are served as written. `contents` (the fake server's own, never listed) is what `resources/read`
 * returns; without it a read returns one text entry naming the resource.
 */
export const ScriptResource = Type.Object(
  {
    uri: Type.String({ minLength: 1, description: 'Resource URI, unique within the list.' }),
    name: Type.String({ minLength: 1 }),
    title: Type.Optional(Type.String()),
    description: Type.Optional(Type.String()),
    mimeType: Type.Optional(Type.String()),
    size: Type.Optional(Type.Integer({ minimum: 0 })),
    annotations: Type.Optional(Type.Object({}, { additionalProperties: true })),
    contents: Type.Optional(Type.Array(Contents)),
  },
  {
    additionalProperties: true,
    description:
      "A resource in a script (`Resource`, both revisions): `uri` and `name` are required; other fields are served as written. `contents` (the fake server's own, never listed) is what `resources/read` returns; without it a read returns one text entry naming the resource.",
  },
);
export type ScriptResource = Static<typeof ScriptResource>;

/**
 * A resource template in a script (`ResourceTemplate`): `uriTemplate` (RFC 6570) and `name` are
 * required. A `resources/read` of a URI the template expands to returns one generated text entry.
 */
export const ScriptResourceTemplate = Type.Object(
  {
    uriTemplate: Type.String({ minLength: 1, description: 'RFC 6570 URI template, unique within the list.' }),
    name: Type.String({ minLength: 1 }),
    title: Type.Optional(Type.String()),
    description: Type.Optional(Type.String()),
    mimeType: Type.Optional(Type.String()),
    annotations: Type.Optional(Type.Object({}, { additionalProperties: true })),
  },
  {
    additionalProperties: true,
    description:
      'A resource template in a script (`ResourceTemplate`): `uriTemplate` (RFC 6570) and `name` are required. A `resources/read` of a URI the template expands to returns one generated text entry.',
  },
);
export type ScriptResourceTemplate = Static<typeof ScriptResourceTemplate>;
