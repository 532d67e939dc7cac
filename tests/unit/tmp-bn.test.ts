import { it } from 'vitest';
import { businessName } from '../../src/core/pipeline/analyze/business-name.ts';
import { parse } from '../../src/core/pipeline/analyze/dom.ts';
import { crawlOfPage, everyRealPage } from '../support/realweb.ts';
it('bn', () => {
  const ids = (process.env.IDS ?? '').split(',');
  for (const page of everyRealPage().filter((p) => ids.includes(p.id))) {
    const home = parse(crawlOfPage(page).home!);
    const f = businessName(home, [home]);
    console.log(page.id, JSON.stringify(f?.name), f?.confidence, JSON.stringify(f?.evidence), '| title:', home.$('title').text());
  }
});
