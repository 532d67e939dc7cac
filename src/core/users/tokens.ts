// Signed bearer tokens (JWT, HS256) that expire. The payload names the user and the
// user's token version, so resetting a password invalidates older tokens.
import { once } from '../lazy.ts';

// jose loads with the first token issued or read: a CLI command never needs it.
const jose = once(() => import('jose'));

export interface TokenClaims {
  userId: number;
  version: number;
}

export interface IssuedToken {
  token: string;
  expiresAt: Date;
}

const ISSUER = 'outreach';

export class TokenSigner {
  constructor(
    private readonly key: Uint8Array,
    private readonly ttlHours: number,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async issue(claims: TokenClaims): Promise<IssuedToken> {
    const issuedAt = Math.floor(this.now().getTime() / 1000);
    const expiresAt = new Date((issuedAt + Math.round(this.ttlHours * 3600)) * 1000);
    const { SignJWT } = await jose();
    const token = await new SignJWT({ ver: claims.version })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(ISSUER)
      .setSubject(String(claims.userId))
      .setIssuedAt(issuedAt)
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(this.key);
    return { token, expiresAt };
  }

  /** The claims of a valid, unexpired token; undefined for anything else. */
  async read(token: string): Promise<TokenClaims | undefined> {
    const { jwtVerify } = await jose();
    try {
      const { payload } = await jwtVerify(token, this.key, {
        issuer: ISSUER,
        algorithms: ['HS256'],
        currentDate: this.now(),
      });
      const userId = Number(payload.sub);
      const version = payload.ver;
      if (!Number.isInteger(userId) || typeof version !== 'number') return undefined;
      return { userId, version };
    } catch {
      return undefined;
    }
  }
}
