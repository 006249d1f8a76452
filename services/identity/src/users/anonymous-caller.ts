import { Injectable } from '@nestjs/common';
import { JwtVerifier } from '@pm/nest-kit';

/**
 * Sign-up and sign-in are public, yet an anonymous visitor's bearer may come along (its data must follow the person).
 * A missing, invalid or non-anonymous bearer simply means "no anonymous user to carry over".
 */
@Injectable()
export class AnonymousCaller {
  constructor(private readonly verifier: JwtVerifier) {}

  async userId(authorization: string | undefined): Promise<string | undefined> {
    if (!authorization) return undefined;
    try {
      const principal = await this.verifier.verify(authorization);
      return principal.isAnonymous ? principal.userId : undefined;
    } catch {
      return undefined;
    }
  }
}
