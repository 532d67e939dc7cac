// A vitest setup file of the e2e project: every test fails if any page it drove reported a
// Content-Security-Policy violation (recorded by support/csp.ts), and so does the file if one
// arrives after its last test.
import { afterAll, afterEach, expect } from 'vitest';
import { takeCspViolations } from './csp.ts';

function expectNoViolations(when: string) {
  const found = takeCspViolations();
  expect(found, `Content-Security-Policy violations ${when}:\n${found.join('\n')}`).toEqual([]);
}

afterEach(() => expectNoViolations('during this test'));
afterAll(() => expectNoViolations('after the last test of this file'));
