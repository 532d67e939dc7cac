// Contact links that cannot do what they show: an email link to an address with two @ signs, a
// phone link that dials "+49XYZ" or another number than the one it shows. Said only from the link
// itself, quoted as written, on sandbox-style pages and on the real pages that have one.
import { describe, expect, it } from 'vitest';
import { checkClaims } from '../../src/core/drafts/claims.ts';
import { pitchFindings } from '../../src/core/drafts/pitch.ts';
import { EMAIL_LOCALES, type Finding } from '../../src/core/model/analysis.ts';
import type { CrawlResult } from '../../src/core/model/crawl.ts';
import { badEmailLinkFinding, badPhoneLinkFinding, shownNumber, undeliverable } from '../../src/core/pipeline/analyze/contact-links.ts';
import { parse } from '../../src/core/pipeline/analyze/dom.ts';
import { extractFacts } from '../../src/core/pipeline/analyze/site-facts.ts';
import { HeuristicAi } from '../../src/providers/ai/heuristic.ts';
import { crawlOfPage, everyRealPage } from '../support/realweb.ts';

const NOW = new Date('2026-11-27T12:00:00Z');
const URL_ = 'http://smith.example/';

function crawlOf(body: string): CrawlResult {
  const html = `<!doctype html><html lang="en"><head><title>Smith Dental</title><meta name="viewport" content="width=device-width"></head><body><h1>Smith Dental</h1><p>Family dentistry in Austin since 1990, for patients of every age.</p>${body}</body></html>`;
  const home = { url: URL_, finalUrl: URL_, status: 200, headers: { 'content-type': 'text/html' }, html, kind: 'home' as const };
  return { startUrl: URL_, home, pages: [home], log: [{ url: URL_, status: 200, ms: 120, fetched_at: NOW.toISOString() }] };
}
const pagesOf = (body: string) => [parse(crawlOf(body).home!)];

describe('an email link no mail can be delivered to', () => {
  it('is found by the address alone: two @ signs, a space inside, no domain', () => {
    expect(undeliverable('amandapetal@petal1@btinternet.com')).toBe('"amandapetal@petal1@btinternet.com" has 2 @ signs');
    expect(undeliverable('info@smith dental.com')).toBe('"info@smith dental.com" has a space in it');
    expect(undeliverable('info@smithdental')).toBe('"info@smithdental" has no domain after its @');
    // A working address, one with a display name or a subject, and a share link that names no one.
    for (const ok of ['info@smith-dental.com', 'Smith Dental <info@smith-dental.com>', 'info@smith-dental.com?subject=Appointment', '?subject=Look at this', 'a@smith.com,b@smith.com']) {
      expect(undeliverable(ok), ok).toBeUndefined();
    }
  });

  it('quotes the address as linked, and leaves hidden links alone', () => {
    const body = '<ul><li><a href="mailto:amandapetal@petal1@btinternet.com"><i class="fa fa-inbox"></i></a></li></ul>';
    expect(badEmailLinkFinding(pagesOf(body), URL_)).toMatchObject({
      id: 'bad_email_link',
      quote: 'amandapetal@petal1@btinternet.com',
      evidence: `the link "mailto:amandapetal@petal1@btinternet.com" on ${URL_}: "amandapetal@petal1@btinternet.com" has 2 @ signs`,
    });
    expect(badEmailLinkFinding(pagesOf(`<div style="display:none">${body}</div>`), URL_)).toBeUndefined();
    expect(badEmailLinkFinding(pagesOf('<a href="mailto:Smith%20Dental%20%3Cinfo@smith-dental.com%3E">Write to us</a>'), URL_)).toBeUndefined();
  });
});

describe('a phone link that dials what it does not show', () => {
  it('reads the number a link shows after its label', () => {
    expect(shownNumber('Tel.: 09123 456789')).toBe('09123 456789');
    expect(shownNumber('Tel. 721 401 012')).toBe('721 401 012');
    expect(shownNumber('(818) 433–7805')).toBe('(818) 433–7805');
    expect(shownNumber('Call us today')).toBeUndefined();
    expect(shownNumber('1-800-FLOWERS')).toBeUndefined();
  });

  it('is found when it dials no number, or another number than it shows', () => {
    // A template's placeholder left in the link.
    expect(badPhoneLinkFinding(pagesOf('<p><a href="tel:+49XYZ">Tel.: 09123 456789</a></p>'), URL_)).toMatchObject({
      id: 'bad_phone_link',
      quote: 'Tel.: 09123 456789',
      quotes: ['+49XYZ'],
    });
    // One partner's number dialling the other's.
    expect(badPhoneLinkFinding(pagesOf('<li><a href="tel:603700224">Tel. <span>721 401 012</span></a></li>'), URL_)).toMatchObject({ quote: 'Tel. 721 401 012', quotes: ['603700224'] });
    // An icon that dials no number is said without a quote of its own.
    const icon = badPhoneLinkFinding(pagesOf('<a href="tel:"><i class="fa fa-phone"></i></a>'), URL_);
    expect(icon).toMatchObject({ id: 'bad_phone_link', quotes: ['tel:'] });
    expect(icon?.quote).toBeUndefined();
  });

  it('says nothing of a link that dials the number it shows, however it is written', () => {
    for (const link of [
      '<a href="tel:+491632695264">Mobil.: 0163 2695264</a>',
      '<a href="tel:8184337805">(818) 433–7805</a>',
      '<a href="tel:+1-800-555-0199">1-800-555-0199</a>',
      '<a href="tel:5125550100">Call us</a>',
      '<a href="tel:+441234567890"><i class="fa fa-phone"></i></a>',
      // Two numbers in one link, parted by a line break (a real property manager's footer): the first is the one it dials.
      '<a href="tel:0516412775"><i class="fas fa-phone"></i><span>051 6412775<br>051 6415709</span></a>',
      '<a href="tel:0516412775">051 6412775 051 6415709</a>',
      // Written backwards and shown right to left by the page's style, a guard against harvesters (a florist's real link).
      '<a href="tel:+33680329632" class="link-phone">23 69 23 08 60</a>',
    ]) {
      expect(badPhoneLinkFinding(pagesOf(link), URL_), link).toBeUndefined();
    }
  });
});

describe('on real pages', () => {
  it('is found on the real pages whose contact links fail, and on no other', () => {
    const found = everyRealPage().flatMap((page) => {
      const ids = extractFacts(crawlOfPage(page), NOW).findings.filter((f) => f.id === 'bad_email_link' || f.id === 'bad_phone_link');
      return ids.map((f) => `${page.id} ${f.id} ${[f.quote, ...(f.quotes ?? [])].join(' | ')}`);
    });
    expect(found).toEqual([
      // A law firm: one partner's number dials the other's.
      '030 bad_phone_link Tel. 721 401 012 | 603700224',
      // A joinery's template number, left in the link.
      '328 bad_phone_link Tel.: 09123 456789 | +49XYZ',
      // A florist's email icon.
      '400 bad_email_link amandapetal@petal1@btinternet.com',
    ]);
  });
});

describe('the email', () => {
  async function everyLanguage(findings: Finding[]) {
    const ai = new HeuristicAi();
    const out = [];
    for (const locale of EMAIL_LOCALES) {
      const brief = { company_name: 'Smith Dental', url: URL_, business_summary: '', findings, locale, sender_name: 'Sam', signature: 'Sam', audience: 'patients' as const };
      const { value: email } = await ai.writeEmail(brief);
      out.push({ locale, email, check: checkClaims(email, findings, { companyName: 'Smith Dental', contactName: null, url: URL_, signature: 'Sam' }) });
    }
    return out;
  }

  it('leads with the phone link in every language, quoting what it shows and what it dials', async () => {
    const facts = extractFacts(crawlOf('<p><a href="tel:+49XYZ">Tel.: 09123 456789</a></p>'), NOW);
    const pitched = pitchFindings(facts.findings, 'Dental');
    expect(pitched[0]?.id).toBe('bad_phone_link');
    for (const { locale, email, check } of await everyLanguage(pitched)) {
      expect(email.body, locale).toContain('Tel.: 09123 456789');
      expect(email.body, locale).toContain('+49XYZ');
      expect(check.problems, `${locale}: ${email.body}`).toEqual([]);
      expect(check.stated, locale).toContain('bad_phone_link');
    }
  });

  it('leads with the email link in every language, quoting the address', async () => {
    const facts = extractFacts(crawlOf('<a href="mailto:info@smith@dental.com">info@smith@dental.com</a>'), NOW);
    const pitched = pitchFindings(facts.findings, 'Dental');
    expect(pitched[0]?.id).toBe('bad_email_link');
    for (const { locale, email, check } of await everyLanguage(pitched)) {
      expect(email.body, locale).toContain('info@smith@dental.com');
      expect(check.problems, `${locale}: ${email.body}`).toEqual([]);
      expect(check.stated, locale).toContain('bad_email_link');
    }
  });

  it('is an unsupported claim when the analysis found no such link', () => {
    const check = checkClaims({ subject: 'Smith Dental', body: 'Hello,\n\nThe phone link on your website dials the wrong number.\n\nSam' }, [], { companyName: 'Smith Dental', url: URL_, signature: 'Sam' });
    expect(check.problems.map((p) => p.kind)).toEqual(['unsupported_claim']);
  });
});
