// Honest labels: the badge next to Run names what a run really calls — the demo, OpenAI and its
// model (and the host when it is not OpenAI's), or a local OpenAI-compatible server by its host —
// and a hidden badge stays hidden whatever its CSS says.
import { test, expect } from '@playwright/test';
import { MOCK, useMock } from './fixtures/runs.mjs';

const PAGES = ['resume_review', 'resume_tailoring', 'hiring_pipeline'];

async function openSettings(page) {
  await page.getByRole('button', { name: 'Settings' }).click();
  return page.getByRole('complementary', { name: 'Settings' });
}

test('demo: the demo badge shows and no provider is named', async ({ page }) => {
  await page.goto('/');
  for (const id of PAGES) {
    await page.getByTestId('workflow').selectOption(id);
    await expect(page.getByTestId('demo-badge')).toBeVisible();
    await expect(page.getByTestId('demo-badge')).toContainText('no model is called');
    await expect(page.getByTestId('provider-badge')).toBeHidden();
  }
});

test('OpenAI: the demo badge is hidden on every page; the badge names OpenAI, the model and the host', async ({ page }) => {
  await page.goto('/');
  await useMock(page);
  const host = new URL(MOCK).host;
  for (const id of PAGES) {
    await page.getByTestId('workflow').selectOption(id);
    await expect(page.getByTestId('demo-badge')).toBeHidden();
    const badge = page.getByTestId('provider-badge');
    await expect(badge).toBeVisible();
    await expect(badge).toContainText('OpenAI');
    // No model typed: the badge names the provider's default model, the one the session calls
    // (data-default-model comes from session::default_model, not from this test).
    const defaultModel = await badge.getAttribute('data-default-model');
    expect(defaultModel).toMatch(/\S/);
    await expect(badge).toContainText(`OpenAI · ${defaultModel}`);
    await expect(badge).toContainText(host);
  }
  // A model typed in Settings is the one named.
  const drawer = await openSettings(page);
  await drawer.getByTestId('model').fill('gpt-test-model');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('provider-badge')).toContainText('OpenAI · gpt-test-model');
  // In Chinese too.
  const again = await openSettings(page);
  await again.getByLabel('Language · 语言').selectOption('zh');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('provider-badge')).toContainText('OpenAI · gpt-test-model');
  await expect(page.getByTestId('provider-badge')).toContainText(`经由 ${host}`);
});

test('OpenAI-compatible: the badge names the local server by its host', async ({ page }) => {
  const port = new URL(MOCK).port;
  await page.goto('/');
  const drawer = await openSettings(page);
  await drawer.getByLabel('Provider').selectOption('openai_compatible');
  await drawer.getByLabel('Base URL').fill(`http://localhost:${port}/v1`);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await page.getByTestId('workflow').selectOption('resume_review');
  await expect(page.getByTestId('demo-badge')).toBeHidden();
  const badge = page.getByTestId('provider-badge');
  await expect(badge).toBeVisible();
  await expect(badge).toContainText(`Local server at localhost:${port}`);
  await expect(badge).not.toContainText('OpenAI ·');
});
