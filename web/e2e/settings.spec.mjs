// Settings drawer: keyboard use, keys kept per tab unless remembered, forget clears them.
import { test, expect } from '@playwright/test';

const openSettings = async (page) => {
  await page.getByRole('button', { name: 'Settings' }).click();
  return page.getByRole('complementary', { name: 'Settings' });
};

test('opening moves focus into the drawer; Escape closes it and returns focus', async ({ page }) => {
  await page.goto('/');
  const drawer = await openSettings(page);
  await expect(drawer.getByLabel('Provider')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('button', { name: 'Settings' })).toBeFocused();
});

test('after a reload the key is gone unless remembered; Forget keys clears it', async ({ page }) => {
  await page.goto('/');
  let drawer = await openSettings(page);
  await drawer.getByLabel('Provider').selectOption('openai');
  await drawer.getByLabel('API key').fill('sk-test-not-remembered');
  await page.getByLabel('Resume', { exact: true }).fill('Kim Example\n- Shipped the ledger at Acme (2021)');
  await page.reload();
  drawer = await openSettings(page);
  await expect(drawer.getByLabel('Provider')).toHaveValue('openai');
  await expect(drawer.getByLabel('API key')).toHaveValue('');
  await expect(page.getByLabel('Resume', { exact: true })).toHaveValue(/Kim Example/);

  // Remembered: kept across a reload, with a warning; never in the page's text.
  await drawer.getByLabel('API key').fill('sk-test-remembered');
  await drawer.getByLabel('Remember keys on this device').check();
  await expect(drawer.getByText('Anyone using this browser profile')).toBeVisible();
  await page.reload();
  drawer = await openSettings(page);
  await expect(drawer.getByLabel('API key')).toHaveValue('sk-test-remembered');
  expect(await page.locator('body').innerText()).not.toContain('sk-test-remembered');

  // Forget keys clears both stores.
  await drawer.getByRole('button', { name: 'Forget keys' }).click();
  await expect(drawer.getByLabel('API key')).toHaveValue('');
  await page.reload();
  drawer = await openSettings(page);
  await expect(drawer.getByLabel('API key')).toHaveValue('');
  await expect(drawer.getByLabel('Remember keys on this device')).not.toBeChecked();
});

test('Run without a key for a paid provider says what to do', async ({ page }) => {
  await page.goto('/');
  const drawer = await openSettings(page);
  await drawer.getByLabel('Provider').selectOption('anthropic');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Run' }).click();
  await expect(page.getByRole('status')).toContainText('Add your Anthropic API key in Settings');
});

test('Escape closes the drawer wherever focus is; Tab stays inside while it is open', async ({ page }) => {
  await page.goto('/');
  let drawer = await openSettings(page);
  // Tab from the last control goes back to the first, Shift+Tab from the first to the last.
  const controls = drawer.locator('button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), summary').filter({ visible: true });
  await controls.last().focus();
  await page.keyboard.press('Tab');
  await expect(drawer.getByLabel('Provider')).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(controls.last()).toBeFocused();
  // Many Tabs never leave the drawer.
  for (let i = 0; i < 30; i += 1) await page.keyboard.press('Tab');
  expect(await drawer.evaluate((el) => el.contains(document.activeElement))).toBe(true);

  // Focus moved out by a click on the page: Escape still closes the drawer.
  await page.getByLabel('Resume', { exact: true }).click();
  expect(await drawer.evaluate((el) => el.contains(document.activeElement))).toBe(false);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('button', { name: 'Settings' })).toBeFocused();

  // And with focus on the page body.
  drawer = await openSettings(page);
  await page.evaluate(() => document.activeElement.blur());
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
});
