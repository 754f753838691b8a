// Account-wide settings: the account id and the server secret that signs URLs.
import { randomBytes } from 'node:crypto';
import { newId } from '../ids.ts';
import type { Db } from './db.ts';

export interface AccountSettings {
  accid: string;
  /** HMAC key for upload URLs and download links; never leaves the server. */
  secret: string;
}

export function loadAccountSettings(db: Db): AccountSettings {
  const get = db.prepare('SELECT value FROM settings WHERE key = ?');
  const put = db.prepare('INSERT OR IGNORE INTO settings (key, value) VALUES (?, ?)');
  return db.transaction(() => {
    put.run('accid', `acc${newId(9)}`);
    put.run('secret', randomBytes(32).toString('hex'));
    const accid = (get.get('accid') as { value: string }).value;
    const secret = (get.get('secret') as { value: string }).value;
    return { accid, secret };
  })();
}
