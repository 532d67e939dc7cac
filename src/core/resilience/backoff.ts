// Exponential backoff with jitter: the n-th retry waits about initial * base^(n-1)
// seconds, capped at max, with the upper half randomised so that many clients
// retrying at once do not stay in lock-step. A Retry-After from the service wins
// when it asks for longer (still capped).
export interface BackoffSettings {
  initialSeconds: number;
  maxSeconds: number;
  base: number;
}

export function backoffMs(retry: number, s: BackoffSettings, random: () => number, retryAfterSeconds?: number): number {
  const exponential = Math.min(s.maxSeconds, s.initialSeconds * s.base ** (retry - 1));
  const jittered = exponential / 2 + random() * (exponential / 2);
  const wanted = retryAfterSeconds !== undefined ? Math.max(jittered, retryAfterSeconds) : jittered;
  return Math.round(Math.min(wanted, s.maxSeconds) * 1000);
}
