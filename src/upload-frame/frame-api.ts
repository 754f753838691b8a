// The operations the frame page performs with its upload token, through the gallery and asset namespaces
// of the typed client (not the whole client: the frame's bundle stays small).
import { AssetApi } from '../api/asset.ts';
import { GalleryApi } from '../api/gallery.ts';
import { Transport } from '../api/transport.ts';
import type { GalleryItem } from '../api/types.ts';

/** An item of gallery.get_items as the frame shows it (with its caption and description). */
export type FrameItem = GalleryItem;

export class FrameApi {
  readonly #gallery: GalleryApi;
  readonly #asset: AssetApi;

  constructor(
    baseUrl: string,
    uploadToken: string,
    readonly fid: string,
  ) {
    const transport = new Transport({ baseUrl, uploadToken });
    this.#gallery = new GalleryApi(transport);
    this.#asset = new AssetApi(transport);
  }

  /** Every item of the gallery in order (the frame needs the full order to compute positions). */
  async allItems(signal?: AbortSignal): Promise<FrameItem[]> {
    const items: FrameItem[] = [];
    // Bounded: a gallery holds at most 1,000 pages of 100 for the frame's purposes.
    for (let page = 1; page <= 1000; page++) {
      const { folder } = await this.#gallery.getItems(
        { fid: this.fid, page, items_per_page: 100, details: ['caption', 'description'] },
        { signal },
      );
      items.push(...folder.items);
      if (page >= folder.items_data.pages_count) break;
    }
    return items;
  }

  setMeta(rid: string, meta: { caption: string; description: string }): Promise<unknown> {
    return this.#asset.setMeta({ rid, ...meta });
  }

  /** Moves `rid` to the 1-based `position` of the whole gallery. */
  move(rid: string, position: number): Promise<unknown> {
    return this.#gallery.addItem({ fid: this.fid, rid, insert_position: position });
  }

  remove(rid: string): Promise<unknown> {
    return this.#gallery.removeItem({ fid: this.fid, rid });
  }
}
