// Stored data survives app updates: run records this version cannot read (written by a newer
// version, or damaged) are skipped with a visible notice instead of emptying the list, and a saved
// run whose checkpoint no longer decodes says so when it is opened, without a panic.
import { test, expect } from '@playwright/test';
import { chooseWorkflow, watchConsole } from './fixtures/runs.mjs';

/** Puts raw `{…keys, json}` values into the app's IndexedDB stores. */
async function putRaw(page, store, values) {
  await page.evaluate(async ({ store, values }) => {
    const db = await new Promise((resolve, reject) => {
      const open = indexedDB.open('careergraph');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    await new Promise((resolve, reject) => {
      const tx = db.transaction(store, 'readwrite');
      for (const value of values) tx.objectStore(store).put(value);
      tx.oncomplete = resolve;
      tx.onerror = () => reject(tx.error);
    });
    db.close();
  }, { store, values });
}

const record = (fields) => ({
  format: 2, workflow_id: 'career_navigator', created_at_ms: 1_000, updated_at_ms: 1_000,
  status: 'paused', input: { goal: 'Become a staff engineer' }, last_step: null, error: null, page: null, ...fields,
});

test('unreadable saved runs are skipped with a notice; the others still list and open', async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto('/');
  await chooseWorkflow(page, 'career_navigator');
  // A finished run of this version, to list beside the bad ones.
  await page.getByRole('button', { name: 'Run' }).click();
  const rate = page.getByRole('dialog', { name: 'Rate the report' });
  await expect(rate).toBeVisible({ timeout: 30_000 });
  await page.keyboard.press('Escape');
  await page.getByTestId('stop').click();
  await expect(page.getByTestId('run-entry')).toHaveAttribute('data-status', 'cancelled');

  const now = Date.now();
  await putRaw(page, 'runs', [
    // Written by a later version.
    { thread_id: 'navigator-future', created_at_ms: now + 1, json: JSON.stringify(record({ thread_id: 'navigator-future', title: 'From the future', format: 99, created_at_ms: now + 1 })) },
    // Damaged: not JSON, and a status this version does not know.
    { thread_id: 'navigator-torn', created_at_ms: now + 2, json: '{"thread_id": "navigator-torn", "title": ' },
    { thread_id: 'navigator-odd', created_at_ms: now + 3, json: JSON.stringify(record({ thread_id: 'navigator-odd', title: 'Odd', status: 'sleeping', created_at_ms: now + 3 })) },
    // Readable, paused, newest: but its checkpoint no longer decodes.
    { thread_id: 'navigator-broken', created_at_ms: now + 4, json: JSON.stringify(record({ thread_id: 'navigator-broken', title: 'Broken checkpoint', created_at_ms: now + 4 })) },
  ]);
  await putRaw(page, 'checkpoints', [{ thread_id: 'navigator-broken', ns: '', id: '00000001', json: '{"not": "a checkpoint"}' }]);

  await page.reload();
  await expect(page.getByTestId('store-notice')).toContainText('3 saved run(s) could not be read', { timeout: 30_000 });
  await expect(page.getByTestId('store-notice')).toContainText('newer version');
  const entries = page.getByTestId('run-entry');
  await expect(entries).toHaveCount(2);
  await expect(entries.first()).toContainText('Broken checkpoint');
  // The newest paused run is re-opened on load: its checkpoint cannot be read, and the page says so.
  await expect(page.getByTestId('status')).toContainText("Could not read the run's progress", { timeout: 30_000 });
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // The run of this version still opens.
  await entries.nth(1).getByTestId('run-open').click();
  await expect(page.getByTestId('nav-phase')).toContainText('Stopped', { timeout: 30_000 });
  await expect(page.getByTestId('nav-report')).toBeVisible();
  expect(errors).toEqual([]);
});
