// Which service answers each operation of the contract: one typed handler `(caller, params) => answer` per
// operation (the HTML one, upload.iframe, is served by routes/upload-frame.ts). A new operation of the
// contract without a handler here does not compile.
import type { AnswerOf, OPERATIONS, OperationName, ServerParams } from '../../src/contract/index.ts';
import type { Caller } from '../auth/credentials.ts';
import type { Services } from './index.ts';

/** The operations answered in the JSON envelope. */
export type JsonOperationName = {
  [N in OperationName]: (typeof OPERATIONS)[N] extends { answer: 'html' } ? never : N;
}[OperationName];

/** An answer with no fields of its own may be nothing at all: the envelope alone. */
// biome-ignore lint/suspicious/noConfusingVoidType: such handlers are the service methods that return nothing
type Result<N extends OperationName> = keyof AnswerOf<N> extends never ? AnswerOf<N> | void : AnswerOf<N>;

export type Handler<N extends OperationName> = (
  caller: Caller,
  params: ServerParams<N>,
) => Result<N> | Promise<Result<N>>;

export type Handlers = { [N in JsonOperationName]: Handler<N> };

export function operationHandlers(s: Services): Handlers {
  return {
    ping: (caller) => s.tokens.ping(caller),
    'token.get_temp': (caller, params) => s.tokens.createTemporaryToken(caller, params),

    'gallery.create': (caller, params) => s.galleries.create(caller, params),
    'gallery.set_meta': (caller, params) => s.galleries.setMeta(caller, params),
    'gallery.delete': (caller, params) => s.galleries.delete(caller, params),
    'gallery.add_item': (caller, params) => s.galleryItems.add(caller, params),
    'gallery.remove_item': (caller, params) => s.galleryItems.remove(caller, params),
    'gallery.list': (caller, params) => s.galleryList.list(caller, params),
    'gallery.get_items': (caller, params) => s.galleryItems.page(caller, params),
    'gallery.set_master': (caller, params) => s.galleries.setMaster(caller, params),
    'gallery.download': (caller, params) => s.downloads.link(caller, params),

    'asset.list': (_caller, params) => s.assets.list(params),
    'asset.get_tags': () => s.assets.tags(),
    'asset.set_meta': (caller, params) => s.assets.setMeta(caller, params),
    'asset.resync': (caller, params) => s.versions.resync(caller, params),
    'asset.delete': (caller, params) => s.assets.delete(caller, params),
    'asset.get_upload_url': (caller, params) => s.assets.uploadUrl(caller, params),
    'asset.upload_from_url': (caller, params) => s.urlImports.start(caller, params),
    'asset.upload_from_url_get_status': (_caller, params) => s.urlImports.status(params.status_id),
    'asset.upload_from_url_abort': (caller, params) => s.urlImports.abort(caller, params.status_id),

    'upload.get_upload_token': (caller, params) => s.tokens.uploadToken(caller, params),

    'portal.check': (_caller, params) => s.portals.check(params),
    'portal.cease': (caller, params) => s.portals.cease(caller, params),
    'portal.rename': (caller, params) => s.portals.rename(caller, params),
    'portal.remove': (caller, params) => s.portals.remove(caller, params),
    'portal.set': (caller, params) => s.portals.set(caller, params),
    'portal.list': (_caller, params) => s.portals.list(params),

    'webhook.list': () => s.webhooks.list(),
    'webhook.set': (caller, params) => s.webhooks.set(caller, params),
    'webhook.set_chat': (caller, params) => s.webhooks.setChat(caller, params),
    'webhook.delete': (caller, params) => s.webhooks.delete(caller, params),

    'live.list': (caller) => s.live.list(caller),
    'live.create': (caller, params) => s.live.create(caller, params),
    'live.start': (caller, params) => s.live.start(caller, params),
    'live.stop': (caller, params) => s.live.stop(caller, params),
    'live.reset': (caller, params) => s.live.reset(caller, params),
    'live.delete': (caller, params) => s.live.delete(caller, params),
  };
}
