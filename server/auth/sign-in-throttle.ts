// Slows down password guessing on a portal: wrong passwords are counted per (portal, address) and per
// (portal, account) over a sliding window. One address guessing trips its own limit long before the
// account's, so the right person signing in from elsewhere still gets in; many addresses guessing one
// account trip the account's.
import type { Clock } from '../clock.ts';

export interface ThrottleLimits {
  windowMs: number;
  /** Wrong passwords from one address on one portal before it must wait. */
  perAddress: number;
  /** Wrong passwords for one account on one portal, from anywhere, before it must wait. */
  perAccount: number;
}

export const DEFAULT_THROTTLE: ThrottleLimits = { windowMs: 15 * 60 * 1000, perAddress: 10, perAccount: 50 };

/** Keys kept at most: beyond it the stalest go first, so a flood of addresses cannot fill memory. */
const MAX_KEYS = 50_000;

export class SignInThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly clock: Clock,
    private readonly limits: ThrottleLimits = DEFAULT_THROTTLE,
  ) {}

  /** Seconds to wait before this address may try this account again, or 0 when it may try now. */
  retryAfter(portal: string, address: string, account: string): number {
    const now = this.clock.now();
    const wait = Math.max(
      this.waitFor(`a|${portal}|${address}`, this.limits.perAddress, now),
      this.waitFor(`u|${portal}|${account.toLowerCase()}`, this.limits.perAccount, now),
    );
    return Math.ceil(wait / 1000);
  }

  failed(portal: string, address: string, account: string): void {
    const now = this.clock.now();
    this.add(`a|${portal}|${address}`, now);
    this.add(`u|${portal}|${account.toLowerCase()}`, now);
  }

  /** The right password: the address's run of wrong ones ends (the account's count stays, as it may be under attack). */
  succeeded(portal: string, address: string): void {
    this.failures.delete(`a|${portal}|${address}`);
  }

  private recent(key: string, now: number): number[] {
    const times = (this.failures.get(key) ?? []).filter((time) => now - time < this.limits.windowMs);
    if (times.length === 0) this.failures.delete(key);
    return times;
  }

  private waitFor(key: string, limit: number, now: number): number {
    const times = this.recent(key, now);
    if (times.length < limit) return 0;
    // Free again when enough of the failures have left the window.
    return (times[times.length - limit] as number) + this.limits.windowMs - now;
  }

  private add(key: string, now: number): void {
    const times = this.recent(key, now);
    times.push(now);
    this.failures.delete(key);
    this.failures.set(key, times.slice(-Math.max(this.limits.perAddress, this.limits.perAccount)));
    if (this.failures.size > MAX_KEYS) this.failures.delete(this.failures.keys().next().value as string);
  }
}
