// Asset records as the API shows them, from the read model: full records (asset.list, uploads, webhook
// payloads) and gallery items cut to a `details` set.
import type { AssetRecord, GalleryItem } from '../../src/contract/asset-record.ts';
import type { ServerContext } from '../context.ts';
import { notFound } from '../errors.ts';

export class RecordService {
  constructor(private readonly ctx: ServerContext) {}

  /** Records of the given assets in the given order (unknown rids are skipped), cut to `details` if given. */
  records(rids: readonly string[]): AssetRecord[];
  records(rids: readonly string[], details: ReadonlySet<string>): GalleryItem[];
  records(rids: readonly string[], details?: ReadonlySet<string>): AssetRecord[] | GalleryItem[];
  records(rids: readonly string[], details?: ReadonlySet<string>): AssetRecord[] | GalleryItem[] {
    const { records, items } = this.ctx.readModel;
    if (!details) return records.records(rids);
    const present = records.records(rids).map((record) => record.rid);
    const albums = details.has('appears_in_albums') ? items.galleriesOf(present) : undefined;
    return records.items(rids, details, albums);
  }

  record(rid: string): AssetRecord {
    const record = this.ctx.readModel.records.record(rid);
    if (!record) throw notFound('Asset', rid);
    return record;
  }
}
