// Browser tests: TypeScript through esbuild, Chromium through Playwright, a fresh reference server per test file.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { defaultReporter } from '@web/test-runner';
import { playwrightLauncher } from '@web/test-runner-playwright';
import { inlineCssPlugin, typescriptPlugin } from './test/support/wtr-esbuild-plugins.mjs';
import { serverCommandsPlugin } from './test/support/wtr-server-commands.mjs';
import { uppyPrebundlePlugin } from './test/support/wtr-uppy-prebundle.mjs';
import { visualPlugin } from './test/support/wtr-visual.mjs';

/** The Chromium we drive: CHROME_PATH, else Debian's, else Playwright's own (laptops). */
function chromiumPath() {
  if (process.env.CHROME_PATH) return process.env.CHROME_PATH;
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  return undefined;
}

/** Writes the pass/fail totals where scripts/test.mjs sums them with the server tests. */
function countReporter(file) {
  return {
    onTestRunFinished({ sessions }) {
      let passed = 0;
      let failed = 0;
      let skipped = 0;
      const walk = (suite) => {
        for (const test of suite.tests ?? []) {
          if (test.skipped) skipped++;
          else if (test.passed) passed++;
          else failed++;
        }
        for (const child of suite.suites ?? []) walk(child);
      };
      for (const session of sessions) {
        if (session.testResults) walk(session.testResults);
        // A file that failed to load counts as one failure, never as silence.
        if (!session.passed && (session.errors?.length ?? 0) > 0 && !session.testResults?.tests?.length)
          failed++;
      }
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, JSON.stringify({ passed, failed, skipped }));
    },
  };
}

export default {
  files: ['test/**/*.browser.test.ts'],
  nodeResolve: { exportConditions: ['browser', 'production'] },
  concurrency: 1,
  testFramework: { config: { timeout: 20000 } },
  testsFinishTimeout: 15 * 60 * 1000,
  browserStartTimeout: 60000,
  plugins: [
    uppyPrebundlePlugin(),
    inlineCssPlugin(),
    typescriptPlugin(),
    serverCommandsPlugin(),
    visualPlugin(),
  ],
  browsers: [
    playwrightLauncher({
      product: 'chromium',
      // One CSS pixel per device pixel, whatever the host's display: what the visual baselines are made at.
      createBrowserContext: ({ browser }) => browser.newContext({ deviceScaleFactor: 1 }),
      launchOptions: {
        executablePath: chromiumPath(),
        args: [
          '--no-sandbox',
          '--disable-gpu',
          '--disable-quic',
          '--no-first-run',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
        ],
      },
    }),
  ],
  reporters: [defaultReporter(), countReporter('.tmp/wtr-counts.json')],
};
