import { Controller, Get, Header } from '@nestjs/common';
import { Public } from '@pm/nest-kit';
import { AuthEngine } from '../auth/auth-engine.js';

/** The public keys every verifier (BFF, services) checks access tokens with; old keys stay through their grace period. */
@Public()
@Controller('.well-known')
export class JwksController {
  constructor(private readonly engine: AuthEngine) {}

  @Get('jwks.json')
  @Header('cache-control', 'public, max-age=300')
  async jwks() {
    return this.engine.auth.api.getJwks();
  }
}
