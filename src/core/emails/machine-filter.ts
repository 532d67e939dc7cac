// Tells a person's open or click from a machine's. Mail security scanners and privacy
// proxies fetch every pixel and follow every link of an email, often within seconds of
// delivery; counting them as engagement would make every lead look interested.

export type MachineReason = 'head_request' | 'no_user_agent' | 'scanner_user_agent' | 'too_soon_after_send' | 'honeypot';

export interface MachineFilterOptions {
  /** A click this many seconds or less after sending is a scanner following links on delivery. */
  machineClickWindowSeconds: number;
  /** Lower-case substrings of scanner and proxy user agents. */
  scannerUserAgents: readonly string[];
}

export interface HitFacts {
  kind: 'open' | 'click';
  method: string;
  userAgent: string | undefined;
  at: Date;
  sentAt: Date | null;
  /** The hidden link no person can see or click. */
  honeypot?: boolean;
}

/** Why this hit is a machine's, or undefined when it looks like a person. */
export function machineReason(hit: HitFacts, options: MachineFilterOptions): MachineReason | undefined {
  if (hit.kind === 'click' && hit.honeypot) return 'honeypot';
  // A HEAD asks whether the resource exists: link checkers do that, mail clients do not.
  if (hit.method.toUpperCase() === 'HEAD') return 'head_request';
  const agent = hit.userAgent?.trim().toLowerCase() ?? '';
  if (!agent) return 'no_user_agent';
  if (options.scannerUserAgents.some((s) => s && agent.includes(s.toLowerCase()))) return 'scanner_user_agent';
  if (hit.kind === 'click' && hit.sentAt) {
    const seconds = (hit.at.getTime() - hit.sentAt.getTime()) / 1000;
    if (seconds <= options.machineClickWindowSeconds) return 'too_soon_after_send';
  }
  return undefined;
}
