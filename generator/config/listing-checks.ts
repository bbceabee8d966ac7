// Checks of the listing facts the schema cannot express: review dates, prices per storefront, a Mac's chip.
import { isCalendarDate } from './cross-checks.ts';
import type { KeyPath } from './load.ts';
import { missingPrices } from './storefront.ts';
import type { Config } from './types.ts';

/** One problem of the listing, at its key. */
export interface ListingProblem {
  keyPath: KeyPath;
  message: string;
}

/** The listing's problems: every review has a real date, every price each currency its locales show, a Mac its chip. */
export function listingProblems(config: Config): ListingProblem[] {
  const { app } = config;
  const problems: ListingProblem[] = [];
  app.reviews.forEach((review, i) => {
    if (review.date === undefined && app.reviewDate === undefined)
      problems.push({
        keyPath: ['app', 'reviews', i],
        message: 'expected a date: give the review a date, or set app.reviewDate for every review',
      });
    else if (review.date !== undefined && !isCalendarDate(review.date))
      problems.push({
        keyPath: ['app', 'reviews', i, 'date'],
        message: `expected a date that exists in the calendar, found "${review.date}"`,
      });
  });
  for (const { keyPath, currency, locales } of missingPrices(config)) {
    const purchase = keyPath[1] === 'inAppPurchases' ? app.inAppPurchases[keyPath[2] as number]!.name : undefined;
    problems.push({
      keyPath,
      message: `${purchase ? `the in-app purchase ${purchase}` : "the app's price"} has no price in ${currency}, which the ${locales.join(', ')} page${locales.length === 1 ? ' shows' : 's show'}: add ${currency}: <amount> to it (or map the locale to another currency in app.localeCurrency)`,
    });
  }
  const { macOS, macChip } = app.compatibility;
  if (macOS !== undefined && macChip === undefined)
    problems.push({ keyPath: ['app', 'compatibility'], message: 'expected macChip (such as M1) beside macOS: the Mac row names both' });
  if (macChip !== undefined && macOS === undefined)
    problems.push({
      keyPath: ['app', 'compatibility', 'macChip'],
      message: 'expected macOS beside macChip, or neither for an app without a Mac version',
    });
  return problems;
}
