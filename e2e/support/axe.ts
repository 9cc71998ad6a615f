import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * No serious or critical WCAG 2.1 AA violation on the page as it is now. Legacy mode runs axe in the
 * page's own frames (the default opens a blank tab, which Chromium refuses beside sandboxed frames).
 */
export async function expectAccessible(page: Page, what = 'the page') {
  // A dialog or toast still fading in is read with half its contrast.
  await page.waitForTimeout(300);
  const results = await new AxeBuilder({ page }).withTags(wcagTags).setLegacyMode().analyze();
  const failing = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(failing, `${what} has serious or critical accessibility violations`).toEqual([]);
}
