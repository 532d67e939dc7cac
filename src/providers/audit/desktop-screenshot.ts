// The desktop screenshot: after the Lighthouse run, the same Chromium (same pinned address, same
// trusted certificates) loads the page once more in a new tab as a desktop browser would (a
// 1350x940 window, a desktop user agent) and keeps what shows above the fold as a JPEG. Spoken
// to over the Chrome DevTools Protocol on its debugging port (the `ws` client; no browser
// library). Every request the page makes is paused and vetted before Chromium sends it (the
// crawler's address rules, as `vet` applies them): one the guard refuses is failed, and the
// screenshot is not kept. WebSockets cannot be paused; one to a refused address also drops it.
// Anything that goes wrong gives a reason instead of a screenshot, never an exception: the
// screenshot is a nice-to-have beside the measured audit, never a reason to fail it.
import WebSocket from 'ws';
import type { Screenshot } from '../../core/model/audit.ts';

export const DESKTOP_VIEWPORT = { width: 1350, height: 940 } as const;
const JPEG_QUALITY = 70;

export interface DesktopScreenshotOptions {
  /** Chromium's DevTools port (on 127.0.0.1). */
  port: number;
  url: string;
  /** The time it may take, all of it. */
  timeoutMs: number;
  /** Why a URL the page asks for must not be fetched, or null when it may be. */
  vet: (url: URL) => Promise<string | null>;
}

export type DesktopScreenshotResult = { shot: Screenshot } | { problem: string };

type Params = Record<string, any>;

/** A minimal DevTools Protocol session over one target's WebSocket. */
class Cdp {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (v: Params) => void; reject: (e: Error) => void }>();
  private readonly listeners = new Map<string, (params: Params) => void>();

  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (raw) => {
      let message: Params;
      try {
        message = JSON.parse(String(raw)) as Params;
      } catch {
        return;
      }
      if (typeof message.id === 'number') {
        const waiting = this.pending.get(message.id);
        this.pending.delete(message.id);
        if (message.error) waiting?.reject(new Error(`${message.error.message ?? 'DevTools error'}`));
        else waiting?.resolve(message.result ?? {});
      } else if (typeof message.method === 'string') this.listeners.get(message.method)?.(message.params ?? {});
    });
    socket.on('close', () => {
      for (const waiting of this.pending.values()) waiting.reject(new Error('Chromium closed the DevTools connection'));
      this.pending.clear();
    });
  }

  static connect(url: string): Promise<Cdp> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url, { perMessageDeflate: false, maxPayload: 64 * 1024 * 1024 });
      socket.once('open', () => resolve(new Cdp(socket)));
      socket.once('error', (error) => reject(new Error(`could not reach Chromium's DevTools: ${error.message}`)));
    });
  }

  send(method: string, params: Params = {}): Promise<Params> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.socket.send(JSON.stringify({ id, method, params }), (error) => {
        if (error) {
          this.pending.delete(id);
          reject(error);
        }
      });
    });
  }

  on(event: string, listener: (params: Params) => void): void {
    this.listeners.set(event, listener);
  }

  close(): void {
    this.socket.terminate();
  }
}

async function devtoolsJson(port: number, path: string, method: 'GET' | 'PUT' = 'GET'): Promise<Params> {
  const response = await fetch(`http://127.0.0.1:${port}${path}`, { method, signal: AbortSignal.timeout(10_000) });
  if (!response.ok) throw new Error(`Chromium's DevTools answered ${response.status} to ${path}`);
  return (await response.json()) as Params;
}

/** The desktop view of `url`, above the fold, as a JPEG; or why there is none. */
export async function desktopScreenshot(options: DesktopScreenshotOptions): Promise<DesktopScreenshotResult> {
  if (options.timeoutMs <= 0) return { problem: 'no time was left in the run for the desktop screenshot' };
  let cdp: Cdp | undefined;
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<DesktopScreenshotResult>((resolve) => {
    timer = setTimeout(() => resolve({ problem: `the desktop view did not finish loading within ${Math.round(options.timeoutMs / 1000)} s` }), options.timeoutMs);
  });
  const take = async (): Promise<DesktopScreenshotResult> => {
    const version = await devtoolsJson(options.port, '/json/version');
    const target = await devtoolsJson(options.port, '/json/new?about:blank', 'PUT');
    cdp = await Cdp.connect(String(target.webSocketDebuggerUrl));
    return shoot(cdp, options, desktopUserAgent(String(version['User-Agent'] ?? '')));
  };
  try {
    return await Promise.race([take().catch((error: Error) => ({ problem: `the desktop screenshot failed: ${error.message}` })), limit]);
  } finally {
    clearTimeout(timer);
    cdp?.close();
  }
}

/** Chromium's own user agent without "Headless" (some sites serve a headless browser something else). */
function desktopUserAgent(chromium: string): string {
  const ua = chromium.replace('HeadlessChrome/', 'Chrome/');
  return ua || 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
}

async function shoot(cdp: Cdp, options: DesktopScreenshotOptions, userAgent: string): Promise<DesktopScreenshotResult> {
  const refused: string[] = [];
  const check = async (raw: string): Promise<string | null> => {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return null;
    }
    if (url.protocol === 'ws:' || url.protocol === 'wss:') url.protocol = url.protocol === 'ws:' ? 'http:' : 'https:';
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null; // data:, blob: stay in the browser
    const problem = await options.vet(url).catch((error: Error) => error.message);
    if (problem) refused.push(`${url.origin} (${problem})`);
    return problem;
  };
  cdp.on('Fetch.requestPaused', (params) => {
    void check(String(params.request?.url ?? '')).then((problem) =>
      cdp.send(problem ? 'Fetch.failRequest' : 'Fetch.continueRequest', problem ? { requestId: params.requestId, errorReason: 'BlockedByClient' } : { requestId: params.requestId }).catch(() => undefined),
    );
  });
  cdp.on('Network.webSocketCreated', (params) => void check(String(params.url ?? '')));
  const loaded = new Promise<void>((resolve) => cdp.on('Page.loadEventFired', () => resolve()));
  await cdp.send('Fetch.enable', { patterns: [{ urlPattern: '*', requestStage: 'Request' }] });
  await cdp.send('Network.enable');
  await cdp.send('Page.enable');
  const { width, height } = DESKTOP_VIEWPORT;
  await cdp.send('Emulation.setDeviceMetricsOverride', { width, height, deviceScaleFactor: 1, mobile: false, screenWidth: width, screenHeight: height });
  await cdp.send('Emulation.setUserAgentOverride', { userAgent });
  const navigation = await cdp.send('Page.navigate', { url: options.url });
  if (navigation.errorText) return { problem: refusedProblem(refused) ?? `the desktop view did not load (${navigation.errorText})` };
  await loaded;
  // Web fonts in, then two frames painted: what a person would see once the page has loaded.
  await cdp.send('Runtime.evaluate', { expression: 'document.fonts.ready.then(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))))', awaitPromise: true });
  const { data } = await cdp.send('Page.captureScreenshot', { format: 'jpeg', quality: JPEG_QUALITY, captureBeyondViewport: false });
  const problem = refusedProblem(refused);
  if (problem) return { problem };
  if (typeof data !== 'string' || !data) return { problem: 'Chromium gave no desktop screenshot' };
  return { shot: { mime: 'image/jpeg', base64: data } };
}

function refusedProblem(refused: string[]): string | null {
  return refused.length ? `the desktop view asked for ${refused[0]}: the desktop screenshot is not kept` : null;
}
