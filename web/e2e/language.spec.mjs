// Language: 中文 in settings turns the page's strings and the demo's feedback Chinese, sets
// <html lang>, survives a reload; English comes back when chosen again.
import { test, expect } from '@playwright/test';

const HAN = /[\u4e00-\u9fff]/;

async function chooseLanguage(page, settingsName, id) {
  await page.getByRole('button', { name: settingsName }).click();
  const drawer = page.getByRole('complementary', { name: settingsName });
  await drawer.getByLabel('Language · 语言').selectOption(id);
  await page.keyboard.press('Escape');
}

test('中文: page strings, a demo review in Chinese, kept across a reload, English again', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('button', { name: 'Run' })).toBeVisible();

  await chooseLanguage(page, 'Settings', 'zh');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  // The Settings button is renamed, keeps focus after Escape, and the drawer speaks Chinese.
  await expect(page.getByRole('button', { name: '设置' })).toBeFocused();
  await page.getByRole('button', { name: '设置' }).click();
  const drawer = page.getByRole('complementary', { name: '设置' });
  await expect(drawer.getByRole('heading', { name: '设置' })).toBeVisible();
  await expect(drawer.getByLabel('模型服务')).toBeFocused();
  await expect(drawer.getByText('演示模式用透明的启发式规则')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByLabel('目标职位或职位描述')).toBeVisible();
  await expect(page.getByTestId('workflow').locator('option[value=resume_review]')).toHaveText('简历评审');
  await expect(page.locator('#workflow-description')).toContainText('三位评审');
  await expect(page.getByLabel('简历', { exact: true })).toBeVisible();
  await expect(page.getByText('演示：启发式评分，不调用任何模型')).toBeVisible();

  // A demo review: Chinese phase, card headings and the critics' own feedback text.
  await page.getByRole('button', { name: '运行' }).click();
  await expect(page.getByTestId('phase')).toHaveText('评审完成。', { timeout: 30_000 });
  const recruiter = page.getByTestId('card-recruiter');
  await expect(recruiter.getByRole('heading', { name: '招聘官' })).toBeVisible();
  await expect(recruiter.getByRole('heading', { name: '优点' })).toBeVisible();
  const strengths = recruiter.locator('.card__list').first().locator('li');
  await expect(strengths.first()).toHaveText(HAN);
  for (const text of await strengths.allInnerTexts()) expect(text).toMatch(HAN);
  await expect(page.getByTestId('results').getByRole('heading', { name: '结果' })).toBeVisible();
  await expect(page.getByTestId('timeline').getByRole('img')).toHaveAttribute('aria-label', /^每轮综合得分：\d/);
  await expect(page.getByTestId('node-design')).toHaveAttribute('aria-label', '版式设计：完成');
  // The Markdown export follows the language.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出 Markdown' }).click();
  const markdown = await (await download).createReadStream().then(async (stream) => {
    let text = '';
    for await (const chunk of stream) text += chunk;
    return text;
  });
  expect(markdown).toContain('# 简历评审 — ');
  expect(markdown).toContain('## 最终简历');

  // The choice is kept across a reload.
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page.getByRole('button', { name: '运行' })).toBeVisible();
  await expect(page.getByLabel('工作流程')).toBeVisible();

  // Back to English: every string returns as it was.
  await chooseLanguage(page, '设置', 'en');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('button', { name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Run' })).toBeVisible();
  await expect(page.getByLabel('Target role or job description')).toBeVisible();
  await expect(page.getByLabel('Resume', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Run' }).click();
  await expect(page.getByTestId('phase')).toHaveText('Review finished.', { timeout: 30_000 });
  const englishStrengths = await page.getByTestId('card-recruiter').locator('.card__list').first().locator('li').allInnerTexts();
  expect(englishStrengths.length).toBeGreaterThan(0);
  for (const text of englishStrengths) expect(text).not.toMatch(HAN);
});
