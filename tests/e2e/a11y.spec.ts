import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { userScreens, visitorScreens } from '../../scripts/screens';
import { baseUrl, demoUser, open } from './support';

/**
 * axe on every screen of the app (scripts/screens.ts), as a visitor and logged in, in
 * the dark and the light theme (the system's choice, which the app follows by default):
 * no serious or critical violation anywhere. A phone per theme and kind of user, in
 * parallel; each screen is opened by its hash on the same page, so the app loads once per phone.
 */
test.describe.configure({ mode: 'parallel' });

const BLOCKING = new Set(['serious', 'critical']);

interface Finding {
  screen: string;
  rule: string;
  impact: string;
  help: string;
  nodes: string[];
}

/** axe on what the page shows now: its serious and critical violations, named by `screen`. */
async function check(page: Page, screen: string): Promise<Finding[]> {
  const results = await new AxeBuilder({ page })
    // Experimental in axe, and one of the faults the issue found: a label that differs from the accessible name.
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  return results.violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ''))
    .map((violation) => ({
      screen,
      rule: violation.id,
      impact: violation.impact ?? '',
      help: violation.help,
      nodes: violation.nodes.slice(0, 4).map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`.replace(/\s+/g, ' ')),
    }));
}

async function audit(page: Page, screen: string): Promise<Finding[]> {
  await open(page, screen);
  // The screen's data and a toast's entrance settle before the check.
  await page.getByTestId('toast').waitFor({ state: 'detached' });
  await page.waitForTimeout(300);
  return check(page, screen);
}

for (const theme of ['dark', 'light'] as const) {
  test.describe(`${theme} theme`, () => {
    test.use({ colorScheme: theme });

    test(`every visitor's screen has no serious or critical axe violation (${theme})`, async ({ page }) => {
      test.setTimeout(240_000);
      const findings: Finding[] = [];
      // A new phone: the home screen opens with the pop-up notice, a dialog over the screen.
      await page.goto(`${baseUrl()}/h5/`);
      await page.evaluate(() => localStorage.removeItem('noticeSeen'));
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await expect(page.getByRole('dialog').getByTestId('pop-notice')).toBeVisible();
      await page.waitForTimeout(300);
      findings.push(...(await check(page, '/ (pop-up notice)')));
      await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
      for (const screen of visitorScreens) findings.push(...(await audit(page, screen)));
      expect(findings, JSON.stringify(findings, null, 2)).toEqual([]);
    });

    test(`every logged-in screen has no serious or critical axe violation (${theme})`, async ({ page }) => {
      test.setTimeout(240_000);
      const findings: Finding[] = [];
      await demoUser(page);
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      for (const screen of userScreens) findings.push(...(await audit(page, screen)));
      expect(findings, JSON.stringify(findings, null, 2)).toEqual([]);
    });
  });
}
