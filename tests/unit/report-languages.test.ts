// The report page in Portuguese, Italian, Dutch and Polish: a lead written to in one of them
// opens its page in the same language, its sentences in that language and without numbers.
import { franc } from 'franc-min';
import { describe, expect, it } from 'vitest';
import { conditionsIn, meaningOf, reportLanguage, reportPhrases, type ReportLanguage } from '../../src/core/report/phrases.ts';
import { THRESHOLDS, type MetricId } from '../../src/core/audit/bands.ts';

const LANGUAGES: Array<[ReportLanguage, string]> = [
  ['pt', 'por'],
  ['it', 'ita'],
  ['nl', 'nld'],
  ['pl', 'pol'],
];

describe('the report page in the newer languages', () => {
  it.each(LANGUAGES)('%s: the email’s language is the page’s', (language) => {
    expect(reportLanguage(language)).toBe(language);
    expect(reportLanguage(`${language}-XX`)).toBe(language);
  });

  it.each(LANGUAGES)('%s: the page reads as its language, and what each number means holds no number', (language, iso) => {
    const p = reportPhrases(language);
    const meanings = (Object.keys(THRESHOLDS) as MetricId[]).map((m) => meaningOf(m, 'poor', language));
    for (const s of [...meanings, p.goodMeaning, p.intro, p.checkText]) {
      expect(s, `${language}: ${s}`).toMatch(/^[\p{Lu}].*\.$/u);
      expect(s).not.toMatch(/\d/);
    }
    expect(new Set(meanings).size).toBe(meanings.length);
    expect(franc([p.intro, ...meanings, p.noUnsubscribe].join(' ').replace(/Lighthouse|Google|PageSpeed Insights|Speed Index/g, ''))).toBe(iso);
    for (const key of ['measuredOn', 'preparedBy', 'contact', 'expires', 'notMeasured'] as const) expect(p[key]).toMatch(/\{\w+\}/);
  });

  it('says Lighthouse’s conditions in the page’s words', () => {
    expect(conditionsIn('mobile', 'mobile, simulated slow 4G, one lab run', 'pl')).toBe('na smartfonie (symulowane wolne 4G, jeden pomiar laboratoryjny)');
    expect(conditionsIn('desktop', 'desktop, simulated fast connection, the middle of 3 lab runs', 'nl')).toBe('op een computer (gesimuleerde snelle verbinding, de middelste van 3 labmetingen)');
    expect(conditionsIn('mobile', 'mobile, simulated slow 4G, one lab run', 'pt')).toBe('no smartphone (4G lento simulado, um teste de laboratório)');
  });
});
