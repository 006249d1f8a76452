import { Injectable } from '@nestjs/common';
import { StartGoogleSignIn, type RequestOf, type ResponseOf } from '@pm/contracts';
import { UseCase, type UseCaseHandler } from '@pm/nest-kit';
import { GoogleSignIn } from '../../google-sign-in.js';

/** The URL the browser is sent to at Google (or the local OpenID provider), with the round trip's state stored. */
@Injectable()
@UseCase(StartGoogleSignIn, { public: true, ownTransactions: true })
export class StartGoogleSignInHandler implements UseCaseHandler<typeof StartGoogleSignIn> {
  constructor(private readonly google: GoogleSignIn) {}

  handle(request: RequestOf<typeof StartGoogleSignIn>): Promise<ResponseOf<typeof StartGoogleSignIn>> {
    return this.google.start(request);
  }
}
