/** Starts Debian's Chromium (installed by .ci/run) headless through playwright-core, for the HTML report's tests and screenshot. */
import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

/** Where Chromium is: $CHROMIUM_PATH, else Debian's /usr/bin/chromium. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** True when the browser is installed here. */
export const chromiumInstalled = (): boolean => existsSync(CHROMIUM_PATH);

/** A headless Chromium with nothing running in the background (no network of its own, no updates, no sync). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
