// Asset rules of the asset.* operations: listing, tags, metadata, deletion and upload URLs.
import type { AssetRecord } from '../../src/contract/asset-record.ts';
import type { AnswerOf, ServerParams } from '../../src/contract/index.ts';
import type { Caller } from '../auth/credentials.ts';
import type { ServerContext } from '../context.ts';
import { invalid, missing, notFound } from '../errors.ts';
import { type AssetFilter, AssetStore } from '../store/assets.ts';
import type { AssetDeletion } from './asset-deletion.ts';
import { customFields, mergeCustom, normalizeMeta, normalizeTags } from './asset-meta.ts';
import { ATTACH_TYPE } from './ingest.ts';
import { pageOf } from './paging.ts';
import type { RecordService } from './records.ts';
import { parseRidList } from './rid-list.ts';
import { signUploadUrl } from './upload-urls.ts';

const MAX_RIDS = 1000;
/** asset.list pages hold at most this many assets. */
const LIST_PAGE = 100;

export class AssetService {
  private readonly store: AssetStore;

  constructor(
    private readonly ctx: ServerContext,
    private readonly records: RecordService,
    private readonly deletion: AssetDeletion,
  ) {
    this.store = new AssetStore(ctx.db);
  }

  /** asset.list: one page of the assets a filter finds, newest first. */
  list(params: ServerParams<'asset.list'>): AnswerOf<'asset.list'> {
    const filter: AssetFilter = {};
    const search = params.search?.trim() ?? '';
    // The exact-term forms, as gallery.list's: `caption=term`, `description=term`, and `tag=term`.
    const exact = /^(caption|description|tag)=(.*)$/s.exec(search);
    const term = (exact?.[2] ?? '').trim();
    if (exact?.[1] === 'tag') filter.tags = term === '' ? [] : normalizeTags(term, 'search').split(',');
    else if (exact) filter.exact = { column: exact[1] as 'caption' | 'description', term };
    else if (search !== '') filter.search = search;
    if (params.rid !== undefined && params.rid.trim() !== '') filter.rids = parseRidList(params.rid);
    if (params.reference_id !== undefined && params.reference_id !== '')
      filter.reference_id = params.reference_id;
    if (params.tag !== undefined && params.tag.trim() !== '') {
      filter.tags = [...(filter.tags ?? []), ...normalizeTags(params.tag, 'tag').split(',')];
    }
    if (params.type) filter.type = params.type;
    const { lists } = this.ctx.readModel;
    const paging = pageOf(params, LIST_PAGE);
    const count = lists.count(filter);
    const rids = lists.page(filter, paging.items_per_page, paging.offset);
    return { items: this.records.records(rids), items_data: paging.data(count) };
  }

  /** asset.get_tags: tag -> number of assets carrying it (case as first seen). */
  tags(): AnswerOf<'asset.get_tags'> {
    const counts = new Map<string, { name: string; count: number }>();
    for (const tags of this.store.allTags()) {
      for (const tag of tags.split(',')) {
        if (tag === '') continue;
        const entry = counts.get(tag.toLowerCase()) ?? { name: tag, count: 0 };
        entry.count += 1;
        counts.set(tag.toLowerCase(), entry);
      }
    }
    // `tag_cloud`, as the hosted service names it (and as gallery.list names its own).
    return { tag_cloud: Object.fromEntries([...counts.values()].map((e) => [e.name, e.count])) };
  }

  /** asset.set_meta: metadata fields and `custom.NAME` fields of one asset. */
  setMeta(caller: Caller, params: ServerParams<'asset.set_meta'>): { asset: AssetRecord } {
    const { rid, ...fields } = params;
    const custom = customFields(params);
    const row = this.store.get(rid);
    if (!row) throw notFound('Asset', rid);
    this.ctx.access.check(caller, 'asset.set_meta', { rids: [rid] });
    const changes: Record<string, string> = { ...normalizeMeta(fields) };
    if (Object.keys(custom).length > 0) {
      changes.custom = JSON.stringify(mergeCustom(this.records.record(rid).custom, custom));
    }
    if (Object.keys(changes).length === 0) return { asset: this.records.record(rid) };
    return this.store.transaction(() => {
      this.store.updateMeta(rid, changes, new Date(this.ctx.clock.now()).toISOString());
      const asset = this.records.record(rid);
      this.ctx.events.emit('asset.updated', asset);
      return { asset };
    });
  }

  /** asset.delete: the assets and all attached below them, all or nothing. */
  delete(caller: Caller, params: ServerParams<'asset.delete'>): AnswerOf<'asset.delete'> {
    const rids = parseRidList(params.rid);
    if (rids.length === 0) throw missing('rid');
    if (rids.length > MAX_RIDS) throw invalid('rid', `may list at most ${MAX_RIDS} assets`);
    this.ctx.access.check(caller, 'asset.delete', { rids });
    this.deletion.delete(rids);
    return { rid: rids.join(',') };
  }

  /** asset.get_upload_url: a signed URL into a gallery, or to attach to an asset under a type. */
  uploadUrl(caller: Caller, params: ServerParams<'asset.get_upload_url'>) {
    const { access } = this.ctx;
    const rid = params.rid?.trim() || undefined;
    const type = params.type?.trim() || undefined;
    // A scoped token asking for no target gets its own gallery rather than an asset outside it.
    const fid = params.fid?.trim() || (rid ? undefined : access.defaultGallery(caller));
    if (rid && !type) throw missing('type');
    if (type && !rid) throw invalid('type', 'is only used with rid (to attach to an asset)');
    if (type && !ATTACH_TYPE.test(type))
      throw invalid('type', 'must be poster, thumb or subtitle-<language>');
    access.check(caller, 'asset.get_upload_url', { fid, rid });
    const ttl = params.ttl ?? 24 * 60 * 60;
    const upload_url = signUploadUrl(this.ctx, {
      fid,
      rid,
      type: type?.toLowerCase(),
      ttlSeconds: ttl,
      uploadTokenHash: access.uploadOwner(caller),
    });
    const expires = new Date((Math.floor(this.ctx.clock.now() / 1000) + ttl) * 1000).toISOString();
    return { upload_url, expires };
  }
}
