// Records every Content-Security-Policy violation in any page the e2e browser opens, so each
// test file can fail on them (tests/e2e/support/csp-guard.ts, a vitest setup file).
// Two sources, because either alone can miss one: Chromium's own console message
// ("Refused to ... because it violates the following Content Security Policy directive")
// and the page's `securitypolicyviolation` event, reported through a binding.
import type { BrowserContext, ConsoleMessage } from 'playwright-core';

const violations: string[] = [];
const watched = new WeakSet<BrowserContext>();

/** Violations recorded since the last call; the list is emptied. */
export function takeCspViolations(): string[] {
  return violations.splice(0);
}

export async function watchCsp(context: BrowserContext): Promise<BrowserContext> {
  if (watched.has(context)) return context;
  watched.add(context);
  context.on('console', (message: ConsoleMessage) => {
    if (/Content[ -]Security[ -]Policy/i.test(message.text())) violations.push(`${message.page()?.url() ?? '?'}: ${message.text()}`);
  });
  await context.exposeBinding('__outreachCspViolation', ({ page }, text: string) => {
    violations.push(`${page?.url() ?? '?'}: securitypolicyviolation ${text}`);
  });
  await context.addInitScript(() => {
    document.addEventListener(
      'securitypolicyviolation',
      (e) => {
        const report = (window as unknown as { __outreachCspViolation?: (text: string) => void }).__outreachCspViolation;
        report?.(`${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile || e.documentURI}:${e.lineNumber}) sample=${JSON.stringify(e.sample)}`);
      },
      true,
    );
  });
  return context;
}
