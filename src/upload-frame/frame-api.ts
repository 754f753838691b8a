// The operations the frame page performs with its upload token, on the typed transport.
import { Transport } from '../api/transport.ts';

/** An item of gallery.get_items as the frame shows it. */
export interface FrameItem {
  rid: string;
  filename: string;
  type: string;
  caption?: string;
  description?: string;
  thumbnail?: { url: string; width: number; height: number } | null;
}

interface ItemsPage {
  folder: { items: FrameItem[]; items_data: { page: number; pages_count: number } };
}

export class FrameApi {
  private readonly transport: Transport;

  constructor(
    baseUrl: string,
    uploadToken: string,
    readonly fid: string,
  ) {
    this.transport = new Transport({ baseUrl, uploadToken });
  }

  /** Every item of the gallery in order (the frame needs the full order to compute positions). */
  async allItems(signal?: AbortSignal): Promise<FrameItem[]> {
    const items: FrameItem[] = [];
    // Bounded: a gallery holds at most 1,000 pages of 100 for the frame's purposes.
    for (let page = 1; page <= 1000; page++) {
      const result = await this.transport.call<ItemsPage>(
        'gallery.get_items',
        'GET',
        'read',
        { fid: this.fid, page, items_per_page: 100, details: 'caption,description' },
        { signal },
      );
      items.push(...result.folder.items);
      if (page >= result.folder.items_data.pages_count) break;
    }
    return items;
  }

  setMeta(rid: string, meta: { caption: string; description: string }): Promise<unknown> {
    return this.transport.call('asset.set_meta', 'POST', 'write', { rid, ...meta });
  }

  /** Moves `rid` to the 1-based `position` of the whole gallery. */
  move(rid: string, position: number): Promise<unknown> {
    return this.transport.call('gallery.add_item', 'POST', 'write', {
      fid: this.fid,
      rid,
      insert_position: position,
    });
  }

  remove(rid: string): Promise<unknown> {
    return this.transport.call('gallery.remove_item', 'POST', 'write', { fid: this.fid, rid });
  }
}
