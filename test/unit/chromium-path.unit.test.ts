/**
 * ARC-3: which Chromium the browser tier drives. The headless shell first (it costs the tier
 * about a third less CPU than the whole browser), the whole browser when only it is installed,
 * and CHROMIUM_PATH over both. Decided over a list of installed paths: nothing is launched.
 */
import { describe, expect, it } from 'vitest';
import { CHROMIUM_BUILDS, chromiumPath } from '../support/browser.ts';

const installed =
  (...paths: string[]) =>
  (path: string) =>
    paths.includes(path);

describe('the Chromium the browser tests drive', () => {
  it("ARC-3 Debian's headless shell is preferred to the whole browser when both are installed", () => {
    expect(CHROMIUM_BUILDS).toEqual(['/usr/bin/chromium-headless-shell', '/usr/bin/chromium']);
    expect(chromiumPath({}, installed('/usr/bin/chromium', '/usr/bin/chromium-headless-shell'))).toBe('/usr/bin/chromium-headless-shell');
  });

  it('ARC-3 the whole browser is driven when it is the only one installed', () => {
    expect(chromiumPath({}, installed('/usr/bin/chromium'))).toBe('/usr/bin/chromium');
  });

  it('ARC-3 CHROMIUM_PATH wins, and a CHROMIUM_PATH that is not there says so', () => {
    expect(chromiumPath({ CHROMIUM_PATH: '/opt/chrome/chrome' }, installed('/opt/chrome/chrome', '/usr/bin/chromium'))).toBe(
      '/opt/chrome/chrome',
    );
    expect(() => chromiumPath({ CHROMIUM_PATH: '/opt/none' }, installed('/usr/bin/chromium'))).toThrow(
      'No Chromium at /opt/none (CHROMIUM_PATH): install it, or unset CHROMIUM_PATH.',
    );
  });

  it('ARC-3 with no Chromium at all, the error says what to install', () => {
    expect(() => chromiumPath({}, installed())).toThrow('apt-get install chromium-headless-shell');
  });
});
