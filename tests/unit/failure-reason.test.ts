// A site that could not be read is explained in a person's words, never with Node's or
// OpenSSL's message (core/pipeline/failure-reason.ts).
import { createServer } from 'node:http';
import { request } from 'node:https';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { reasonOf, siteFailureReason } from '../../src/core/pipeline/failure-reason.ts';
import { FetchTimeoutError, TooManyRedirectsError } from '../../src/providers/crawl/fetcher.ts';
import { RobotsDisallowedError } from '../../src/providers/crawl/robots.ts';
import { BlockedAddressError } from '../../src/providers/crawl/ssrf-guard.ts';

const coded = (code: string, message = `${code} something`) => Object.assign(new Error(message), { code });

describe('siteFailureReason', () => {
  it.each([
    ['CERT_HAS_EXPIRED', "the site's certificate has expired"],
    ['UNABLE_TO_VERIFY_LEAF_SIGNATURE', "the site's certificate is not trusted"],
    ['UNABLE_TO_GET_ISSUER_CERT_LOCALLY', "the site's certificate is not trusted"],
    ['CERT_SIGNATURE_FAILURE', "the site's certificate is not trusted"],
    ['DEPTH_ZERO_SELF_SIGNED_CERT', "the site's certificate is not trusted (it is self-signed)"],
    ['SELF_SIGNED_CERT_IN_CHAIN', "the site's certificate is not trusted (it is self-signed)"],
    ['ERR_TLS_CERT_ALTNAME_INVALID', "the site's certificate is for another address"],
    ['ENOTFOUND', 'the address does not exist'],
    ['EAI_AGAIN', 'the address could not be looked up (the name server did not answer)'],
    ['ECONNREFUSED', 'the connection was refused'],
    ['ECONNRESET', 'the site closed the connection'],
    ['EHOSTUNREACH', "the site's server cannot be reached"],
    ['ETIMEDOUT', 'the site did not answer in time'],
  ])('%s reads as "%s"', (code, reason) => {
    expect(siteFailureReason(coded(code))).toBe(reason);
  });

  it('says "the secure connection failed" for an OpenSSL handshake error, and never shows its hex', () => {
    const error = coded('EPROTO', 'write EPROTO 808C68DA4A7F0000:error:0A000410:SSL routines:ssl3_read_bytes:sslv3 alert handshake failure:../deps/openssl/openssl/ssl/record/rec_layer_s3.c:1586:SSL alert number 40');
    expect(siteFailureReason(error)).toBe('the secure connection (https) to the site failed');
    expect(siteFailureReason(coded('ERR_SSL_DECRYPTION_FAILED_OR_BAD_RECORD_MAC'))).toBe('the secure connection (https) to the site failed');
    expect(siteFailureReason(new Error('0A00010B:SSL routines::certificate verify failed 808C68DA4A7F0000:error:'))).not.toMatch(/SSL routines|[0-9A-F]{8}/);
  });

  it('tells an https request to a plain http port apart (a real one, over loopback)', async () => {
    const server = createServer((_req, res) => res.end('plain http'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const error = await new Promise<Error>((resolve) => request({ host: '127.0.0.1', port, path: '/' }, () => resolve(new Error('answered'))).on('error', resolve).end());
    server.close();
    expect(error.message).toMatch(/EPROTO|SSL|wrong version/i); // what users saw before
    expect(siteFailureReason(error)).toBe('the site does not answer https on this address (it may serve only http)');
  });

  it('says how long the site was given when a fetch timed out', () => {
    expect(siteFailureReason(new FetchTimeoutError('https://slow.example/', 15_000))).toBe('the site did not answer in 15 s');
    expect(siteFailureReason(new FetchTimeoutError('https://slow.example/', 2_500))).toBe('the site did not answer in 2.5 s');
  });

  it('says robots.txt forbids crawling, or why robots.txt could not be read', () => {
    expect(siteFailureReason(new RobotsDisallowedError('https://a.example/', 'robots.txt disallows (rule on line 2)'))).toBe('robots.txt forbids crawling');
    const unreachable = new RobotsDisallowedError('https://a.example/', 'robots.txt unreachable (certificate signature failure), so disallow all', { cause: coded('CERT_SIGNATURE_FAILURE', 'certificate signature failure') });
    expect(siteFailureReason(unreachable)).toBe("the site's certificate is not trusted (robots.txt could not be read)");
    const broken = new RobotsDisallowedError('https://a.example/', 'robots.txt unreachable (HTTP 503), so disallow all', { status: 503 });
    expect(siteFailureReason(broken)).toBe("the site's server failed (HTTP 503) (robots.txt could not be read)");
  });

  it('names blocked addresses, redirect loops and HTTP statuses', () => {
    expect(siteFailureReason(new BlockedAddressError('http://10.0.0.5/', 'private address'))).toBe('refusing to fetch http://10.0.0.5/: private address');
    expect(siteFailureReason(new TooManyRedirectsError('https://loop.example/', 5))).toBe('the site redirects too many times');
    expect(siteFailureReason(404)).toBe('the page does not exist (HTTP 404)');
    expect(siteFailureReason(403)).toBe('the site refuses access (HTTP 403)');
    expect(siteFailureReason(502)).toBe("the site's server failed (HTTP 502)");
  });

  it('reads the code out of a bare message (an error that lost its object) and keeps plain words', () => {
    expect(siteFailureReason(new Error('getaddrinfo ENOTFOUND redrockroofing.example'))).toBe('the address does not exist');
    expect(siteFailureReason(new Error('connect ECONNREFUSED 127.0.0.1:4200'))).toBe('the connection was refused');
    expect(siteFailureReason(new Error('body larger than 5242880 bytes'))).toBe('body larger than 5242880 bytes');
    expect(siteFailureReason(new Error(`x ${'A1B2C3D4'.repeat(40)}`))).toBe('the site could not be read');
  });

  it('takes the reason back out of a lead error', () => {
    expect(reasonOf('Website not analysed: the connection was refused')).toBe('the connection was refused');
    expect(reasonOf('draft failed: boom')).toBe('draft failed: boom');
  });
});
