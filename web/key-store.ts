/**
 * TABLE-5: the player's API key as the pages keep it, in this browser's storage for this origin,
 * so the lobby (web/lobby.ts) and the table (web/main.ts) share it without it ever going into a
 * URL. Storage may be refused (a private window, a browser setting): then there is simply no
 * stored key, and the pages ask for one as before.
 */

const KEY = 'arbiter.apiKey';

/** The stored key, or '' when there is none (or storage is refused). */
export const storedKey = (): string => {
  try {
    return localStorage.getItem(KEY) ?? '';
  } catch {
    return '';
  }
};

/** Keeps `key` for the next visit; false when the browser refuses to store it. */
export const storeKey = (key: string): boolean => {
  try {
    localStorage.setItem(KEY, key);
    return true;
  } catch {
    return false;
  }
};

export const forgetKey = (): void => {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Nothing was stored.
  }
};
