/**
 * REL-24: what a player's name may hold, and how any text a user wrote is made inert in a
 * line of plain text. Names end up in other people's chat channels (webhook messages), so
 * a name is printable text: no control characters (a line break forges a whole line), no
 * format characters (bidi overrides turn `gnp.exe` around, zero-width ones make a name
 * invisible or a look-alike), no line or paragraph separators. Such a name is refused, with
 * the character named, rather than quietly changed: its owner learns what was wrong, and
 * the name shown is the one typed. Unassigned code points pass, as this Node's Unicode
 * tables may predate a new emoji.
 */

/** Every character a name may not hold: Unicode controls, format (bidi, zero-width), surrogates, private use, line and paragraph separators. */
const UNPRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Zl}\p{Zp}]/u;

/** Spaces, and characters that are not drawn (Hangul fillers, variation selectors…): a name needs something besides. */
const INVISIBLE = /[\p{White_Space}\p{Default_Ignorable_Code_Point}]/gu;

/** The Unicode names of the characters people actually send, so the refusal names them as Unicode does. */
const NAMES: Readonly<Record<number, string>> = {
  0: 'NULL',
  9: 'CHARACTER TABULATION',
  10: 'LINE FEED',
  11: 'LINE TABULATION',
  12: 'FORM FEED',
  13: 'CARRIAGE RETURN',
  27: 'ESCAPE',
  127: 'DELETE',
  133: 'NEXT LINE',
  173: 'SOFT HYPHEN',
  1564: 'ARABIC LETTER MARK',
  6158: 'MONGOLIAN VOWEL SEPARATOR',
  8203: 'ZERO WIDTH SPACE',
  8204: 'ZERO WIDTH NON-JOINER',
  8205: 'ZERO WIDTH JOINER',
  8206: 'LEFT-TO-RIGHT MARK',
  8207: 'RIGHT-TO-LEFT MARK',
  8232: 'LINE SEPARATOR',
  8233: 'PARAGRAPH SEPARATOR',
  8234: 'LEFT-TO-RIGHT EMBEDDING',
  8235: 'RIGHT-TO-LEFT EMBEDDING',
  8236: 'POP DIRECTIONAL FORMATTING',
  8237: 'LEFT-TO-RIGHT OVERRIDE',
  8238: 'RIGHT-TO-LEFT OVERRIDE',
  8288: 'WORD JOINER',
  8294: 'LEFT-TO-RIGHT ISOLATE',
  8295: 'RIGHT-TO-LEFT ISOLATE',
  8296: 'FIRST STRONG ISOLATE',
  8297: 'POP DIRECTIONAL ISOLATE',
  65279: 'ZERO WIDTH NO-BREAK SPACE',
};

const BIDI = new Set([0x061c, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069]);

/** Why a character is refused, as the end of a sentence. */
const why = (char: string, code: number): string => {
  if (BIDI.has(code)) return 'a bidi control, which reorders the text shown around it';
  if (/[\p{Cc}\p{Zl}\p{Zp}]/u.test(char)) return 'a control character or line break, which could start a line of its own in a message';
  if (/\p{Cf}/u.test(char)) return 'an invisible format character';
  if (/\p{Co}/u.test(char)) return 'a private-use character, which shows differently on every device';
  return 'not a whole character (a lone surrogate)';
};

/** `U+202E RIGHT-TO-LEFT OVERRIDE`, or the code point alone where the name is not in the table above. */
export const describeChar = (char: string): string => {
  const code = char.codePointAt(0) ?? 0;
  const point = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  return NAMES[code] ? `${point} ${NAMES[code]}` : point;
};

/** What is wrong with a name, as the end of a sentence; null for a good one. */
export const nameProblem = (name: string): string | null => {
  const bad = UNPRINTABLE.exec(name)?.[0];
  if (bad !== undefined) {
    return `a name may not contain ${describeChar(bad)} (${why(bad, bad.codePointAt(0) ?? 0)})`;
  }
  if (name.replace(INVISIBLE, '') === '') return 'a name needs at least one visible character';
  return null;
};

/**
 * Text a user wrote, fit for one line of plain text: each unprintable character becomes
 * U+FFFD REPLACEMENT CHARACTER, so a name stored before REL-24 cannot break a line or
 * turn the text around it, and the reader still sees that something was there.
 */
export const oneLine = (text: string): string => text.replace(new RegExp(UNPRINTABLE.source, 'gu'), '\uFFFD');
