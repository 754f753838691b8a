// node:test reporter that writes the pass/fail totals as JSON for scripts/test.mjs to sum.
export default async function* countReporter(source) {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  for await (const event of source) {
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    if (event.data.details?.type === 'suite') {
      // A suite whose hooks failed reports its tests as never run: count that as a failure.
      if (event.type === 'test:fail' && event.data.details?.error?.failureType === 'hookFailed') failed++;
      continue;
    }
    if (event.data.skip || event.data.todo) skipped++;
    else if (event.type === 'test:pass') passed++;
    else failed++;
  }
  yield `${JSON.stringify({ passed, failed, skipped })}\n`;
}
