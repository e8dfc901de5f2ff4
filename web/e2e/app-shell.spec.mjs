// The page a user lands on: title, form pre-filled, settings drawer, no console errors, drafts kept.
import { test, expect } from '@playwright/test';

test.describe('app shell', () => {
  let consoleErrors;

  test.beforeEach(async ({ page }) => {
    consoleErrors = [];
    page.on('console', (msg) => { if (msg.type() === 'error') consoleErrors.push(msg.text()); });
    page.on('pageerror', (err) => consoleErrors.push(String(err)));
    await page.goto('/');
  });

  test('renders the form with the sample resume', async ({ page }) => {
    await expect(page).toHaveTitle('careergraph');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('careergraph');
    await expect(page.getByLabel('Workflow')).toBeVisible();
    await expect(page.getByLabel('Resume', { exact: true })).toHaveValue(/Experience/);
    await expect(page.getByLabel('Target role or job description')).not.toHaveValue('');
    await expect(page.getByRole('button', { name: 'Run' })).toBeEnabled();
    await page.screenshot({ path: '../target/playwright/app-shell.png', fullPage: true });
    expect(consoleErrors).toEqual([]);
  });

  test('settings drawer opens, takes a provider and key, and closes with Escape', async ({ page }) => {
    const toggle = page.getByRole('button', { name: 'Settings' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    const drawer = page.getByRole('complementary', { name: 'Settings' });
    await expect(drawer).toBeVisible();
    await drawer.getByLabel('Provider').selectOption('openai');
    await drawer.getByLabel('API key').fill('sk-test-example');
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  test('the resume and role the user typed survive a reload', async ({ page }) => {
    await page.getByLabel('Resume', { exact: true }).fill('Ada Example\nEngineer at Somewhere (2020–2024)');
    await page.getByLabel('Target role or job description').fill('Staff engineer');
    await page.reload();
    await expect(page.getByLabel('Resume', { exact: true })).toHaveValue('Ada Example\nEngineer at Somewhere (2020–2024)');
    await expect(page.getByLabel('Target role or job description')).toHaveValue('Staff engineer');
  });

  test('Run with an empty resume explains what is missing', async ({ page }) => {
    await page.getByLabel('Resume', { exact: true }).fill('');
    await page.getByRole('button', { name: 'Run' }).click();
    await expect(page.getByTestId('status')).toContainText('The resume is empty: paste it first.');
  });
});
