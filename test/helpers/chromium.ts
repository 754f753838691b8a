// Launches Chromium through Playwright for node-side browser tests and benchmarks: CHROME_PATH, else
// Debian's /usr/bin/chromium, else Playwright's own (laptops), with the flags this machine needs.
import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function chromiumPath(): string | undefined {
  if (process.env.CHROME_PATH) return process.env.CHROME_PATH;
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  return undefined;
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS, headless: true });
}
