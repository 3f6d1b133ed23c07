/**
 * Seat colours (VIEW-9): a seat named after a colour is drawn in that colour, in the
 * Okabe–Ito shade a player with any common colour-vision deficiency still tells apart;
 * other seats take the palette in order, skipping shades a named seat already holds. The
 * board, its legend and the page's event list all ask this one function, so "red" is the
 * same vermilion everywhere. Every piece also carries its seat's letter (VIEW-5).
 */

/** Okabe & Ito (2008), "Color Universal Design": eight colours distinguishable under deuteranopia, protanopia and tritanopia. */
export const OKABE_ITO = {
  black: '#000000',
  orange: '#E69F00',
  skyBlue: '#56B4E9',
  bluishGreen: '#009E73',
  yellow: '#F0E442',
  blue: '#0072B2',
  vermilion: '#D55E00',
  reddishPurple: '#CC79A7',
} as const;

/** Colour words a seat may be named with, and the shade each is drawn in. */
const NAMED: Readonly<Record<string, string>> = {
  red: OKABE_ITO.vermilion,
  vermilion: OKABE_ITO.vermilion,
  crimson: OKABE_ITO.vermilion,
  scarlet: OKABE_ITO.vermilion,
  blue: OKABE_ITO.blue,
  navy: OKABE_ITO.blue,
  green: OKABE_ITO.bluishGreen,
  teal: OKABE_ITO.bluishGreen,
  yellow: OKABE_ITO.yellow,
  gold: OKABE_ITO.yellow,
  orange: OKABE_ITO.orange,
  amber: OKABE_ITO.orange,
  purple: OKABE_ITO.reddishPurple,
  violet: OKABE_ITO.reddishPurple,
  pink: OKABE_ITO.reddishPurple,
  magenta: OKABE_ITO.reddishPurple,
  cyan: OKABE_ITO.skyBlue,
  sky: OKABE_ITO.skyBlue,
  black: OKABE_ITO.black,
};

/** The order unnamed seats take shades in: the strongest contrasts on the light table first. */
const IN_ORDER: readonly string[] = [
  OKABE_ITO.blue,
  OKABE_ITO.vermilion,
  OKABE_ITO.bluishGreen,
  OKABE_ITO.reddishPurple,
  OKABE_ITO.orange,
  OKABE_ITO.skyBlue,
  OKABE_ITO.yellow,
  OKABE_ITO.black,
];

/** The colour word a seat's name is, if it is one: "Red", "red-fleet" and "Team Blue" count. */
const namedColour = (seat: string): string | undefined => {
  const words = seat.toLowerCase().split(/[^a-z]+/);
  for (const word of words) if (NAMED[word]) return NAMED[word];
  return undefined;
};

/** Every seat's colour, in one map: named seats first, the rest in palette order among the shades left. */
export const seatColours = (seats: readonly string[]): ReadonlyMap<string, string> => {
  const colours = new Map<string, string>();
  for (const seat of seats) {
    const named = namedColour(seat);
    if (named && ![...colours.values()].includes(named)) colours.set(seat, named);
  }
  const free = IN_ORDER.filter((c) => ![...colours.values()].includes(c));
  let next = 0;
  for (const seat of seats) {
    if (colours.has(seat)) continue;
    colours.set(seat, free[next % free.length] ?? (IN_ORDER[0] as string));
    next += 1;
  }
  return colours;
};

/** One seat's colour among `seats`; a name not among them (a stray id) is drawn black. */
export const seatColour = (seats: readonly string[], seat: string): string => seatColours(seats).get(seat) ?? OKABE_ITO.black;

/** Text drawn on a seat's colour: black on the light shades (yellow, orange, sky blue), white on the rest. */
export const inkOn = (colour: string): string =>
  [OKABE_ITO.yellow, OKABE_ITO.orange, OKABE_ITO.skyBlue].includes(colour as never) ? '#000' : '#fff';
