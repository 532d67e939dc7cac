// The claim checker: a draft may state only the findings of its lead's analysis, and print only
// the numbers the analyser measured; failing sentences can be taken out, or the draft is held.
import { describe, expect, it } from 'vitest';
import { checkClaims, withoutUnsupported } from '../../src/core/drafts/claims.ts';
import type { Finding } from '../../src/core/model/analysis.ts';

const finding = (id: Finding['id'], claim: string, value: number | null = null): Finding => ({ id, claim, evidence: 'checked', url: 'https://novakdental.com/', confidence: 1, value });

const READ: Finding['pages'] = [
  { path: '/', kind: 'home' },
  { path: '/contact', kind: 'contact' },
];
const findings = [
  finding('no_viewport', 'Not mobile responsive (no viewport meta tag)'),
  finding('images_missing_alt', '7 images without alt text', 7),
  { ...finding('no_contact_form', 'No contact form'), pages: READ },
];
const ctx = { companyName: 'Novak Dental Co.', contactName: 'Ana Novak', url: 'https://novakdental.com/', signature: 'Best regards,\nSam Rivera\nRivera Web Studio, Suite 21' };

const email = (body: string, subject = 'A quick idea for the Novak Dental website') => ({ subject, body: `${body}\n\n${ctx.signature}`, cited_findings: [] });

describe('checkClaims', () => {
  it('accepts sentences that state the findings, with their measured numbers', () => {
    const check = checkClaims(
      email('Hi Ana,\n\nOn a phone, the Novak Dental Co. site has to be pinched and zoomed. 7 images on the home page have no alt text for screen readers. There is no contact form for patients who would rather write.\n\nWould a short call help?'),
      findings,
      ctx,
    );
    expect(check.problems).toEqual([]);
    expect(check.ok).toBe(true);
    expect(check.stated.sort()).toEqual(['images_missing_alt', 'no_contact_form', 'no_viewport']);
  });

  it('catches a claim with no finding behind it, in any of the four languages', () => {
    for (const body of [
      'You have no analytics, so you cannot see who visits.',
      'Su sitio no tiene analítica web.',
      "Votre site n'a pas de statistiques de visite.",
      'Ihre Website hat keine Besucherstatistik.',
      'Your site is not secure (no SSL).',
      'Customers cannot book an appointment online.',
    ]) {
      const check = checkClaims(email(`Hi Ana,\n\n${body}`), findings, ctx);
      expect(check.ok, body).toBe(false);
      expect(check.problems[0]).toMatchObject({ kind: 'unsupported_claim', sentence: body });
    }
  });

  it('catches a number that is not the measured value (the accessibility score read from an image count)', () => {
    const check = checkClaims(email('Hi Ana,\n\nAn automated check found 2 images without alt text.'), findings, ctx);
    expect(check.ok).toBe(false);
    expect(check.problems).toEqual([expect.objectContaining({ kind: 'unmeasured_number' })]);
    expect(checkClaims(email('Hi Ana,\n\nI can walk you through it in 15 minutes.'), findings, ctx).problems[0].kind).toBe('unmeasured_number');
  });

  it('does not read names, the address or the signature as claims', () => {
    const check = checkClaims(email('Hi Ana,\n\nI looked at novakdental.com for Novak Dental Co. and wanted to say hello.', 'Hello from a neighbour'), findings, ctx);
    expect(check.ok).toBe(true);
  });

  it("refuses words quoted as the page's that no finding read on it; the finding's own quote, the name and the browser's warning may be quoted", () => {
    const noSsl = { ...finding('no_ssl', 'No HTTPS'), quote: 'Book Now' };
    const said = (sentence: string, quoted: Finding[] = [noSsl]) => checkClaims(email(`Hi Ana,\n\n${sentence}`), quoted, ctx);
    expect(said('Your site has no secure connection, so browsers mark it "Not secure" next to your address, where your patients click "Book Now".').ok).toBe(true);
    expect(said('Your site has no secure connection, so browsers mark it „Niezabezpieczona” next to your address.').ok).toBe(true);
    expect(said('I had a look at the "Novak Dental Co." website.').ok).toBe(true);
    // Page 127's "Cart" went nowhere, so the finding no longer quotes it: the rated text that did is no longer backed.
    const cart = said('Your site has no secure connection, so browsers mark it "Not secure" next to your address, where your customers click "Cart".', [finding('no_ssl', 'No HTTPS')]);
    expect(cart.ok).toBe(false);
    expect(cart.problems[0].reason).toBe('quotes "Cart" as the page\'s words, but no finding read them on the page');
  });

  it('refuses a citation of a finding the analysis does not have (a model that invents)', () => {
    const check = checkClaims({ ...email('Hi Ana,\n\nThe site works well on phones.'), cited_findings: ['no_analytics'] }, findings, ctx);
    expect(check.problems.map((p) => p.kind)).toContain('unknown_citation');
    expect(withoutUnsupported(email('x'), check, ctx)).toBeUndefined();
  });

  it('refuses a claim about the whole site when the crawl did not read the pages that would show the opposite', () => {
    const body = 'Hi Ana,\n\nThere is no contact form for patients who would rather write.';
    const homeOnly = [findings[0], findings[1], { ...findings[2], pages: [{ path: '/', kind: 'home' as const }] }];
    const check = checkClaims(email(body), homeOnly, ctx);
    expect(check.ok).toBe(false);
    expect(check.problems[0].reason).toBe('talks about a contact form, but the crawl did not read its contact page, so it cannot say the whole site has none');
    // An analysis that did not keep its pages cannot carry the claim either; one that read the contact page can.
    expect(checkClaims(email(body), [{ ...findings[2], pages: undefined }], ctx).ok).toBe(false);
    expect(checkClaims(email(body), findings, ctx).ok).toBe(true);
    // Booking needs the home page and the contact or services page; a citation is held to the same rule.
    const booking = { ...finding('no_booking', 'No online booking'), pages: [{ path: '/', kind: 'home' as const }, { path: '/about', kind: 'about' as const }] };
    const cited = checkClaims({ ...email('Hi Ana,\n\nPatients cannot book an appointment online.'), cited_findings: ['no_booking'] }, [booking], ctx);
    expect(cited.problems.map((p) => p.kind).sort()).toEqual(['unknown_citation', 'unsupported_claim']);
    expect(checkClaims(email('Hi Ana,\n\nPatients cannot book an appointment online.'), [{ ...booking, pages: READ }], ctx).ok).toBe(true);
  });

  it('takes out the failing sentences and keeps the rest; a failing subject cannot be fixed that way', () => {
    const draft = email('Hi Ana,\n\nThere is no contact form for patients. Your site has no analytics either. I build websites for dentists.\n\nWould a short call help?');
    const check = checkClaims(draft, findings, ctx);
    const fixed = withoutUnsupported(draft, check, ctx)!;
    expect(fixed.body).not.toMatch(/analytics/);
    expect(fixed.body).toMatch(/no contact form for patients\. I build websites/);
    expect(checkClaims(fixed, findings, ctx).ok).toBe(true);
    const badSubject = email('Hi Ana,\n\nThere is no contact form.', 'No analytics on your site');
    expect(withoutUnsupported(badSubject, checkClaims(badSubject, findings, ctx), ctx)).toBeUndefined();
  });
});
