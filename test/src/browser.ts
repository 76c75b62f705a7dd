import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/**
 * Where Debian's `chromium` package puts the browser; CHROMIUM_PATH overrides it. Playwright's own
 * browser download is not used (and not reachable from CI).
 */
const DEFAULT_CHROMIUM = '/usr/bin/chromium';

/**
 * Launches headless Chromium through Playwright. A missing browser is an error, never a skip: the
 * browser tests are part of the suite, and `npm run setup` installs the package.
 */
export async function launchChromium(): Promise<Browser> {
  const executablePath = process.env.CHROMIUM_PATH ?? DEFAULT_CHROMIUM;
  if (!existsSync(executablePath)) {
    throw new Error(
      `Chromium not found at ${executablePath}: run \`npm run setup\` as root (it installs Debian's chromium package) ` +
        'or set CHROMIUM_PATH to a Chromium binary',
    );
  }
  // --no-sandbox: CI and development containers run as root, where Chromium's sandbox refuses to start.
  return chromium.launch({ executablePath, headless: true, args: ['--no-sandbox', '--disable-dev-shm-usage'] });
}
