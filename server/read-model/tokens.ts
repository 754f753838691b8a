// Token lookups kept between requests (every request presents a token, most of them the same few): rows by
// hash and the version 3 parent candidates by their last 4 characters until the store declares a token
// write, the gallery of an rrid until a gallery write.
import type { Db } from '../store/db.ts';
import type { ParentCandidate, TokenRow, TokenStore } from '../store/tokens.ts';
import { Kept } from './kept.ts';

const RECENT = 1000;

export class TokenReads {
  private readonly rows = new Kept<string, Readonly<TokenRow> | undefined>(RECENT);
  private readonly candidates = new Kept<string, ParentCandidate[]>(RECENT);
  private readonly rrids = new Kept<string, string | undefined>(RECENT);

  constructor(
    private readonly db: Db,
    private readonly store: TokenStore,
  ) {}

  /** After the store declared a token write. */
  tokensChanged(): void {
    this.rows.clear();
    this.candidates.clear();
  }

  /** After the store declared a gallery write (an rrid's gallery made or deleted). */
  galleriesChanged(): void {
    this.rrids.clear();
  }

  /** A token's row by its hash, frozen: readers share it. */
  find(hash: string): Readonly<TokenRow> | undefined {
    if (this.rows.has(hash)) return this.rows.get(hash);
    const row = this.store.find(hash);
    const frozen = row ? Object.freeze(row) : undefined;
    if (!this.db.inTransaction) this.rows.set(hash, frozen);
    return frozen;
  }

  rememberSecret(hash: string, token: string): void {
    this.store.rememberSecret(hash, token);
  }

  /** Application tokens ending in `last4`, with their plaintext: candidate parents of a version 3 token. */
  parentCandidates(last4: string): ParentCandidate[] {
    let candidates = this.candidates.get(last4);
    if (!candidates) {
      const rows = this.store.applicationsEndingWith(last4).map((row) => Object.freeze(row));
      candidates = this.store.parentCandidates(rows);
      if (!this.db.inTransaction) this.candidates.set(last4, candidates);
    }
    return candidates;
  }

  /** The gallery of an rrid (upload.iframe's), which a version 3 token's `!d` names. */
  galleryOfRrid(rrid: string): string | undefined {
    if (this.rrids.has(rrid)) return this.rrids.get(rrid);
    const fid = this.store.galleryOfRrid(rrid);
    if (!this.db.inTransaction) this.rrids.set(rrid, fid);
    return fid;
  }
}
