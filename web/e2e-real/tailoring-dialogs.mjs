// The tailoring run's dialogs, answered the same way by every real-model spec: whatever question
// the run asks gets one answer, the draft review is approved, until the phase line says it ended
// or `bound` milliseconds pass. Returns the phase line's last text (the caller asserts on it).
import { expect } from '@playwright/test';

/** The phase line of a tailoring run that ended: finished (perhaps with failed steps), a result
 * its check found not usable, or failed. */
export const TAILORING_DONE = /^(Tailoring finished(\.|, but \d+ step\(s\) failed: .+)|The tailored resume .+ It is not usable as it is\.|The run failed: .+)$/;

export async function answerTailoringDialogs(page, bound) {
  const phase = page.getByTestId('tailor-phase');
  const deadline = Date.now() + bound;
  while (Date.now() < deadline) {
    if (TAILORING_DONE.test((await phase.textContent()) ?? '')) break;
    const question = page.getByRole('dialog', { name: /^Question \d+ \/ \d+$/ });
    const review = page.getByRole('dialog', { name: 'Review the tailored draft' });
    if (await question.isVisible()) {
      await question.getByLabel('Your answer').fill('I used Redis as a cache at Example Freight.');
      await question.getByRole('button', { name: 'Send' }).click();
      await expect(question).toBeHidden({ timeout: 10_000 });
    } else if (await review.isVisible()) {
      await review.getByRole('button', { name: 'Approve' }).click();
      await expect(review).toBeHidden({ timeout: 10_000 });
    } else {
      await page.waitForTimeout(500);
    }
  }
  return (await phase.textContent()) ?? '';
}
