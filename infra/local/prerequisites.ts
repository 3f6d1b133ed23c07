/**
 * What `npm start` needs before it starts anything (DOC-6): a Node.js its dependencies
 * support, and Java 17 or later for DynamoDB Local. Each check is a pure function of a
 * version string or of what `java -version` answered (`probeJava`, in dynamodb-local.ts,
 * where Java is run), and says in one sentence what to install.
 */

/**
 * The Node.js versions every dependency supports (vite and rolldown: ^20.19.0 || >=22.12.0;
 * vitest: ^20 || ^22 || >=24), as package.json's `engines.node` says (a test holds the two
 * together). CI runs Node 20; Lambda runs 22 (README, "Prerequisites").
 */
export const NODE_VERSIONS = '^20.19.0 || ^22.12.0 || >=24.0.0';

/** DynamoDB Local's classes (and its Jetty 12) are compiled for Java 17: class files of version 61. */
export const JAVA_MINIMUM = 17;

const JAVA_INSTALL = `install Java ${JAVA_MINIMUM} or later (e.g. apt-get install openjdk-17-jre-headless, brew install openjdk@17, or https://adoptium.net)`;

type Triple = readonly [number, number, number];

const triple = (version: string): Triple | null => {
  const match = /^v?(\d+)(?:\.(\d+))?(?:\.(\d+))?/.exec(version.trim());
  return match ? [Number(match[1]), Number(match[2] ?? 0), Number(match[3] ?? 0)] : null;
};

const atLeast = (version: Triple, floor: Triple): boolean => {
  for (let i = 0; i < 3; i += 1) {
    const [a, b] = [version[i] ?? 0, floor[i] ?? 0];
    if (a !== b) return a > b;
  }
  return true;
};

/** Whether `version` is in `range`, a union (`||`) of `^x.y.z` and `>=x.y.z`: the only forms NODE_VERSIONS uses. */
export const satisfies = (version: string, range: string): boolean => {
  const v = triple(version);
  if (!v) return false;
  return range.split('||').some((term) => {
    const [, operator, floorText] = /^\s*(\^|>=)\s*(\S+)\s*$/.exec(term) ?? [];
    const floor = floorText ? triple(floorText) : null;
    if (!floor) throw new Error(`"${term.trim()}" in "${range}" is neither ^x.y.z nor >=x.y.z`);
    return atLeast(v, floor) && (operator === '>=' || v[0] === floor[0]);
  });
};

/** The sentence `npm start` refuses with on this Node.js (`process.versions.node`), or null when it runs on it. */
export const nodeProblem = (version: string): string | null =>
  satisfies(version, NODE_VERSIONS)
    ? null
    : `Node.js ${version} cannot run Arbiter, which needs ${NODE_VERSIONS}; install Node.js 20 (20.19 or later, what CI tests) or 22 (22.12 or later, what Lambda runs) from https://nodejs.org.`;

/** What running `java -version` gave: nothing when there is no `java` on the PATH. */
export type JavaProbe = { readonly found: false } | { readonly found: true; readonly status: number | null; readonly output: string };

/** The version `java -version` prints (`openjdk version "17.0.15" …`, `java version "1.8.0_381"`), or null. */
export const javaVersion = (output: string): string | null => /\bversion "([^"]+)"/.exec(output)?.[1] ?? null;

/** 17 for "17.0.15" or "17-ea", 8 for "1.8.0_381" (Java numbered itself 1.x up to 8). */
export const javaMajor = (version: string): number => {
  const [first, second] = version.split(/[.\-+_]/).map(Number);
  return first === 1 && second !== undefined ? second : (first ?? Number.NaN);
};

/**
 * The sentence `npm start` refuses with, or null when Java will do. A `java` that answered
 * no version but exited 0 (or did not finish) is given the benefit of the doubt: DynamoDB
 * Local then says for itself what is wrong.
 */
export const javaProblem = (probe: JavaProbe): string | null => {
  if (!probe.found) return `DynamoDB Local is a Java program and there is no java on the PATH; ${JAVA_INSTALL}.`;
  const version = javaVersion(probe.output);
  if (version === null) {
    if (probe.status === 0 || probe.status === null) return null;
    const said = probe.output.trim().split('\n')[0]?.trim() || `exit code ${probe.status}`;
    return `java -version fails ("${said}"), and DynamoDB Local is a Java program; ${JAVA_INSTALL}.`;
  }
  const major = javaMajor(version);
  if (Number.isNaN(major) || major >= JAVA_MINIMUM) return null;
  return `DynamoDB Local needs Java ${JAVA_MINIMUM} or later, and java on the PATH is ${version}; ${JAVA_INSTALL}, and put it first on the PATH.`;
};
