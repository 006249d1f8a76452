import { Injectable } from '@nestjs/common';
import { CompleteGoogleSignIn, type RequestOf, type ResponseOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { AnonymousCaller } from '../../../users/anonymous-caller.js';
import { GoogleSignIn } from '../../google-sign-in.js';

/**
 * Google's callback: the state is spent, the code exchanged and the ID token checked, then the linked, matching or new
 * account (an anonymous caller's user upgraded in place) gets a session. Own transactions: the state is spent even
 * when the exchange then fails.
 */
@Injectable()
@UseCase(CompleteGoogleSignIn, { public: true, ownTransactions: true })
export class CompleteGoogleSignInHandler implements UseCaseHandler<typeof CompleteGoogleSignIn> {
  constructor(
    private readonly google: GoogleSignIn,
    private readonly anonymousCaller: AnonymousCaller,
  ) {}

  async handle(request: RequestOf<typeof CompleteGoogleSignIn>, context: UseCaseContext): Promise<ResponseOf<typeof CompleteGoogleSignIn>> {
    return this.google.complete(request, await this.anonymousCaller.userId(context.authorization));
  }
}
