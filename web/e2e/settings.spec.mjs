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

test('a key is kept for the tab but gone in a new session unless remembered', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/');
  let drawer = await openSettings(page);
  await drawer.getByLabel('Provider').selectOption('openai');
  await drawer.getByLabel('API key').fill('sk-test-session-only');
  await page.reload();
  drawer = await openSettings(page);
  await expect(drawer.getByLabel('Provider')).toHaveValue('openai');
  await expect(drawer.getByLabel('API key')).toHaveValue('sk-test-session-only');

  // A new tab of the same browser profile has no session storage: the key is gone.
  const second = await context.newPage();
  await second.goto('/');
  drawer = await openSettings(second);
  await expect(drawer.getByLabel('API key')).toHaveValue('');

  // Remember it, and a new tab has it; the key never shows up in the page's text.
  await drawer.getByLabel('API key').fill('sk-test-remembered');
  await drawer.getByLabel('Remember keys on this device').check();
  await expect(drawer.getByText('Anyone using this browser profile')).toBeVisible();
  const third = await context.newPage();
  await third.goto('/');
  drawer = await openSettings(third);
  await expect(drawer.getByLabel('API key')).toHaveValue('sk-test-remembered');
  expect(await third.locator('body').innerText()).not.toContain('sk-test-remembered');

  // Forget keys clears both stores.
  await drawer.getByRole('button', { name: 'Forget keys' }).click();
  await expect(drawer.getByLabel('API key')).toHaveValue('');
  const fourth = await context.newPage();
  await fourth.goto('/');
  drawer = await openSettings(fourth);
  await expect(drawer.getByLabel('API key')).toHaveValue('');
  await context.close();
});

test('Run without a key for a paid provider says what to do', async ({ page }) => {
  await page.goto('/');
  const drawer = await openSettings(page);
  await drawer.getByLabel('Provider').selectOption('anthropic');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Run' }).click();
  await expect(page.getByRole('status')).toContainText('Add your Anthropic API key in Settings');
});
