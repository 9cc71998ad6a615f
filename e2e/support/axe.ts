import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * axe's WCAG 2.1 A and AA rules on the page as it is now, every violation with all its elements.
 * Legacy mode runs axe in the page's own frames (the default opens a blank tab, which Chromium refuses
 * beside sandboxed frames). Only violations are gathered in full: axe otherwise builds a result for
 * every element each rule passes, a large part of its time, read by no test.
 */
export function analyze(page: Page) {
  return new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .withTags(wcagTags)
    .setLegacyMode()
    .analyze();
}

/** No serious or critical WCAG 2.1 AA violation on the page as it is now. */
export async function expectAccessible(page: Page, what = 'the page') {
  // A dialog or toast still fading in is read with half its contrast.
  await page.waitForTimeout(300);
  const results = await analyze(page);
  const failing = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(failing, `${what} has serious or critical accessibility violations`).toEqual([]);
}
