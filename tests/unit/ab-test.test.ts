// Subject A/B tests in core: the two-proportion z-test against known values, the "not enough
// data yet" threshold, the verdicts, and the `--subject-variants` argument.
import { describe, expect, it } from 'vitest';
import { abTestResults, normalCdf, significance, twoProportionZTest, type AbTestConfig } from '../../src/core/analytics/ab-test.ts';
import { SubjectVariantsInput, subjectVariantsArg } from '../../src/core/model/ab-test.ts';

const CONFIG: AbTestConfig = { minSentPerVariant: 100, alpha: 0.05 };

describe('the normal distribution', () => {
  it('gives the table values', () => {
    // Standard normal table: Φ(0) = 0.5, Φ(1) = 0.8413, Φ(1.96) = 0.9750, Φ(-2.5758) = 0.0050.
    expect(normalCdf(0)).toBeCloseTo(0.5, 7);
    expect(normalCdf(1)).toBeCloseTo(0.841345, 6);
    expect(normalCdf(1.959964)).toBeCloseTo(0.975, 6);
    expect(normalCdf(-2.575829)).toBeCloseTo(0.005, 6);
  });
});

describe('the two-proportion z-test', () => {
  // Expected values from scipy (pooled z; p = 2 * norm.sf(|z|)).
  it.each([
    [120, 1000, 90, 1000, 2.18827, 0.028650],
    [30, 100, 20, 100, 1.63299, 0.102470],
    [52, 200, 38, 200, 1.67632, 0.093676],
    [90, 1000, 120, 1000, -2.18827, 0.028650],
  ])('%i/%i against %i/%i: z = %f, p = %f', (x1, n1, x2, n2, z, p) => {
    const test = twoProportionZTest(x1, n1, x2, n2)!;
    expect(test.z).toBeCloseTo(z, 4);
    expect(test.pValue).toBeCloseTo(p, 5);
  });

  it('has no answer for an empty arm or when nothing varies', () => {
    expect(twoProportionZTest(0, 0, 5, 100)).toBeUndefined();
    expect(twoProportionZTest(0, 100, 0, 100)).toBeUndefined();
    expect(twoProportionZTest(100, 100, 100, 100)).toBeUndefined();
  });
});

describe('the verdict', () => {
  it('says "not enough data yet" until every arm has the minimum sent, then tests', () => {
    const short = significance([{ variant: 'A', sent: 99, hits: 60 }, { variant: 'B', sent: 400, hits: 10 }], CONFIG);
    expect(short).toMatchObject({ enough_data: false, significant: false, winner: null, z: null, p_value: null });
    expect(short.label).toBe('not enough data yet (99 of 100 sent per variant)');
    const enough = significance([{ variant: 'A', sent: 100, hits: 60 }, { variant: 'B', sent: 400, hits: 10 }], CONFIG);
    expect(enough.enough_data).toBe(true);
    expect(enough.significant).toBe(true);
  });

  it('names the winner only when the difference is significant', () => {
    const win = significance([{ variant: 'A', sent: 1000, hits: 90 }, { variant: 'B', sent: 1000, hits: 120 }], CONFIG);
    expect(win).toMatchObject({ significant: true, winner: 'B', z: 2.188, p_value: 0.0287 });
    expect(win.label).toBe('B wins: B 12.0% vs A 9.0%, significant (p = 0.029)');
    const tie = significance([{ variant: 'A', sent: 100, hits: 30 }, { variant: 'B', sent: 100, hits: 20 }], CONFIG);
    expect(tie).toMatchObject({ significant: false, winner: null, p_value: 0.1025 });
    expect(tie.label).toBe('no significant difference yet: A 30.0% vs B 20.0% (p = 0.102)');
  });

  it('with three arms tests the leader against the runner-up at alpha / 2', () => {
    // p = 0.0287 is below 0.05 but not below 0.025: with a third arm it is not significant.
    const three = significance(
      [
        { variant: 'A', sent: 1000, hits: 90 },
        { variant: 'B', sent: 1000, hits: 120 },
        { variant: 'C', sent: 1000, hits: 60 },
      ],
      CONFIG,
    );
    expect(three).toMatchObject({ significant: false, winner: null, p_value: 0.0287 });
    expect(three.label).toContain('B 12.0% vs A 9.0%');
  });

  it('lists every configured arm, including one nothing was sent in, and counts machine opens apart', () => {
    const results = abTestResults(['finding', 'question', 'name'], [{ variant: 'B', sent: 4, opened: 1, replied: 0, machineOpens: 3 }], CONFIG);
    expect(results.variants).toEqual([
      { variant: 'A', style: 'finding', sent: 0, opened: 0, replied: 0, machine_opens: 0, open_rate: null, reply_rate: null },
      { variant: 'B', style: 'question', sent: 4, opened: 1, replied: 0, machine_opens: 3, open_rate: 0.25, reply_rate: 0 },
      { variant: 'C', style: 'name', sent: 0, opened: 0, replied: 0, machine_opens: 0, open_rate: null, reply_rate: null },
    ]);
    expect(results.opens.label).toBe('not enough data yet (0 of 100 sent per variant)');
  });
});

describe('--subject-variants', () => {
  const parse = (raw: string) => SubjectVariantsInput.safeParse(subjectVariantsArg(raw));

  it('takes a count or styles in order', () => {
    expect(parse('2').data).toEqual(['finding', 'question']);
    expect(parse('3').data).toEqual(['finding', 'question', 'name']);
    expect(parse('Question, name').data).toEqual(['question', 'name']);
  });

  it('refuses anything else with the reason', () => {
    expect(parse('1').error?.issues[0].message).toContain('2 or 3 styles');
    expect(parse('4').error?.issues[0].message).toContain('2 or 3 styles');
    expect(parse('question').error?.issues[0].message).toBe('subject_variants needs 2 or 3 styles: one per variant');
    expect(parse('question,question').error?.issues[0].message).toBe('subject_variants must not repeat a style');
    expect(parse('question,shouty').error?.issues[0].message).toContain('subject styles are finding, question, name');
  });
});
