import { expect, test } from 'vitest';
import { checkReportDigest, DIGEST_PLACEHOLDER, sealReport } from './report-digest.js';

const report = (body: string) => `{\n  "digest": "${DIGEST_PLACEHOLDER}",\n  "body": ${JSON.stringify(body)}\n}\n`;

test('a sealed report names the digest of its own bytes; changing any byte after that is detected', () => {
  const { bytes, digest } = sealReport(report('pass ünïcode'));
  expect(digest).toMatch(/^sha256:[0-9a-f]{64}$/);
  expect(bytes.toString('utf8')).toContain(`"digest": "${digest}"`);
  expect(checkReportDigest(bytes)).toEqual({ stated: digest, actual: digest });
  // A byte of the content, of the digest itself, of its `sha256:` prefix (then it names none).
  for (const at of [0, 30, 20, bytes.length - 3]) {
    const changed = Buffer.from(bytes);
    changed[at] = changed[at]! ^ 1;
    const check = checkReportDigest(changed);
    expect(check !== undefined && check.stated === check.actual).toBe(false);
  }
});

test('a rewritten report sealed again matches itself, but not the digest the run printed', () => {
  const original = sealReport(report('fail'));
  const forged = sealReport(report('pass'));
  const check = checkReportDigest(forged.bytes)!;
  expect(check.stated).toBe(check.actual);
  expect(check.stated).not.toBe(original.digest);
});

test('the digest is the first sha256: of the file, whatever the content holds later; a report without the placeholder cannot be sealed', () => {
  const later = `sha256:${'ab'.repeat(32)}`;
  const { bytes, digest } = sealReport(report(`a client wrote ${later}`));
  expect(checkReportDigest(bytes)).toEqual({ stated: digest, actual: digest });
  expect(() => sealReport(`{ "body": "${later}", "digest": "${DIGEST_PLACEHOLDER}" }`)).toThrow(/placeholder/);
  expect(checkReportDigest(Buffer.from('{}'))).toBeUndefined();
});
