// The API v2 contract in one place: the table of the 38 operations (how each is called, who may call it on
// what, its parameters and its answer), the wire records, error codes and event payloads. Server, client and
// tests read it; it imports nothing outside this folder. A client namespace imports its own file only
// (its heads), so a bundle carries no more of the table than it calls.
import { ASSET, ASSET_RULES, type AssetOperations } from './asset.ts';
import { GALLERY, GALLERY_RULES, type GalleryOperations } from './gallery.ts';
import { GENERAL, GENERAL_RULES, type GeneralOperations } from './general.ts';
import { LIVE, LIVE_RULES, type LiveOperations } from './live.ts';
import type { WireParams } from './operation.ts';
import { PORTAL, PORTAL_RULES, type PortalOperations } from './portal.ts';
import { UPLOAD, UPLOAD_RULES, type UploadOperations } from './upload.ts';
import { WEBHOOK, WEBHOOK_RULES, type WebhookOperations } from './webhook.ts';

export * from './asset.ts';
export * from './asset-record.ts';
export * from './errors.ts';
export * from './events.ts';
export * from './gallery.ts';
export * from './general.ts';
export * from './item-details.ts';
export * from './live.ts';
export * from './operation.ts';
export * from './permissions.ts';
export * from './portal.ts';
export * from './upload.ts';
export * from './upload-frame.ts';
export * from './uploads.ts';
export * from './webhook.ts';
export * from './wire.ts';

/** The type map of every operation: its parameters as a client gives them and its answer fields. */
export interface Operations
  extends GeneralOperations,
    GalleryOperations,
    AssetOperations,
    UploadOperations,
    PortalOperations,
    WebhookOperations,
    LiveOperations {}

export type OperationName = keyof Operations;
export type ParamsOf<N extends OperationName> = Operations[N]['params'];
export type AnswerOf<N extends OperationName> = Operations[N]['answer'];

const HEADS = { ...GENERAL, ...GALLERY, ...ASSET, ...UPLOAD, ...PORTAL, ...WEBHOOK, ...LIVE };
const RULES = {
  ...GENERAL_RULES,
  ...GALLERY_RULES,
  ...ASSET_RULES,
  ...UPLOAD_RULES,
  ...PORTAL_RULES,
  ...WEBHOOK_RULES,
  ...LIVE_RULES,
};

type Rule<N extends OperationName> = (typeof RULES)[N];

/** One row of the table: the operation's name, head and rules. */
export type Operation<N extends OperationName = OperationName> = { readonly name: N } & (typeof HEADS)[N] &
  Rule<N>;

/** The parameters of an operation as the server receives them, once its schemas have validated them. */
export type ServerParams<N extends OperationName> = WireParams<Rule<N>>;

/** Every operation of the contract, by name, in the order of api-v2.md. */
export const OPERATIONS = Object.fromEntries(
  (Object.keys(HEADS) as OperationName[]).map((name) => [name, { name, ...HEADS[name], ...RULES[name] }]),
) as { readonly [N in OperationName]: Operation<N> };

/** The operation names, in the order of api-v2.md. */
export const OPERATION_NAMES = Object.keys(OPERATIONS) as OperationName[];
