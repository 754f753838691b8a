// Asset rules: ingesting uploads, records, listing, tags, metadata, deletion and upload URLs.
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { AuthContext } from '../auth/authenticate.ts';
import { assertAssetsInScope, assertGalleryInScope, type ScopeLookups } from '../auth/scope.ts';
import type { ServerContext } from '../context.ts';
import { denied, invalid, missing, notFound } from '../errors.ts';
import { newId } from '../ids.ts';
import { keepJsonText } from '../json-text.ts';
import { assetDir, clearTemp, removeAssetFiles, storageKey } from '../media/storage.ts';
import {
  type AssetFilter,
  type AssetRow,
  AssetStore,
  type AssetType,
  type VersionRow,
} from '../store/assets.ts';
import { type MetaInput, mergeCustom, normalizeMeta, normalizeTags } from './asset-meta.ts';
import { type AssetRecord, DETAIL_FIELDS, displayFilename, toAssetRecord } from './asset-record.ts';
import { sniffFile } from './asset-sniff.ts';
import { signUploadUrl } from './upload-urls.ts';

/** Shapes (details sets, albums) kept per record. */
const MAX_SHAPES_PER_RECORD = 4;

export interface IngestInput {
  tempPath: string;
  filename: string;
  mime: string;
  size: number;
  fid?: string | null;
  attachTo?: { rid: string; type: string } | null;
  meta?: { caption?: string; description?: string; tags?: string; reference_id?: string };
  uploadTokenHash?: string | null;
  /** Runs inside the transaction that records the asset (an upload's key is recorded with its rid). */
  onRecorded?: (rid: string) => void;
}

export interface AssetListParams {
  search?: string;
  rid?: string;
  reference_id?: string;
  tag?: string;
  type?: AssetType;
  page?: number;
  items_per_page?: number;
}

export interface UploadUrlParams {
  fid?: string;
  rid?: string;
  type?: string;
  ttl?: number;
}

/** Attachment types: `poster`, `thumb`, `subtitle-<language tag>`. */
const ATTACH_TYPE = /^(poster|thumb|subtitle-[a-z]{2,3}(-[a-z0-9]{2,8})*)$/i;
const MAX_RIDS = 1000;

/** Splits a comma list of rids: trimmed, no empties, each once. */
export function parseRidList(value: string): string[] {
  return [
    ...new Set(
      value
        .split(',')
        .map((rid) => rid.trim())
        .filter((rid) => rid !== ''),
    ),
  ];
}

/** The upload token an upload URL is bound to: the caller's, when the caller is one. */
export function uploadTokenOf(auth: AuthContext): string | undefined {
  return auth.kind === 'upload' ? auth.tokenHash : undefined;
}

export class AssetService {
  readonly store: AssetStore;
  /** What the scope checks of scoped tokens need to know about assets. */
  readonly lookups: ScopeLookups;
  /** Records cut to a details set, per full record: they go with it when the row cache replaces it. */
  private readonly shapedRecords = new WeakMap<AssetRecord, Map<string, AssetRecord>>();

  constructor(private readonly ctx: ServerContext) {
    this.store = new AssetStore(ctx.db);
    this.lookups = {
      unknown: (rids) => this.exists(rids),
      inGallery: (rid, fid) => this.store.inGallery(rid, fid),
      uploadedWith: (rid, tokenHash) => this.store.uploadedWith(rid, tokenHash),
    };
    clearTemp(ctx);
  }

  private now(): string {
    return new Date(this.ctx.clock.now()).toISOString();
  }

  /** Largest accepted upload in bytes. */
  get maxUploadBytes(): number {
    return this.ctx.options.maxUploadBytes ?? 10 * 1024 ** 3;
  }

  // ---- records ----

  /**
   * Records of the given assets in the given order (unknown rids are skipped). They are frozen and shared
   * (a reader copies what it changes), so the same record is given again until its rows change, and its
   * JSON text is made once (server/json-text.ts).
   */
  records(rids: readonly string[], details?: ReadonlySet<string>): AssetRecord[] {
    const full = new Map<string, AssetRecord>();
    const missing: string[] = [];
    for (const rid of rids) {
      const kept = this.store.cache.record<AssetRecord>(rid);
      if (kept) full.set(rid, kept);
      else missing.push(rid);
    }
    for (const record of this.build(missing)) full.set(record.rid, record);
    const present = rids.filter((rid) => full.has(rid));
    if (!details) return present.map((rid) => full.get(rid) as AssetRecord);
    const albums = details.has('appears_in_albums') ? this.store.galleriesOfMany(present) : undefined;
    const detailsKey = [...details].sort().join(',');
    return present.map((rid) =>
      this.shaped(full.get(rid) as AssetRecord, details, detailsKey, [...(albums?.get(rid) ?? [])]),
    );
  }

  /**
   * A full record cut to `details`, with the details beyond the stored metadata: kept per full record
   * (which the row cache replaces when its rows change) and per albums, unless it holds other assets'
   * versions, which can change on their own.
   */
  private shaped(
    record: AssetRecord,
    details: ReadonlySet<string>,
    detailsKey: string,
    albums: string[],
  ): AssetRecord {
    const attachments = record.attached ?? {};
    const keepable = !details.has('attached_versions') || Object.keys(attachments).length === 0;
    const key = `${detailsKey}|${albums.join(',')}`;
    const variants = this.shapedRecords.get(record);
    const kept = keepable ? variants?.get(key) : undefined;
    if (kept) return kept;
    const made = keepJsonText(
      deepFreeze(this.withDetails(narrowed(record, details), { attachments, albums }, details)),
    );
    if (keepable) {
      const map = variants ?? new Map<string, AssetRecord>();
      map.set(key, made);
      // Bounded: a record is asked for in a few shapes, not in every subset of the details names.
      if (map.size > MAX_SHAPES_PER_RECORD) map.delete(map.keys().next().value as string);
      this.shapedRecords.set(record, map);
    }
    return made;
  }

  /** Full records from the rows, kept (frozen) for the next reads. */
  private build(rids: readonly string[]): AssetRecord[] {
    if (rids.length === 0) return [];
    const rows = this.store.getMany(rids);
    const present = rows.map((row) => row.rid);
    const versions = this.store.versions(present);
    const attached = new Map<string, Record<string, string>>();
    for (const a of this.store.attachments(present)) {
      const map = attached.get(a.parent_rid) ?? {};
      map[a.attach_type] = a.rid;
      attached.set(a.parent_rid, map);
    }
    // Grouped once: filtering the whole list per asset is quadratic in the page size.
    const versionsOf = new Map<string, VersionRow[]>();
    for (const version of versions) {
      const list = versionsOf.get(version.rid);
      if (list) list.push(version);
      else versionsOf.set(version.rid, [version]);
    }
    return rows.map((row) => {
      const record = keepJsonText(
        deepFreeze(toAssetRecord(this.ctx, row, versionsOf.get(row.rid) ?? [], attached.get(row.rid) ?? {})),
      );
      this.store.cache.keepRecord(row.rid, record);
      return record;
    });
  }

  /** The details names beyond the stored metadata (gallery.get_items `details`). */
  private withDetails(
    record: AssetRecord,
    // Read for the whole page at once: no query per asset.
    page: { attachments: Record<string, string>; albums: string[] },
    details?: ReadonlySet<string>,
  ): AssetRecord {
    if (!details) return record;
    if (details.has('appears_in_albums')) record.appears_in_albums = page.albums;
    if (details.has('attached_versions')) {
      const attached = Object.entries(page.attachments);
      const records = this.records(attached.map(([, rid]) => rid));
      record.attached_versions = Object.fromEntries(
        attached.map(([type, rid]) => [type, records.find((r) => r.rid === rid)?.versions ?? {}]),
      );
    }
    // Detail names the reference server keeps no data for come back empty, so clients find every name asked.
    if (details.has('music_tags')) record.music_tags = '';
    if (details.has('exif_tags')) record.exif_tags = {};
    if (details.has('metauser_timeline')) record.metauser_timeline = [];
    if (details.has('storyboard')) record.storyboard = null;
    return record;
  }

  record(rid: string): AssetRecord {
    const [record] = this.records([rid]);
    if (!record) throw notFound('Asset', rid);
    return record;
  }

  /** The rids of the list that do not exist. */
  exists(rids: readonly string[]): string[] {
    const found = this.store.existing(rids);
    return rids.filter((rid) => !found.has(rid));
  }

  // ---- ingest ----

  /**
   * Moves a complete temp file into storage and records the asset, in the gallery or attached to another
   * asset. On any failure the file is removed and nothing is recorded.
   */
  async ingest(input: IngestInput): Promise<AssetRecord> {
    const rid = newId();
    let moved = false;
    let replaced: AssetRecord[] = [];
    let record: AssetRecord | undefined;
    try {
      const meta = normalizeMeta(input.meta ?? {});
      if (input.attachTo && !ATTACH_TYPE.test(input.attachTo.type)) {
        throw invalid('type', 'must be poster, thumb or subtitle-<language>');
      }
      const sniffed = await sniffFile(input.tempPath, input.mime);
      const { size } = await stat(input.tempPath);
      await mkdir(assetDir(this.ctx, rid), { recursive: true });
      await rename(input.tempPath, join(assetDir(this.ctx, rid), 'original'));
      moved = true;
      const now = this.now();
      const row: AssetRow = {
        rid,
        filename: displayFilename(input.filename),
        type: sniffed.type,
        mime: sniffed.mime,
        storage_key: storageKey(rid, 'original'),
        caption: meta.caption ?? '',
        description: meta.description ?? '',
        long_description: '',
        related_link_text: '',
        related_link_url: '',
        reference_id: meta.reference_id ?? '',
        tags: meta.tags ?? '',
        custom: '{}',
        filesize: size,
        width: null,
        height: null,
        duration: null,
        syncstatus: sniffed.type === 'image' || sniffed.type === 'video' ? 'pending' : 'synced',
        upload_token_hash: input.uploadTokenHash ?? null,
        parent_rid: input.attachTo?.rid ?? null,
        attach_type: input.attachTo ? input.attachTo.type.toLowerCase() : null,
        uploaded_at: now,
        modified_at: now,
      };
      replaced = this.store.transaction(() => {
        if (input.fid && !this.store.galleryExists(input.fid)) throw notFound('Gallery', input.fid);
        let removed: AssetRecord[] = [];
        if (input.attachTo) {
          if (!this.store.get(input.attachTo.rid)) throw notFound('Asset', input.attachTo.rid);
          const earlier = this.store.attachmentOfType(input.attachTo.rid, row.attach_type as string);
          if (earlier) removed = this.removeRows([earlier]);
        }
        this.store.insert(row);
        input.onRecorded?.(rid);
        if (!input.attachTo && input.fid) {
          this.store.appendToGallery(input.fid, rid, now);
          this.store.touchGallery(input.fid, now);
        }
        // Announced inside the transaction: the webhook deliveries are queued with the rows, so a crash
        // keeps both or neither.
        record = this.record(rid);
        this.ctx.events.emit('asset.uploaded', record);
        // The parent's record changed too: its `attached` names the new asset.
        if (input.attachTo) this.ctx.events.emit('asset.updated', this.record(input.attachTo.rid));
        return removed;
      });
    } catch (error) {
      await rm(input.tempPath, { force: true });
      if (moved) removeAssetFiles(this.ctx, rid);
      throw error;
    }
    this.removeFiles(replaced);
    return record!;
  }

  // ---- deletion ----

  /** Deletes assets with their attachments, files and gallery places (all or nothing); emits asset.deleted. */
  deleteAssets(rids: readonly string[]): void {
    const missingRids = this.exists(rids);
    if (missingRids.length > 0) throw notFound('Asset', missingRids);
    this.removeFiles(this.store.transaction(() => this.removeRows(rids)));
  }

  /**
   * Inside a transaction: deletes the rows of assets and everything attached below them, and announces
   * each (its webhooks are queued with the deletion). The files go after the commit: `removeFiles`.
   */
  removeRows(rids: readonly string[]): AssetRecord[] {
    const all = [...new Set([...rids, ...this.store.descendants(rids)])];
    const records = this.records(all);
    const now = this.now();
    for (const fid of this.store.galleriesHolding(all)) this.store.touchGallery(fid, now);
    this.store.delete(all);
    for (const record of records) this.ctx.events.emit('asset.deleted', record);
    return records;
  }

  /** After the commit that deleted their rows. */
  removeFiles(records: readonly AssetRecord[]): void {
    for (const record of records) removeAssetFiles(this.ctx, record.rid);
  }

  // ---- operations ----

  list(params: AssetListParams): { items: AssetRecord[]; items_data: Record<string, number> } {
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
    const page = params.page ?? 1;
    const perPage = Math.min(params.items_per_page ?? 50, 100);
    const count = this.store.count(filter);
    const rids = this.store.listRids(filter, perPage, (page - 1) * perPage);
    return {
      items: this.records(rids),
      items_data: {
        page,
        items_per_page: perPage,
        items_count: count,
        pages_count: Math.ceil(count / perPage),
      },
    };
  }

  /** Tag -> number of assets carrying it (case as first seen). */
  tags(): Record<string, number> {
    const counts = new Map<string, { name: string; count: number }>();
    for (const tags of this.store.allTags()) {
      for (const tag of tags.split(',')) {
        if (tag === '') continue;
        const entry = counts.get(tag.toLowerCase()) ?? { name: tag, count: 0 };
        entry.count += 1;
        counts.set(tag.toLowerCase(), entry);
      }
    }
    return Object.fromEntries([...counts.values()].map((e) => [e.name, e.count]));
  }

  setMeta(auth: AuthContext, rid: string, input: MetaInput): AssetRecord {
    const row = this.store.get(rid);
    if (!row) throw notFound('Asset', rid);
    assertAssetsInScope(auth, [rid], this.lookups);
    const changes: Record<string, string> = { ...normalizeMeta(input) };
    if (input.custom && Object.keys(input.custom).length > 0) {
      const current = toAssetRecord(this.ctx, row, [], {}).custom;
      changes.custom = JSON.stringify(mergeCustom(current, input.custom));
    }
    if (Object.keys(changes).length === 0) return this.record(rid);
    return this.store.transaction(() => {
      this.store.updateMeta(rid, changes, this.now());
      const record = this.record(rid);
      this.ctx.events.emit('asset.updated', record);
      return record;
    });
  }

  delete(auth: AuthContext, rids: readonly string[]): void {
    if (rids.length === 0) throw missing('rid');
    if (rids.length > MAX_RIDS) throw invalid('rid', `may list at most ${MAX_RIDS} assets`);
    assertAssetsInScope(auth, rids, this.lookups);
    this.deleteAssets(rids);
  }

  /** asset.get_upload_url: a signed URL into a gallery, or to attach to an asset under a type. */
  uploadUrl(auth: AuthContext, params: UploadUrlParams): { upload_url: string; expires: string } {
    const rid = params.rid?.trim() || undefined;
    const type = params.type?.trim() || undefined;
    // A scoped token asking for no target gets its own gallery rather than an asset outside it.
    const fid = params.fid?.trim() || (rid ? undefined : (auth.scope.fid ?? undefined));
    if (rid && !type) throw missing('type');
    if (type && !rid) throw invalid('type', 'is only used with rid (to attach to an asset)');
    if (type && !ATTACH_TYPE.test(type))
      throw invalid('type', 'must be poster, thumb or subtitle-<language>');
    if (auth.kind === 'upload' && !fid && !rid)
      throw denied('An upload token uploads into its own gallery only');
    if (fid && !this.store.galleryExists(fid)) throw notFound('Gallery', fid);
    if (fid) assertGalleryInScope(auth, fid, !rid);
    if (rid) assertAssetsInScope(auth, [rid], this.lookups);
    const ttl = params.ttl ?? 24 * 60 * 60;
    const upload_url = signUploadUrl(this.ctx, {
      fid,
      rid,
      type: type?.toLowerCase(),
      ttlSeconds: ttl,
      uploadTokenHash: uploadTokenOf(auth),
    });
    const expires = new Date((Math.floor(this.ctx.clock.now() / 1000) + ttl) * 1000).toISOString();
    return { upload_url, expires };
  }
}

/** A shallow copy holding only the optional metadata `details` asks for (all of it without details). */
function narrowed(record: AssetRecord, details?: ReadonlySet<string>): AssetRecord {
  const copy = { ...record };
  if (details) for (const field of DETAIL_FIELDS) if (!details.has(field)) delete copy[field];
  return copy;
}

/** Kept records are shared by every later reader: freezing makes a reader that writes into one fail loudly. */
function deepFreeze<T extends object>(value: T): T {
  for (const inner of Object.values(value)) {
    if (inner && typeof inner === 'object' && !Object.isFrozen(inner)) deepFreeze(inner);
  }
  return Object.freeze(value);
}
