// The real-web corpus: small-business pages written by others (tests/fixtures/realweb-shared,
// copied from the team's shared corpus, and the pages this repository adds in
// tests/fixtures/realweb), with the labels we made by hand. Nothing is read outside the repository.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CrawledPage, CrawlResult } from '../../src/core/model/crawl.ts';

export interface PageLabel {
  url: string;
  company_name: string | null;
  /** Other names the labeller judged equally right. */
  company_name_alternatives?: string[];
  website_language: string | null;
  country: string | null;
  cms_platform: string | null;
  has_ecommerce: boolean | null;
  ecommerce_platform: string | null;
  has_online_booking: boolean | null;
  booking_platform: string | null;
  analytics: string[] | null;
  live_chat: string | null;
  has_contact_form: boolean | null;
  is_mobile_responsive: boolean | null;
  emails: string[] | null;
  phones: string[] | null;
  address: string | null;
  notes: string[];
}

export interface RealPage {
  id: string;
  file: string;
  label: PageLabel;
}

const SHARED = join(import.meta.dirname, '../fixtures/realweb-shared');
const OWN = join(import.meta.dirname, '../fixtures/realweb');

function corpus(pagesDir: string, labelsFile: string): RealPage[] {
  const labels = JSON.parse(readFileSync(labelsFile, 'utf8')).pages as Record<string, PageLabel>;
  return readdirSync(pagesDir)
    .filter((f) => f.endsWith('.html') && labels[f.slice(0, -5)])
    .sort()
    .map((f) => ({ id: f.slice(0, -5), file: join(pagesDir, f), label: labels[f.slice(0, -5)] }));
}

/** Every labelled real page. */
export function realPages(): RealPage[] {
  return [...corpus(join(SHARED, 'pages'), join(SHARED, 'labels.json')), ...corpus(join(OWN, 'pages'), join(OWN, 'labels.json'))];
}

/** The pages of one of this repository's labelled batches (realweb/names, drafts, drafts2; drafts3 to drafts7 held out). */
export function realBatch(folder: string): RealPage[] {
  return corpus(join(OWN, folder, 'pages'), join(OWN, folder, 'labels.json'));
}

/** Every labelled real page, the batches included. */
export function everyRealPage(): RealPage[] {
  return [...realPages(), ...['names', 'drafts', 'drafts2', 'drafts3', 'drafts4', 'drafts5', 'drafts6', 'drafts7'].flatMap(realBatch)];
}

/** A crawl of one saved page, as the crawler would hand it over. */
export function crawlOfPage(page: RealPage): CrawlResult {
  const url = page.label.url;
  const home: CrawledPage = { url, finalUrl: url, status: 200, headers: { 'content-type': 'text/html' }, html: readFileSync(page.file, 'utf8'), kind: 'home' };
  return { startUrl: url, home, pages: [home], log: [{ url, status: 200, ms: 120, fetched_at: new Date(0).toISOString() }] };
}
