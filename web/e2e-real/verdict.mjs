// The result check as the page shows it (issue 42): a result that fails its workflow's check is
// never called finished; the status line says what is wrong and the result opens with the
// problems listed. The real-model specs check that the page's final words and its verdict notice
// agree, and that what the user can see of the result agrees with both.
import { expect } from '@playwright/test';

/** A status line that says the result is not usable, per UI language. */
export const UNUSABLE = {
  en: /^The (letter|tailored resume|revised resume) .+ It is not usable as it is\.$/,
  zh: /^(求职信|定制后的简历|修改后的简历).+。它目前不可用。$/,
};

/** The status line's `text` and the verdict notice `testid` agree: the notice, with at least one
 * problem, is there exactly when the line says the result is not usable. Returns whether it is. */
export async function expectVerdictShown(page, text, testid, lang = 'en') {
  const notice = page.getByTestId(testid);
  const unusable = UNUSABLE[lang].test(text);
  if (unusable) {
    await expect(notice).toBeVisible();
    expect(await notice.getByTestId('verdict-problem').count()).toBeGreaterThan(0);
  } else {
    await expect(notice).toHaveCount(0);
  }
  return unusable;
}
