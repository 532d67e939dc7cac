// Preview pitch over the API: POST /api/leads/{id}/pitch-preview answers the first email the
// draft stage would write to a stored lead now (its stored findings, its decided name, its
// language, its latest audit), each cited finding with the sentence that says it and its
// evidence, the quality and its parts; or why it would not be written. Nothing is stored.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkClaims } from '../../src/core/drafts/claims.ts';
import { pitchPlan } from '../../src/core/drafts/pitch.ts';
import type { Finding } from '../../src/core/model/analysis.ts';
import type { MeasuredAudit } from '../../src/core/model/audit.ts';
import { emails } from '../../src/db/schema/emails.ts';
import { leadAnalyses, leads } from '../../src/db/schema/leads.ts';
import { ADMIN, startHarness, type Harness } from './support/harness.ts';

const MEASURED_AT = '2026-11-20T10:30:00.000Z';

function slowAudit(url: string): MeasuredAudit {
  return {
    measured: true, source: 'lighthouse', url, final_url: url, performance: 34, accessibility: 90, best_practices: 78, seo: 85,
    lcp_ms: 6240, fcp_ms: 2900, cls: 0.03, tbt_ms: 420, speed_index_ms: null, total_bytes: 2_100_000, image_savings_bytes: null,
    render_blocking: null, is_https: true, mixed_content: [], title: 'pass', meta_description: 'pass', tap_targets: null, font_size: 'pass',
    screenshots: {}, lighthouse_version: '12.2.3', device: 'mobile', throttling: 'mobile, simulated slow 4G, one lab run', runs: 1,
    measured_at: MEASURED_AT, duration_ms: 14_000, warnings: [],
  };
}

const noSsl = (url: string): Finding => ({ id: 'no_ssl', claim: 'The site does not use https', evidence: 'the home page answered over plain http (no redirect to https)', url, confidence: 0.95, value: null });
const proof = (url: string, detail: string) => ({ url, detail, confidence: 0.9 });

let h: Harness;
let user: string;
const ids: Record<string, number> = {};

async function addLead(key: string, fields: Partial<typeof leads.$inferInsert>, findings: Finding[], evidence: Record<string, unknown>) {
  const [row] = await h.ctx.db.insert(leads).values({ url: `http://${key}.example/`, hostname: `${key}.example`, ...fields }).returning({ id: leads.id });
  ids[key] = row.id;
  if (fields.analyzedAt) await h.ctx.db.insert(leadAnalyses).values({ leadId: row.id, findings, evidence: evidence as never });
}

beforeAll(async () => {
  h = await startHarness();
  const admin = await h.login(ADMIN.username, ADMIN.password);
  await h.createUser(admin, { username: 'olivia', email: 'olivia@example.com', password: 'olivia-pass-1', role: 'user' });
  user = await h.login('olivia', 'olivia-pass-1');
  const analysed = new Date('2026-11-20T10:00:00Z');
  const plumber = 'http://kowalski-plumbing.example/';
  await addLead(
    'kowalski-plumbing',
    { companyName: 'Kowalski Plumbing', industry: 'Plumbing', city: 'Dayton', websiteLanguage: 'en', country: 'US', contactEmail: 'office@kowalski-plumbing.example', analyzedAt: analysed, status: 'ANALYZED' },
    [noSsl(plumber)],
    { business_name: proof(plumber, 'schema.org name "Kowalski Plumbing"') },
  );
  await h.ctx.audits.save(ids['kowalski-plumbing'], slowAudit(plumber));
  const agency = 'http://brightline.example/';
  await addLead(
    'brightline',
    { companyName: 'Brightline Studio', industry: 'Web design agency', businessSummary: 'Brightline Studio is a web design agency in Leeds.', websiteLanguage: 'en', country: 'GB', analyzedAt: analysed, status: 'ANALYZED' },
    [noSsl(agency)],
    { business_name: proof(agency, 'og:site_name "Brightline Studio"') },
  );
  // A name the analysis took from nowhere on the site (no evidence) is not used: the email does without.
  await addLead('hostname-only', { companyName: 'Hostname Only', industry: 'Plumbing', websiteLanguage: 'ja', analyzedAt: analysed, status: 'ANALYZED' }, [noSsl('http://hostname-only.example/')], {});
  await addLead('not-yet', { status: 'NEW' }, [], {});
}, 60_000);
afterAll(() => h?.close());

const preview = (id: number, token = user) => h.call('POST', `/api/leads/${id}/pitch-preview`, { token });

describe('POST /api/leads/{id}/pitch-preview', () => {
  it("writes the lead's email as the draft stage would, from its findings and its audit, each cited finding with its sentence and evidence", async () => {
    const res = await preview(ids['kowalski-plumbing']);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const p = res.body;
    expect(p).toMatchObject({ url: 'http://kowalski-plumbing.example/', company_name: 'Kowalski Plumbing', written: true, held: false, hold_reason: null, language: 'en-US', writer: 'heuristic', greeting_name: null });
    expect(p.audit).toEqual({ measured: true, reason: null });
    expect(typeof p.subject).toBe('string');
    expect(p.body).toContain('Kowalski Plumbing');
    expect(p.body).not.toMatch(/\/r\//); // no report page in a preview
    // The measured LCP leads (slow_mobile, from the stored audit), then the crawl's https finding.
    const cited = p.cited.map((c: { finding: string }) => c.finding);
    expect(cited).toEqual(expect.arrayContaining(['slow_mobile', 'no_ssl']));
    for (const c of p.cited) {
      expect(`${p.subject}\n${p.body}`).toContain(c.sentence);
      expect(c.evidence).not.toBe('');
    }
    const slow = p.cited.find((c: { finding: string }) => c.finding === 'slow_mobile');
    expect(slow.sentence).toMatch(/6\.2/);
    expect(slow.evidence).toMatch(/LCP 6\.2 s/);
    // The body passes the claim checker over what the pitch may state.
    const findings = pitchPlan({ findings: [noSsl('http://kowalski-plumbing.example/')], industry: 'Plumbing' }, slowAudit('http://kowalski-plumbing.example/')).findings;
    expect(checkClaims({ subject: p.subject, body: p.body }, findings, { companyName: 'Kowalski Plumbing', url: p.url }).problems).toEqual([]);
    expect(p.quality).toBeGreaterThan(0);
    expect(p.quality).toBeLessThanOrEqual(1);
    expect(p.quality_parts.map((q: { name: string }) => q.name)).toContain('claims_verified');
    for (const q of p.quality_parts) expect(Object.keys(q).sort()).toEqual(['name', 'note', 'passed', 'weight']);
    // Nothing stored: no email row, the lead as it was.
    expect(await h.ctx.db.select().from(emails).where(eq(emails.leadId, ids['kowalski-plumbing']))).toEqual([]);
    expect((await h.call('GET', `/api/leads/${ids['kowalski-plumbing']}`, { token: user })).body.status).toBe('ANALYZED');
  });

  it('says why a lead would not be written to: an agency, a language the writer cannot write, a site not analysed yet', async () => {
    const agency = (await preview(ids.brightline)).body;
    expect(agency).toMatchObject({ written: false, held: true, subject: null, body: null, cited: [], quality: null, quality_parts: [] });
    expect(agency.hold_reason).toMatch(/^the site is itself a web or marketing agency/);

    const japanese = (await preview(ids['hostname-only'])).body;
    expect(japanese).toMatchObject({ written: false, held: true, company_name: null, language: 'ja', hold_reason: 'the site is in Japanese; the offline writer cannot write Japanese: configure the AI writer or write it yourself' });
    expect(japanese.audit).toEqual({ measured: false, reason: "the lead's site has not been audited" });

    const fresh = (await preview(ids['not-yet'])).body;
    expect(fresh).toMatchObject({ written: false, held: true });
    expect(fresh.hold_reason).toMatch(/^the site has not been analysed yet/);
  });

  it('answers 404 for a lead that does not exist and 401 without a session', async () => {
    const missing = await preview(999_999);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ detail: 'Lead not found' });
    expect((await h.call('POST', `/api/leads/${ids['kowalski-plumbing']}/pitch-preview`)).status).toBe(401);
    const bad = await h.call('POST', '/api/leads/abc/pitch-preview', { token: user });
    expect(bad.status).toBe(422);
    expect(typeof bad.body.detail).toBe('string');
  });
});
