// Token lookups kept between requests (every request presents a token, most of them the same few): rows
// by hash until the store declares a token write, the version 3 candidates by their last 4 characters, the
// gallery of an rrid until a gallery write, and the hashes and decryptions that cost most.
import { type Permission, parseStoredPermissions } from '../auth/permissions.ts';
import { readSelfMinted, type SelfMinted } from '../auth/self-minted.ts';
import { sha256 } from '../ids.ts';
import type { Db } from '../store/db.ts';
import type { ParentCandidate, TokenRow, TokenStore } from '../store/tokens.ts';
import { Kept } from './kept.ts';

const RECENT = 1000;

export interface TokenRights {
  permissions: ReadonlySet<Permission>;
  readFids: ReadonlySet<string> | null;
}

export class TokenReads {
  private readonly hashes = new Kept<string, string>(RECENT);
  private readonly rows = new Kept<string, Readonly<TokenRow> | undefined>(RECENT);
  private readonly candidates = new Kept<string, ParentCandidate[]>(RECENT);
  private readonly minted = new Kept<string, SelfMinted>(RECENT);
  private readonly rrids = new Kept<string, string | undefined>(RECENT);
  /** The parsed rights of a (kept, frozen) row: parsed once, not on every request. */
  private readonly rights = new WeakMap<Readonly<TokenRow>, TokenRights>();

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

  hashOf(token: string): string {
    let hash = this.hashes.get(token);
    if (hash === undefined) {
      hash = sha256(token);
      this.hashes.set(token, hash);
    }
    return hash;
  }

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

  /** A version 3 token's claims (read once: its decryption is the cost; the checks run every time). */
  selfMinted(token: string): SelfMinted | undefined {
    let minted = this.minted.get(token);
    if (!minted) {
      minted = readSelfMinted(token, (last4) => this.parentCandidates(last4));
      if (minted) this.minted.set(token, minted);
    }
    return minted;
  }

  rightsOf(row: Readonly<TokenRow>): TokenRights {
    let rights = this.rights.get(row);
    if (!rights) {
      rights = {
        permissions: parseStoredPermissions(row.permissions),
        readFids: row.read_fids ? new Set(JSON.parse(row.read_fids) as string[]) : null,
      };
      this.rights.set(row, rights);
    }
    return rights;
  }

  galleryOfRrid(rrid: string): string | undefined {
    if (this.rrids.has(rrid)) return this.rrids.get(rrid);
    const fid = this.store.galleryOfRrid(rrid);
    if (!this.db.inTransaction) this.rrids.set(rrid, fid);
    return fid;
  }

  private parentCandidates(last4: string): ParentCandidate[] {
    let rows = this.candidates.get(last4);
    if (!rows) {
      rows = this.store.parentCandidates(
        this.store.applicationsEndingWith(last4).map((row) => Object.freeze(row)),
      );
      if (!this.db.inTransaction) this.candidates.set(last4, rows);
    }
    return rows;
  }
}
