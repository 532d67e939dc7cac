// Whether this host can run the local site audit: Chromium where CHROME_PATH (or the config's
// audit.chrome_path) says, present and executable. Checked without starting it, for Settings.
import { chromiumProblem, DEFAULT_CHROME_PATH } from './chromium.ts';

export interface ChromiumStatus {
  available: boolean;
  /** The path checked. */
  path: string;
  /** How to install it when it is missing ("Chromium is not installed: apt-get install chromium"); null when it is there. */
  hint: string | null;
}

/** The Chromium the Lighthouse auditor would start: CHROME_PATH first, then the configured path, then Debian's. */
export function chromePathOf(env: { CHROME_PATH?: string }, configured: string | undefined): string {
  return env.CHROME_PATH || configured || DEFAULT_CHROME_PATH;
}

export async function chromiumStatus(path: string): Promise<ChromiumStatus> {
  const problem = await chromiumProblem(path);
  return { available: problem === null, path, hint: problem };
}
