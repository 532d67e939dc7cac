// A draft's quality score (0-1) from properties anyone can check, with its parts kept
// so the lead's history can say why a draft scored what it did.
export interface QualityInput {
  subject: string;
  body: string;
  findings: string[];
  companyName: string;
  contactName?: string | null;
}

export interface QualityPart {
  name: string;
  weight: number;
  passed: boolean;
  note: string;
}

const SPAM_WORDS = ['free', 'guarantee', 'act now', 'limited time', 'risk-free', 'winner', '100%', '$$$', '!!!', 'click here', 'urgent'];
const PLACEHOLDER = /\[[^\]]{1,40}\]|\{\{[^}]*\}\}|\{[a-z_]+\}|<name>|lorem\s+ipsum/i;

const words = (text: string) => text.split(/\s+/).filter(Boolean).length;
const significant = (finding: string) =>
  finding
    .toLowerCase()
    .replace(/[^a-z0-9 ]/g, ' ')
    .split(' ')
    .filter((w) => w.length > 4 && !['without', 'images', 'served'].includes(w));

export function scoreDraft(input: QualityInput): { score: number; parts: QualityPart[] } {
  const body = input.body.toLowerCase();
  const text = `${input.subject}\n${input.body}`.toLowerCase();
  const cited = input.findings.find((f) => significant(f).some((w) => body.includes(w)));
  const count = words(input.body);
  const spam = SPAM_WORDS.filter((w) => text.includes(w));
  const personal = [input.companyName, input.contactName?.split(' ')[0]].filter((v): v is string => Boolean(v && v.length > 1));
  const parts: QualityPart[] = [
    { name: 'mentions_real_finding', weight: 0.3, passed: Boolean(cited), note: cited ? `cites "${cited}"` : 'cites none of the site\'s findings' },
    { name: 'length', weight: 0.2, passed: count >= 50 && count <= 250, note: `${count} words (50-250 wanted)` },
    { name: 'no_placeholders', weight: 0.2, passed: !PLACEHOLDER.test(text), note: PLACEHOLDER.test(text) ? 'a placeholder is left in the text' : 'no placeholders' },
    { name: 'personalised', weight: 0.2, passed: personal.some((p) => text.includes(p.toLowerCase())), note: personal.length ? `names ${personal.join(' / ')}` : 'no name to personalise with' },
    { name: 'no_spam_triggers', weight: 0.1, passed: spam.length === 0, note: spam.length ? `spam-trigger words: ${spam.join(', ')}` : 'no spam-trigger words' },
  ];
  const score = parts.reduce((sum, p) => sum + (p.passed ? p.weight : 0), 0);
  return { score: Math.round(score * 100) / 100, parts };
}
