// Account-wide settings: the account id and the server secret that signs URLs.
import { randomBytes, randomInt } from 'node:crypto';
import { type Db, sql } from './db.ts';

export interface AccountSettings {
  /** Digits only: tokens are `<accid>i<secret>`, and clients split them on the first `i`. */
  accid: string;
  /** HMAC key for upload URLs and download links; never leaves the server. */
  secret: string;
}

/** A 7-digit account id, as the hosted service's (its clients match `^(\d+)i3`). */
const newAccid = (): string => String(randomInt(1_000_000, 10_000_000));

export function loadAccountSettings(db: Db): AccountSettings {
  const get = sql(db, 'SELECT value FROM settings WHERE key = ?');
  const put = sql(db, 'INSERT OR IGNORE INTO settings (key, value) VALUES (?, ?)');
  return db.transaction(() => {
    put.run('accid', newAccid());
    put.run('secret', randomBytes(32).toString('hex'));
    let accid = (get.get('accid') as { value: string }).value;
    // Data dirs made before accids were numeric (`acc…`) get a numeric one. Upload URLs signed before carry
    // the old id as `uid` and stop working: they live 24 hours at most, and a client asks for a fresh one.
    // Tokens keep working: they are found by their hash, not by the accid in them.
    if (!/^\d+$/.test(accid)) {
      accid = newAccid();
      sql(db, "UPDATE settings SET value = ? WHERE key = 'accid'").run(accid);
    }
    const secret = (get.get('secret') as { value: string }).value;
    return { accid, secret };
  })();
}
