// What one operation of the table says: how it is called (head), who may call it on what (rules), and the
// JSON-schema-like parameter schemas Fastify validates with as they are. Types and plain data only.
import type { Permission } from './permissions.ts';

export type Method = 'GET' | 'POST';

/**
 * Reads may be retried freely (every GET of the spec except the live operations: minting a token changes
 * nothing a second mint could break, and a 500 means nothing changed); writes only when the caller opts in
 * (a retried write could apply twice).
 */
export type OperationKind = 'read' | 'write';

/** What a client needs to call an operation: the only part of the table that goes into its bundle. */
export interface OperationHead {
  readonly method: Method;
  readonly kind: OperationKind;
  /** Path under the base URL when it is not `<name>.json`. */
  readonly path?: string;
  /** `html`: the answer is an HTML string, not the JSON envelope (upload.iframe). */
  readonly answer?: 'html';
}

/** One query parameter, as ajv reads it (every input of the API is a query-string parameter). */
export type ParamSchema =
  | {
      readonly type: 'string';
      readonly minLength?: number;
      readonly maxLength?: number;
      readonly enum?: readonly string[];
    }
  | { readonly type: 'integer'; readonly minimum: number; readonly maximum: number };

/**
 * Which gallery, asset, portal, stream or hook a call touches, named by which parameter, and how:
 * - `nothing`: reads of the account (lists, ping); a scoped token may call them.
 * - `account`: creates or changes what no one gallery or asset holds; a scoped token may not (`action`
 *   completes "This token … cannot").
 * - `gallery`: changes the gallery `param` names; `read` for reads of one gallery (a token limited to some
 *   galleries reads only those, an upload token only its own).
 * - `assets`: changes the assets of the rid list `param`.
 * - `items`: changes which assets (`assets`) the gallery (`gallery`) holds.
 * - `upload-target`: makes an asset in the gallery `gallery`, or attached to the asset `asset`.
 * - `import`: a running URL import, named by `param`, aimed at a gallery or asset.
 * - `token`: mints a token that never exceeds the caller's (its own gallery and asset limits included).
 */
export type Scope =
  | { readonly touches: 'nothing' }
  | { readonly touches: 'account'; readonly action: string; readonly param?: string }
  | { readonly touches: 'gallery'; readonly param: string; readonly read?: true }
  | { readonly touches: 'assets'; readonly param: string }
  | { readonly touches: 'items'; readonly gallery: string; readonly assets: string }
  | { readonly touches: 'upload-target'; readonly gallery: string; readonly asset: string }
  | { readonly touches: 'import'; readonly param: string }
  | { readonly touches: 'token' };

/** An entry of a namespace's type map: the parameters a client gives and the answer fields it gets. */
export interface Op<P, A, Encoded extends keyof P = never> {
  params: P;
  answer: A;
  /** Parameters the client writes onto the wire its own way (`custom` as `custom.NAME=value`). */
  encoded: Encoded;
}

/** Any entry of a type map. */
export interface AnyOp {
  params: object;
  answer: unknown;
  encoded: PropertyKey;
}

type RequiredKeys<P> = { [K in keyof P]-?: undefined extends P[K] ? never : K }[keyof P];

/** Who may call an operation on what, and its parameters: the server's part of the table. */
export interface Rules<O extends AnyOp> {
  /** Needed permission; several: any one of them; null: any valid credential (ping). */
  readonly permission: Permission | readonly Permission[] | null;
  readonly scope: Scope;
  /** Whether an upload token may call it (within its gallery and its own uploads). */
  readonly uploadToken?: true;
  /** Every parameter the client sends, by its wire name. */
  readonly params: { readonly [K in Exclude<keyof O['params'], O['encoded']>]-?: ParamSchema };
  readonly required?: readonly RequiredKeys<O['params']>[];
  /** Other names the operation is also served under (the spec's own misspellings). */
  readonly aliases?: readonly string[];
}

/** The rules of every operation of a namespace's type map. */
export type RulesOf<Ops> = { readonly [N in keyof Ops]: Ops[N] extends AnyOp ? Rules<Ops[N]> : never };

/** The heads of every operation of a namespace's type map. */
export type HeadsOf<Ops> = { readonly [N in keyof Ops]: OperationHead };

/** The value ajv hands the server for one parameter schema. */
type WireValue<S> = S extends { readonly type: 'integer' }
  ? number
  : S extends { readonly enum: readonly (infer E)[] }
    ? E
    : string;

/** The parameters as the server receives them once validated: from the schema, not from the client's types. */
export type WireParams<R extends { readonly params: object; readonly required?: readonly PropertyKey[] }> = {
  -readonly [K in keyof R['params'] as K extends RequiredOf<R> ? K : never]: WireValue<R['params'][K]>;
} & {
  -readonly [K in keyof R['params'] as K extends RequiredOf<R> ? never : K]?: WireValue<R['params'][K]>;
};

type RequiredOf<R> = R extends { readonly required: readonly (infer K)[] } ? K : never;

/** The three heads of the table: a GET that reads, a POST that writes, and a GET that writes (live.*). */
export const GET_READ = { method: 'GET', kind: 'read' } as const satisfies OperationHead;
export const POST_WRITE = { method: 'POST', kind: 'write' } as const satisfies OperationHead;
export const GET_WRITE = { method: 'GET', kind: 'write' } as const satisfies OperationHead;
