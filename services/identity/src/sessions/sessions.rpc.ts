import { Controller } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import { RefreshSession, SignIn, SignInAnonymously, SignOut, type RequestOf } from '@pm/contracts';
import { OnRequest, type RequestContext } from '@pm/messaging';
import { Public } from '@pm/nest-kit';
import { AnonymousCaller } from '../users/anonymous-caller.js';
import { SessionIssuer } from './session-issuer.js';
import { SignInAnonymouslyHandler } from './use-cases/sign-in-anonymously/sign-in-anonymously.handler.js';
import { SignInHandler } from './use-cases/sign-in/sign-in.handler.js';

/** Sessions: sign-in, anonymous sign-in, refresh and sign-out. The refresh token is the credential of the last two. */
@Public()
@Controller()
export class SessionsRpc {
  constructor(
    private readonly signIn: SignInHandler,
    private readonly anonymous: SignInAnonymouslyHandler,
    private readonly sessions: SessionIssuer,
    private readonly anonymousCaller: AnonymousCaller,
  ) {}

  @OnRequest(SignIn)
  async onSignIn(@Payload() request: RequestOf<typeof SignIn>, @Ctx() context: RequestContext) {
    return this.signIn.handle(request, await this.anonymousCaller.userId(context.authorization));
  }

  @OnRequest(SignInAnonymously)
  async onAnonymous(@Payload() request: RequestOf<typeof SignInAnonymously>) {
    return this.anonymous.handle(request);
  }

  @OnRequest(RefreshSession)
  async onRefresh(@Payload() request: RequestOf<typeof RefreshSession>) {
    return this.sessions.rotate(request.refresh_token);
  }

  @OnRequest(SignOut)
  async onSignOut(@Payload() request: RequestOf<typeof SignOut>) {
    const token = await this.sessions.familyOf(request.refresh_token);
    if (token) await this.sessions.revokeFamily(token.familyId);
    return { ok: true as const };
  }
}
