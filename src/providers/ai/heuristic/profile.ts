// Assembles the BusinessProfile of the offline analyser. Honest by construction: what the
// facts cannot tell (revenue, size, budget, traffic, staff) is "Unknown" or null, every
// problem it names is one of the analyser's findings (never an unknown fact read as missing),
// and the sales intelligence says it is a rule-based assessment.
import type { BusinessInput, BusinessProfile, SalesIntelligence } from '../../../core/model/analysis.ts';
import { companyName, corpus, detectCategory, detectIndustry, detectPlace, foundedYear, servicesOffered, type Place } from './classify.ts';
import { findGaps, type Category, type Gap } from './findings.ts';
import { computeScores, phoneOf, urgencyLevel, type Scores } from './scores.ts';
import { article, joinList, lowerFirst } from './text.ts';
import { DIY_BUILDERS } from './vocabulary.ts';

const UNKNOWN = 'Unknown';

const GOAL: Record<Category, string> = {
  'Service-Based': 'call or book',
  'Product-Based': 'buy',
  'Informational/Other': 'get in touch',
};

/** What the crawl proved the site does have (facts that are true, never unknown ones). */
function provenBasics(input: BusinessInput): string[] {
  const { facts } = input;
  return [facts.has_ssl === true && 'HTTPS', facts.is_mobile_responsive === true && 'a mobile layout', facts.has_contact_form === true && 'a contact form'].filter(
    (b): b is string => Boolean(b),
  );
}

function summary(input: BusinessInput, name: string, noun: string, place: Place, services: string[], gaps: Gap[]): string {
  const where = place.city ? ` in ${place.city}${place.state_province ? `, ${place.state_province}` : ''}` : '';
  const offering = services.length ? `, offering ${joinList(services.slice(0, 3).map(lowerFirst))}` : '';
  const first = `${name} is ${article(noun)} ${noun}${where}${offering}.`;
  const basics = provenBasics(input);
  const second = gaps.length
    ? `Its website ${joinList(gaps.slice(0, 3).map((g) => g.summary))}.`
    : basics.length
      ? `The crawl found no website problems; the site has ${joinList(basics)}.`
      : 'The crawl found no website problems it could confirm.';
  return `${first} ${second}`;
}

function valueProposition(name: string, category: Category, gaps: Gap[]): string {
  const fixes = [...new Set(gaps.slice(0, 3).map((g) => g.fix))];
  if (!fixes.length) return `Keep ${name}'s website ahead of local competitors with steady, measurable improvements.`;
  return `Fixing ${joinList(fixes)} would help more of the people who already find ${name} online to ${GOAL[category]}.`;
}

function nextSteps(input: BusinessInput, gaps: Gap[]): string[] {
  const { facts } = input;
  const phone = phoneOf(facts);
  const steps = [facts.emails.length ? `Email ${facts.emails[0]} citing the top findings` : phone ? `Call ${phone}: no email address was found` : 'Find a contact: no email or phone was found'];
  if (gaps.length) steps.push(`Offer a short call to walk through the ${gaps.length} issue${gaps.length === 1 ? '' : 's'} found`);
  if (gaps[0]) steps.push(`Prepare a short before/after example for ${gaps[0].label}`);
  steps.push('Follow up once after a week if there is no reply');
  return steps;
}

function objections(input: BusinessInput, quality: number): string[] {
  const list = ['Budget is tight right now', 'Bad timing: too busy to take on a website project'];
  const cms = input.facts.cms_platform;
  if (cms && DIY_BUILDERS.test(cms)) list.push(`Happy to keep editing the ${cms} site themselves`);
  if (quality >= 70) list.push('The current website already works well enough');
  if (input.facts.cms_platform && !DIY_BUILDERS.test(input.facts.cms_platform)) list.push('Already has a web developer or agency');
  return list;
}

function marketPosition(quality: number): string {
  if (quality < 40) return 'Website weaker than typical local competitors';
  if (quality < 70) return 'Website comparable to typical local competitors';
  return 'Website stronger than most local competitors';
}

function salesIntelligence(input: BusinessInput, name: string, category: Category, gaps: Gap[], scores: Scores, founded: number | null): SalesIntelligence {
  const { facts } = input;
  const level = urgencyLevel(gaps, scores.urgency_score);
  const cms = facts.cms_platform;
  const decisionMakers: SalesIntelligence['decision_makers'] = [];
  const contact = facts.contact_name?.trim();
  const phone = phoneOf(facts);
  if (contact && (facts.emails.length || phone)) {
    const byEmail = facts.emails.length > 0;
    decisionMakers.push({
      name: contact.slice(0, 100),
      title: 'Named on the website (role unconfirmed)',
      authority_level: 'decision_maker',
      contact_method: byEmail ? 'email' : 'phone',
      contact_info: byEmail ? facts.emails[0] : phone!,
    });
  }
  const analytics = facts.analytics?.length ? facts.analytics : facts.has_analytics === true ? ['Web analytics'] : [];
  const chat = facts.has_live_chat === true ? (facts.live_chat_platform ?? 'Live chat') : undefined;
  const stack = [cms, facts.ecommerce_platform, facts.booking_platform, ...analytics, chat, facts.has_ssl === true ? 'HTTPS' : undefined];
  const needs = gaps.map((g) => g.integration).filter((n): n is string => Boolean(n));
  if (facts.has_live_chat === false && category !== 'Informational/Other') needs.push('Live chat or messaging (optional)');
  const top = gaps[0];
  return {
    urgency_level: level,
    budget_level: UNKNOWN,
    company_size: UNKNOWN,
    revenue_range: UNKNOWN,
    growth_stage: founded ? `Established (since ${founded})` : UNKNOWN,
    market_position: marketPosition(scores.website_quality_score),
    strategic_initiatives: [...new Set(gaps.map((g) => g.initiative))].slice(0, 5),
    pain_points: gaps.map((g) => ({
      description: g.description,
      impact_level: g.severity,
      revenue_impact: g.revenue,
      competitive_disadvantage: g.disadvantage,
      urgency_indicators: [g.finding.evidence.slice(0, 300) || g.description],
    })),
    urgency_triggers: gaps.filter((g) => g.severity === 'critical' || g.severity === 'high').map((g) => g.description),
    decision_makers: decisionMakers,
    technical_capability: `Rule-based assessment from the crawl (no AI model): ${cms ? `site built on ${cms}` : 'no CMS detected'}, ${gaps.length} website issue${gaps.length === 1 ? '' : 's'} found; the team's own technical skills are unknown.`,
    decision_timeline: level === 'critical' || level === 'high' ? 'Likely short: the main issues affect every visitor today' : 'Likely flexible: no critical issues found',
    current_tech_stack: [...new Set(stack.filter((s): s is string => Boolean(s)))],
    integration_needs: needs,
    value_proposition: valueProposition(name, category, gaps),
    urgency_messaging: top ? `${top.description}: it affects every visitor until it is fixed.` : 'No urgent problems; improvements can be planned calmly.',
    next_steps: nextSteps(input, gaps),
    objections_likely: objections(input, scores.website_quality_score),
  };
}

export function analyse(input: BusinessInput): BusinessProfile {
  const { facts } = input;
  const text = corpus(input);
  const name = companyName(facts, input.pageText);
  const industry = detectIndustry(input, text);
  const category = detectCategory(facts, text, industry);
  const gaps = findGaps(facts, category);
  const scores = computeScores(facts, gaps);
  const place = detectPlace(facts, input.search?.location);
  // The business's own name is not one of its services ("Patel Dental Care" ends in a service noun).
  const services = servicesOffered(input.pageText).filter((service) => service.toLowerCase() !== name.toLowerCase());
  const founded = foundedYear(text);
  const noun = industry.rule?.noun ?? (category === 'Product-Based' ? 'shop' : category === 'Service-Based' ? 'service business' : 'local business');
  return {
    company_name: name,
    business_category: category,
    business_summary: summary(input, name, noun, place, services, gaps),
    industry: industry.industry,
    industry_specific: industry.specific,
    services_offered: services,
    company_size: UNKNOWN,
    revenue_range: UNKNOWN,
    budget_estimate: UNKNOWN,
    employee_count: null,
    founded_year: founded,
    ...place,
    traffic_estimate: UNKNOWN,
    market_opportunity_score: scores.market_opportunity_score,
    urgency_score: scores.urgency_score,
    website_quality_score: scores.website_quality_score,
    lead_score: scores.lead_score,
    sales_intelligence: salesIntelligence(input, name, category, gaps, scores, founded),
  };
}
