// A run paused in the app, exported from the run list, then answered and finished by the npm
// package in Node, as a server would (issue 44, item 3; docs/runs.md, "Moving a run"). The file
// is what the app wrote from its IndexedDB checkpoints; Node imports it into a fresh runner.
// Needs the package's Node build (target/pkg, `make pkg`; tests/suites.sh builds it before this
// suite): without it the test says it skipped.
import { test, expect } from '@playwright/test';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';

const ROOT = new URL('../../', import.meta.url).pathname;
const PKG_NODE_ENTRY = `${ROOT}target/pkg/node/index.js`;

test('a run paused in the app is answered and finished in Node', async ({ page }) => {
  test.skip(!existsSync(PKG_NODE_ENTRY), `no package at ${PKG_NODE_ENTRY}: build it with make pkg`);
  await page.goto('/');
  await page.getByTestId('workflow').selectOption('career_navigator');
  await page.getByRole('button', { name: 'Run' }).click();
  const rate = page.getByRole('dialog', { name: 'Rate the report' });
  await expect(rate).toBeVisible({ timeout: 30_000 });
  await page.keyboard.press('Escape');

  const entry = page.getByTestId('run-entry').first();
  await expect(entry).toHaveAttribute('data-status', 'paused');
  const thread = await entry.getAttribute('data-thread');
  const download = page.waitForEvent('download');
  await entry.getByRole('button', { name: /^Export: / }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`careergraph-run-career_navigator-${thread}.json`);
  const path = await file.path();
  const exported = JSON.parse(await readFile(path, 'utf8'));
  expect(exported).toMatchObject({ format: 'careergraph.run', version: 1, workflowId: 'career_navigator', threadId: thread });
  // Every checkpoint of the thread, the pause it waits on among them.
  expect(exported.checkpoints.length).toBeGreaterThan(1);
  expect(exported.checkpoints.some((c) => c.pending_interrupts.length > 0)).toBe(true);
  await expect(page.getByTestId('nav-phase')).toHaveText('Waiting for your rating of the report.');

  const { stdout } = await promisify(execFile)('node', [`${ROOT}tests/node/bin/finish-export.mjs`, path], {
    timeout: 60_000,
  });
  const finished = JSON.parse(stdout.trim().split('\n').at(-1));
  // Node asks again the rating the app asked, then the plan's confirmation, and ends.
  expect(finished.kinds).toEqual(['satisfaction', 'confirm_plan']);
  expect(finished.state.plan_confirmed).toBe(true);
  expect(finished.verdict.problems).toEqual([]);
});
