// Throwaway-mail domains, from the mailchecker package (MIT, tens of thousands of domains,
// kept up to date upstream). Loaded on first use: the list is large and most commands never need it.
let domains: Promise<Set<string>> | undefined;

/** True for a listed domain or any subdomain of one (x.mailinator.com). */
export async function isDisposableDomain(domain: string): Promise<boolean> {
  domains ??= import('mailchecker').then((m) => (m.default ?? m).blacklist() as Set<string>);
  const list = await domains;
  const labels = domain.toLowerCase().split('.');
  return labels.slice(0, -1).some((_, i) => list.has(labels.slice(i).join('.')));
}
