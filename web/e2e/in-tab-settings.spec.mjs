// Settings → "In this browser": the model files kept in the Origin Private File System, without a
// real model (the real one runs in web/e2e-real/in-tab.spec.mjs). A file that is not GGUF is
// refused with the reason and nothing is kept; a GGUF file is kept, listed with its size, chosen,
// and survives a reload; a download from a plain-http address elsewhere is refused; Delete removes
// it. A run on a GGUF file llama.cpp cannot read ends with errors that say so, and nothing
// leaves the page's origin.
import { test, expect } from '@playwright/test';

/** A file with GGUF's magic and nothing a model needs after it. */
const FAKE_GGUF = Buffer.concat([Buffer.from('GGUF'), Buffer.alloc(4096, 1)]);

async function openInTab(page) {
  await page.getByTestId('open-settings').click();
  await page.getByTestId('provider').selectOption('in_tab');
  const section = page.getByTestId('in-tab-models');
  await expect(section).toBeVisible();
  return section;
}

test('model files: refused, kept, listed, chosen, kept across a reload, deleted', async ({ page }) => {
  await page.goto('/');
  let section = await openInTab(page);
  await expect(section.getByTestId('in-tab-capabilities')).toContainText(/SIMD (yes|no)/);
  await expect(section.getByTestId('in-tab-kept').getByRole('radio')).toHaveCount(0);

  await section.getByTestId('in-tab-file').setInputFiles({ name: 'notes.gguf', mimeType: 'application/octet-stream', buffer: Buffer.from('hello, not a model') });
  await expect(section.getByTestId('in-tab-error')).toContainText('not a GGUF model file');
  await expect(section.getByTestId('in-tab-kept').getByRole('radio')).toHaveCount(0);

  await section.getByTestId('in-tab-file').setInputFiles({ name: 'tiny-test.gguf', mimeType: 'application/octet-stream', buffer: FAKE_GGUF });
  const kept = section.getByRole('radio', { name: /tiny-test\.gguf · 0\.0 MB/ });
  await expect(kept).toBeChecked();
  await expect(section.getByTestId('in-tab-error')).toBeHidden();
  await expect(page.getByTestId('provider-badge')).toContainText('tiny-test.gguf');

  await section.getByTestId('in-tab-url').fill('http://example.invalid/model.gguf');
  await section.getByTestId('in-tab-download').click();
  await expect(section.getByTestId('in-tab-error')).toContainText('https://');

  await page.reload();
  section = await openInTab(page);
  await expect(section.getByRole('radio', { name: /tiny-test\.gguf/ })).toBeChecked();
  await section.getByRole('button', { name: 'Delete tiny-test.gguf' }).click();
  await expect(section.getByTestId('in-tab-kept').getByRole('radio')).toHaveCount(0);
  await expect(page.getByTestId('provider-badge')).toContainText('no model file chosen');
});

test('a run on a file llama.cpp cannot read ends with an error that says so; nothing leaves the origin', async ({ page, baseURL }) => {
  const requests = [];
  page.context().on('request', (request) => requests.push(request.url()));
  await page.goto('/');
  const section = await openInTab(page);
  await section.getByTestId('in-tab-file').setInputFiles({ name: 'broken.gguf', mimeType: 'application/octet-stream', buffer: FAKE_GGUF });
  await expect(section.getByRole('radio', { name: /broken\.gguf/ })).toBeChecked();
  await page.keyboard.press('Escape');
  await page.getByTestId('run').click();
  // Every critic fails alike: the run ends, its cards and errors name the cause.
  await expect(page.getByTestId('phase')).toHaveText(/^(Review finished\.|The review failed: .+)$/, { timeout: 45_000 });
  // llama.cpp either refuses the file at load or aborts on it at the first answer.
  await expect(page.getByText(/could not be loaded in this tab|model engine in this tab stopped/).first()).toBeVisible();
  const origin = new URL(baseURL).origin;
  expect(requests.filter((url) => !url.startsWith(`${origin}/`) && !/^(blob|data):/.test(url))).toEqual([]);
});
