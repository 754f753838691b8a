// The read model: records and pages as the API shows them, built from the store and kept between requests
// until the store declares a change to what they were made from (store/changes.ts) — the one source every
// cache of the server is invalidated from.
import type { Clock } from '../clock.ts';
import type { SerializedFields } from '../serialized-fields.ts';
import type { AssetStore } from '../store/assets.ts';
import { type Change, changesOf } from '../store/changes.ts';
import type { Db } from '../store/db.ts';
import type { GalleryStore } from '../store/galleries.ts';
import type { TokenStore } from '../store/tokens.ts';
import { KeptAnswers } from './answers.ts';
import { AssetLists } from './asset-lists.ts';
import type { FileUrl } from './asset-record.ts';
import { AssetRecords } from './asset-records.ts';
import { GalleryItemReads } from './gallery-items.ts';
import { TokenReads } from './tokens.ts';

export interface ReadModelSources {
  db: Db;
  clock: Clock;
  assets: AssetStore;
  galleries: GalleryStore;
  tokens: TokenStore;
  fileUrl: FileUrl;
}

export class ReadModel {
  readonly records: AssetRecords;
  readonly lists: AssetLists;
  readonly items: GalleryItemReads;
  readonly tokens: TokenReads;
  /** Whole answers of gallery.get_items and asset.list (http/remembered-answers.ts asks). */
  readonly answers: KeptAnswers<SerializedFields>;
  private readonly stop: () => void;

  constructor({ db, clock, assets, galleries, tokens, fileUrl }: ReadModelSources) {
    this.records = new AssetRecords(db, assets, fileUrl);
    this.lists = new AssetLists(db, assets);
    this.items = new GalleryItemReads(db, galleries, assets);
    this.tokens = new TokenReads(db, tokens);
    this.answers = new KeptAnswers(clock, () => db.inTransaction);
    this.stop = changesOf(db).listen((change) => this.changed(change));
  }

  close(): void {
    this.stop();
  }

  private changed(change: Change): void {
    if (change.kind === 'tokens') {
      this.tokens.tokensChanged();
      return;
    }
    if (change.kind === 'galleries') this.tokens.galleriesChanged();
    this.records.changed(change);
    this.lists.changed(change);
    this.items.changed(change);
    // Everything but tokens is content a gallery page or an asset record is made from.
    this.answers.contentChanged();
  }
}
