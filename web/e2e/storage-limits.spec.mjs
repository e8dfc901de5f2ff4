// The browser's storage in hard cases, in the app itself: a full disk (IndexedDB's checkpoint
// writes throw QuotaExceededError, injected: a real quota cannot be filled fast) keeps the run in
// memory with a visible warning and loses nothing while the page is open; a finished run is
// pruned to its final checkpoint and still reopens with its result; the browser is asked once to
// keep the saved runs, at the first saved run, and a refusal leaves a one-line hint.
import { test, expect } from '@playwright/test';

/** Checkpoints stored for every thread, counted straight from IndexedDB. */
async function checkpointCount(page) {
  return page.evaluate(async () => {
    const db = await new Promise((resolve, reject) => {
      const open = indexedDB.open('careergraph');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const count = await new Promise((resolve, reject) => {
      const request = db.transaction('checkpoints').objectStore('checkpoints').count();
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    db.close();
    return count;
  });
}

async function runDemoReview(page) {
  await page.getByRole('button', { name: 'Run' }).click();
  await expect(page.getByTestId('phase')).toHaveText('Review finished.', { timeout: 30_000 });
  await expect(page.getByTestId('final-score')).toHaveText(/^\d+\.\d$/);
  return page.getByTestId('final-score').textContent();
}

test('a finished run keeps only its final checkpoint and reopens with its result', async ({ page }) => {
  await page.addInitScript(() => {
    // Every checkpoint the run saves, by key: what there was before pruning.
    window.__saved = new Set();
    const put = IDBObjectStore.prototype.put;
    IDBObjectStore.prototype.put = function (value, ...rest) {
      if (this.name === 'checkpoints') window.__saved.add(`${value.thread_id}/${value.ns}/${value.id}`);
      return put.call(this, value, ...rest);
    };
  });
  await page.goto('/');
  const score = await runDemoReview(page);
  const saved = await page.evaluate(() => window.__saved.size);
  expect(saved, 'a multi-step run').toBeGreaterThan(3);
  await expect.poll(() => checkpointCount(page), { message: 'pruned when the run finished' }).toBe(1);
  console.log(`demo review: ${saved} checkpoints saved, 1 kept after it finished`);
  await page.reload();
  await page.getByTestId('run-entry').first().getByTestId('run-open').click();
  await expect(page.getByTestId('final-score')).toHaveText(score);
});

test('a full disk keeps the run in memory with a warning, and nothing is lost while the page is open', async ({ page }) => {
  await page.addInitScript(() => {
    const put = IDBObjectStore.prototype.put;
    IDBObjectStore.prototype.put = function (...args) {
      if (window.__diskFull && this.name === 'checkpoints') {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      }
      return put.apply(this, args);
    };
  });
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/');
  await expect(page.getByTestId('resume')).not.toBeEmpty();
  await page.evaluate(() => { window.__diskFull = true; });

  const score = await runDemoReview(page);
  const warning = page.getByTestId('store-quota');
  await expect(warning).toBeVisible();
  await expect(warning).toContainText("This browser's storage is full: this run is kept in memory until you close the page");
  await expect(page.getByTestId('store-notice')).toBeHidden();
  // Opened again from the list in the same page: the result comes from memory.
  await page.getByTestId('run-entry').first().getByTestId('run-open').click();
  await expect(page.getByTestId('final-score')).toHaveText(score);
  await expect(page.getByTestId('phase')).toHaveText('Review finished.');
  expect(errors).toEqual([]);
});

for (const granted of [false, true]) {
  test(`persistent storage is asked for once, at the first saved run (${granted ? 'granted' : 'denied'})`, async ({ page }) => {
    await page.addInitScript((granted) => {
      window.__persistCalls = 0;
      if (window.StorageManager) {
        StorageManager.prototype.persist = async function () {
          window.__persistCalls += 1;
          return granted;
        };
      }
    }, granted);
    await page.goto('/');
    await expect(page.getByTestId('resume')).not.toBeEmpty();
    expect(await page.evaluate(() => window.__persistCalls), 'not asked at load').toBe(0);
    await runDemoReview(page);
    await expect.poll(() => page.evaluate(() => window.__persistCalls)).toBe(1);
    const hint = page.getByTestId('store-persist-hint');
    if (granted) {
      await expect(hint).toBeHidden();
    } else {
      await expect(hint).toBeVisible();
      await expect(hint).toContainText('may clear saved runs');
    }
    // Never asked again, in this page or after a reload.
    await page.reload();
    await runDemoReview(page);
    expect(await page.evaluate(() => window.__persistCalls)).toBe(0);
    await expect(hint).toBeVisible({ visible: !granted });
  });
}
