// Whether one subject line did better than another: a two-proportion z-test (pooled, two-sided)
// on the arms' rates, only once every arm has the minimum sample. With three arms the leader is
// tested against the runner-up at a Bonferroni-corrected level (alpha / comparisons), so a third
// arm does not make a chance difference look significant more often.
import type { AbTestResults, Significance, SubjectStyle, VariantKey, VariantResult } from '../model/ab-test.ts';
import { VARIANT_KEYS } from '../model/subject-styles.ts';

export interface AbTestConfig {
  /** Below this many sent emails in any arm the answer is "not enough data yet". */
  minSentPerVariant: number;
  /** Two-sided significance level before the correction for several arms. */
  alpha: number;
}

/** The shipped defaults (config/default.json ab_tests), for callers built without config. */
export const DEFAULT_AB_TEST: AbTestConfig = { minSentPerVariant: 100, alpha: 0.05 };

/** Raw counts of one arm, as the database gives them. */
export interface ArmCounts {
  variant: VariantKey;
  sent: number;
  opened: number;
  replied: number;
  machineOpens: number;
}

export interface ZTest {
  z: number;
  pValue: number;
}

/** Standard normal CDF from the complementary error function (Numerical Recipes' erfc fit, |error| < 1.2e-7 everywhere). */
export function normalCdf(x: number): number {
  const z = Math.abs(x) / Math.SQRT2;
  const t = 1 / (1 + 0.5 * z);
  const erfc =
    t *
    Math.exp(
      -z * z -
        1.26551223 +
        t * (1.00002368 + t * (0.37409196 + t * (0.09678418 + t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return x >= 0 ? 1 - erfc / 2 : erfc / 2;
}

/** Pooled two-proportion z-test of x1/n1 against x2/n2; undefined when it cannot be computed (an empty arm, or no variance at all). */
export function twoProportionZTest(x1: number, n1: number, x2: number, n2: number): ZTest | undefined {
  if (n1 <= 0 || n2 <= 0) return undefined;
  const pooled = (x1 + x2) / (n1 + n2);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2));
  if (se === 0) return undefined;
  const z = (x1 / n1 - x2 / n2) / se;
  return { z, pValue: 2 * (1 - normalCdf(Math.abs(z))) };
}

const percent = (x: number, n: number) => `${((x / n) * 100).toFixed(1)}%`;
const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;
const formatP = (p: number) => (p < 0.001 ? 'p < 0.001' : `p = ${p.toFixed(3)}`);

/** The verdict for one measure (opens or replies) across the arms. */
export function significance(arms: Array<{ variant: VariantKey; sent: number; hits: number }>, config: AbTestConfig): Significance {
  const short = arms.filter((a) => a.sent < config.minSentPerVariant);
  if (arms.length < 2 || short.length) {
    const fewest = arms.length ? Math.min(...arms.map((a) => a.sent)) : 0;
    return { enough_data: false, significant: false, winner: null, z: null, p_value: null, label: `not enough data yet (${fewest} of ${config.minSentPerVariant} sent per variant)` };
  }
  const ranked = [...arms].sort((a, b) => b.hits / b.sent - a.hits / a.sent || VARIANT_KEYS.indexOf(a.variant) - VARIANT_KEYS.indexOf(b.variant));
  const [leader, runnerUp] = ranked;
  const test = twoProportionZTest(leader.hits, leader.sent, runnerUp.hits, runnerUp.sent);
  const level = config.alpha / (arms.length - 1);
  if (!test) return { enough_data: true, significant: false, winner: null, z: null, p_value: null, label: 'no difference: every variant has the same rate' };
  const significant = test.pValue < level;
  const rates = `${leader.variant} ${percent(leader.hits, leader.sent)} vs ${runnerUp.variant} ${percent(runnerUp.hits, runnerUp.sent)}`;
  return {
    enough_data: true,
    significant,
    winner: significant ? leader.variant : null,
    z: round(test.z, 3),
    p_value: round(test.pValue, 4),
    label: significant ? `${leader.variant} wins: ${rates}, significant (${formatP(test.pValue)})` : `no significant difference yet: ${rates} (${formatP(test.pValue)})`,
  };
}

/** The per-arm figures and both verdicts for a campaign's subject test; every configured arm is listed, sent or not. */
export function abTestResults(styles: SubjectStyle[], counts: ArmCounts[], config: AbTestConfig): AbTestResults {
  const variants: VariantResult[] = styles.map((style, i) => {
    const variant = VARIANT_KEYS[i];
    const c = counts.find((x) => x.variant === variant) ?? { sent: 0, opened: 0, replied: 0, machineOpens: 0 };
    return {
      variant,
      style,
      sent: c.sent,
      opened: c.opened,
      replied: c.replied,
      machine_opens: c.machineOpens,
      open_rate: c.sent ? round(c.opened / c.sent, 4) : null,
      reply_rate: c.sent ? round(c.replied / c.sent, 4) : null,
    };
  });
  return {
    subject_styles: styles,
    min_sent_per_variant: config.minSentPerVariant,
    variants,
    opens: significance(variants.map((v) => ({ variant: v.variant, sent: v.sent, hits: v.opened })), config),
    replies: significance(variants.map((v) => ({ variant: v.variant, sent: v.sent, hits: v.replied })), config),
  };
}
