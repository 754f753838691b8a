// The typed API v2 client: one method per operation, grouped by namespace (client.gallery.getItems, …).
import { GENERAL, type GeneralOperations } from '../contract/general.ts';
import { AssetApi } from './asset.ts';
import { GalleryApi } from './gallery.ts';
import { LiveApi } from './live.ts';
import { type OperationCaller, operationCaller } from './namespace.ts';
import { PortalApi } from './portal.ts';
import { TokenApi } from './token.ts';
import { type CallOptions, type ClientOptions, Transport } from './transport.ts';
import { UploadApi } from './upload.ts';
import { WebhookApi } from './webhook.ts';

/**
 * A client of one service account. Give `token` (application or temporary, sent as `api_token`) or
 * `uploadToken` (sent as `upload_token`). Every method takes `{ signal, retry }` as its last argument
 * and rejects with an {@link ApiError} on failure; reads are retried on 500, 429 and network errors,
 * writes only when `retry: true` (or `retryWrites`).
 *
 * @example
 * const client = new GalleryClient({ baseUrl: 'http://127.0.0.1:8787/v2/', token });
 * const { fid } = await client.gallery.create({ name: 'Holiday' });
 * for await (const item of client.gallery.iterateItems({ fid })) console.log(item.rid);
 */
export class GalleryClient {
  readonly transport: Transport;
  readonly token: TokenApi;
  readonly gallery: GalleryApi;
  readonly asset: AssetApi;
  readonly upload: UploadApi;
  readonly portal: PortalApi;
  readonly webhook: WebhookApi;
  readonly live: LiveApi;
  readonly #call: OperationCaller<GeneralOperations>;

  constructor(options: ClientOptions) {
    this.transport = new Transport(options);
    this.#call = operationCaller<GeneralOperations>(this.transport, GENERAL);
    this.token = new TokenApi(this.transport);
    this.gallery = new GalleryApi(this.transport);
    this.asset = new AssetApi(this.transport);
    this.upload = new UploadApi(this.transport);
    this.portal = new PortalApi(this.transport);
    this.webhook = new WebhookApi(this.transport);
    this.live = new LiveApi(this.transport);
  }

  /** GET ping.json: checks the token; tells the account, permissions and token type. */
  ping(options?: CallOptions) {
    return this.#call('ping', {}, options);
  }

  /** A client with the same options and another application or temporary token (e.g. from token.getTemp). */
  withToken(token: string): GalleryClient {
    const { uploadToken: _, ...options } = this.transport.options;
    return new GalleryClient({ ...options, token });
  }

  /**
   * A client that sends `uploadToken` as `upload_token`, e.g. from upload.getUploadToken. It may call
   * only what an upload token allows: upload.iframe, asset.get_upload_url, the upload POST,
   * gallery.get_items, and asset.set_meta / gallery.add_item / gallery.remove_item on its own uploads.
   */
  withUploadToken(uploadToken: string): GalleryClient {
    const { token: _, ...options } = this.transport.options;
    return new GalleryClient({ ...options, uploadToken });
  }
}
