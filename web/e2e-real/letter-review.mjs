// The cover letter's review on a real model, answered by keyboard only: each fact the draft states
// that the user never gave is removed (Tab from Keep to Remove, Enter), then Approve (Enter),
// until the phase line says the run ended or `bound` milliseconds pass. Returns the phase line's
// last text (the caller asserts on it), and how many facts it removed.
import { expect } from '@playwright/test';

/** The phase line of a cover letter run that ended (ready, not usable by its check, or failed),
 * per UI language. */
export const LETTER_DONE = {
  en: /^(The letter is ready(\.|, but \d+ step\(s\) failed: .+)|The letter .+ It is not usable as it is\.|The run failed: .+)$/,
  zh: /^(求职信已完成(。|，但有 \d+ 个步骤失败：.+)|求职信.+。它目前不可用。|运行失败：.+)$/,
};
const REVIEW_TITLE = { en: 'Review the draft letter', zh: '审阅求职信草稿' };

export async function answerLetterReview(page, lang, bound) {
  const phase = page.getByTestId('letter-phase');
  const deadline = Date.now() + bound;
  let removed = 0;
  while (Date.now() < deadline) {
    if (LETTER_DONE[lang].test((await phase.textContent()) ?? '')) break;
    const review = page.getByRole('dialog', { name: REVIEW_TITLE[lang] });
    if (!(await review.isVisible())) {
      await page.waitForTimeout(500);
      continue;
    }
    const facts = review.getByTestId('fact-item');
    for (let i = 0; i < await facts.count(); i += 1) {
      const fact = facts.nth(i);
      await fact.getByTestId('fact-keep').focus();
      await page.keyboard.press('Tab');
      await expect(fact.getByTestId('fact-remove')).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(fact).toHaveAttribute('data-decision', 'removed');
      removed += 1;
    }
    await review.getByTestId('letter-approve').focus();
    await page.keyboard.press('Enter');
    await expect(review).toBeHidden({ timeout: 10_000 });
  }
  return { text: (await phase.textContent()) ?? '', removed };
}
