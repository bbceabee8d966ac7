// `store-facts`: the App Store's lookup service that does not answer as it should, and a config it cannot update.
import { define } from './user-error.ts';

const RETRY = 'Run the command again later; nothing was written.';

export const LookupTimeout = define({
  name: 'LookupTimeout',
  message: (url: string, seconds: number) => `The App Store lookup at ${url} did not answer within ${seconds} s.`,
  hint: `${RETRY} Check the network, or give more time with --timeout.`,
});

export const LookupUnreachable = define({
  name: 'LookupUnreachable',
  message: (url: string, reason: string) => `Cannot reach the App Store lookup at ${url}: ${reason}.`,
  hint: `${RETRY} Check the network, or name another service with --lookup-url.`,
});

export const LookupRateLimited = define({
  name: 'LookupRateLimited',
  message: (url: string, status: number) =>
    `The App Store lookup at ${url} refused the request (HTTP ${status}): it allows about 20 requests a minute.`,
  hint: 'Wait a minute and run the command again; nothing was written.',
});

export const LookupServerError = define({
  name: 'LookupServerError',
  message: (url: string, status: number) => `The App Store lookup at ${url} failed (HTTP ${status}).`,
  hint: RETRY,
});

export const LookupMalformed = define({
  name: 'LookupMalformed',
  message: (url: string, reason: string) => `The App Store lookup at ${url} answered with no usable listing: ${reason}.`,
  hint: `${RETRY} If it persists, the service has changed what it answers.`,
});

export const AppNotFound = define({
  name: 'AppNotFound',
  message: (appId: string, country: string) => `The App Store has no app with id ${appId} in the ${country.toUpperCase()} storefront.`,
  hint: 'Check the id (the digits of apps.apple.com/app/id<id>) and --country: an app not sold in the US needs the country it is sold in.',
});

export const AppIdMissing = define({
  name: 'AppIdMissing',
  message: () => "store-facts needs the app's App Store id: pass --app-id ID, or set app.appStoreId in the config.",
  hint: "The id is the digits of the listing's address, apps.apple.com/app/id<id>.",
});
