// The environment every browser-test server starts with (support/server.ts, and the template database of
// support/global-setup.ts, which must be made under the same settings).
export const E2E_SERVER_ENV: Readonly<Record<string, string>> = {
  PSX_ALWAYS_OPEN: '1',
  // Two months of daily bars and two days of minute bars (the default is 400 and 3): the history a test's
  // screens show, made in a fraction of the default's time.
  MARKET_HISTORY_DAYS: '60',
  MARKET_MINUTE_DAYS: '2',
};
