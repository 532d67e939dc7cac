// The sandbox web: a deterministic generator of small-business websites, served on loopback
// and searched by the sandbox search provider. See DESIGN.md, "The sandbox web".
export { INDUSTRIES, industryByKey, type Industry } from './catalog/industries.ts';
export { CITIES, cityByName, type City } from './catalog/places.ts';
export { generateSites, type GenerateOptions } from './generate.ts';
export { generatedMatches, generatedSite } from './generated/sites.ts';
export { matchSites } from './query.ts';
export { CRAWLED_PATHS, CRAWLER_USER_AGENT, isAllowed, isReachable } from './placement.ts';
export { SANDBOX_LABEL } from './render/pages.ts';

export { startSandbox, type Sandbox, type SandboxOptions } from './server.ts';
export type { SandboxSite } from './site.ts';
export { groundTruth, type SiteTruth } from './truth.ts';
export { baseUrlOf, hostnameOf, isSandboxHostname, slugFromHost, urlOf, type SandboxPorts } from './urls.ts';
