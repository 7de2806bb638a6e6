import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Picks `option` in an antd Select and waits until the select shows it. `select` is the select or anything
 * inside it (its combobox found by label, its test id). With `search`, the option's text is typed first (long
 * or virtual lists render only what matches). An option clicked while the dropdown is still sliding in can miss,
 * and a loaded machine makes that likelier: each try starts from a closed dropdown and is checked by what the
 * select then shows, up to four tries.
 */
export async function chooseOption(
  page: Page,
  select: Locator,
  option: string,
  opts: { search?: boolean } = {},
): Promise<void> {
  const root = select
    .locator(
      'xpath=ancestor-or-self::*[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]',
    )
    .first();
  const id = await root.locator('input[role="combobox"]').first().getAttribute('id');
  if (!id) throw new Error('chooseOption: the select has no combobox id');
  // This select's own dropdown (it holds the select's listbox), never another select's closing one.
  const dropdown = page.locator(`.ant-select-dropdown:has([id="${id}_list"])`);
  for (let attempt = 1; ; attempt++) {
    try {
      if (!(await dropdown.isVisible())) await root.click();
      await dropdown.waitFor({ state: 'visible', timeout: 3000 });
      if (opts.search) await page.keyboard.type(option);
      await dropdown
        .locator('.ant-select-item-option')
        .filter({ hasText: option })
        .first()
        .click({ timeout: 3000 });
      await expect.poll(() => root.textContent(), { timeout: 3000 }).toContain(option);
      if (await dropdown.isVisible()) await page.keyboard.press('Escape');
      await dropdown.waitFor({ state: 'hidden', timeout: 3000 });
      return;
    } catch (err) {
      if (attempt >= 4) throw err;
      if (await dropdown.isVisible()) await page.keyboard.press('Escape');
      await dropdown.waitFor({ state: 'hidden', timeout: 3000 }).catch(() => undefined);
    }
  }
}
