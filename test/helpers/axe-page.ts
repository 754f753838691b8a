// Runs axe-core on a whole Playwright page and lists its violations as `rule: targets` lines.
import axe from 'axe-core';
import type { Page } from 'playwright';

export async function axeViolations(page: Page): Promise<string[]> {
  // evaluate() runs outside the page's CSP, which would refuse axe as an inline script.
  await page.evaluate(axe.source);
  return page.evaluate(async () => {
    const results = await (window as unknown as { axe: typeof axe }).axe.run(document, {
      resultTypes: ['violations'],
    });
    return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}
