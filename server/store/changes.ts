// What each write changed, declared by the store module that makes it (never read from its SQL): the read
// model listens and forgets exactly what such a write can have changed. A write outside the store modules
// (a test's own SQL) declares nothing.
import type { Db } from './db.ts';

/** Columns of an asset row a write may change (metadata, file facts, sync state). */
export type AssetField = string;

export type Change =
  /** These fields of these existing assets. */
  | { kind: 'asset-fields'; rids: readonly string[]; fields: readonly AssetField[] }
  /** New assets; an attached one changes its parent's record too (its `attached` names it). */
  | { kind: 'assets-added'; rids: readonly string[]; parents: readonly string[] }
  /** Assets deleted, and all that cascades from them: attachments, versions, gallery places. */
  | { kind: 'assets-removed'; rids: readonly string[] }
  /** The version rows of an asset. */
  | { kind: 'versions'; rid: string }
  /** Which assets a gallery holds, or their order. */
  | { kind: 'placements'; fid: string }
  /** Gallery rows: new, changed (name, settings, modified, rrid) or deleted. */
  | { kind: 'galleries'; fids: readonly string[] }
  /** Token rows. */
  | { kind: 'tokens' };

export class Changes {
  private readonly listeners: ((change: Change) => void)[] = [];

  listen(listener: (change: Change) => void): () => void {
    this.listeners.push(listener);
    return () => this.listeners.splice(this.listeners.indexOf(listener), 1);
  }

  assetFields(rids: readonly string[], fields: readonly AssetField[]): void {
    this.emit({ kind: 'asset-fields', rids, fields });
  }

  assetsAdded(rids: readonly string[], parents: readonly string[] = []): void {
    this.emit({ kind: 'assets-added', rids, parents });
  }

  assetsRemoved(rids: readonly string[]): void {
    this.emit({ kind: 'assets-removed', rids });
  }

  versions(rid: string): void {
    this.emit({ kind: 'versions', rid });
  }

  placements(fid: string): void {
    this.emit({ kind: 'placements', fid });
  }

  galleries(fids: readonly string[]): void {
    this.emit({ kind: 'galleries', fids });
  }

  tokens(): void {
    this.emit({ kind: 'tokens' });
  }

  private emit(change: Change): void {
    for (const listener of this.listeners) listener(change);
  }
}

const perDatabase = new WeakMap<Db, Changes>();

/** The changes of one database: every store module writing to it declares into the same one. */
export function changesOf(db: Db): Changes {
  let changes = perDatabase.get(db);
  if (!changes) {
    changes = new Changes();
    perDatabase.set(db, changes);
  }
  return changes;
}
