import { Controller } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import { CompleteGoogleSignIn, StartGoogleSignIn, type RequestOf } from '@pm/contracts';
import { OnRequest, type RequestContext } from '@pm/messaging';
import { Public } from '@pm/nest-kit';
import { AnonymousCaller } from '../users/anonymous-caller.js';
import { SignInWithGoogleHandler } from './use-cases/sign-in-with-google/sign-in-with-google.handler.js';

@Public()
@Controller()
export class GoogleRpc {
  constructor(
    private readonly google: SignInWithGoogleHandler,
    private readonly anonymousCaller: AnonymousCaller,
  ) {}

  @OnRequest(StartGoogleSignIn)
  async onStart(@Payload() request: RequestOf<typeof StartGoogleSignIn>) {
    return this.google.start(request);
  }

  @OnRequest(CompleteGoogleSignIn)
  async onComplete(@Payload() request: RequestOf<typeof CompleteGoogleSignIn>, @Ctx() context: RequestContext) {
    return this.google.complete(request, await this.anonymousCaller.userId(context.authorization));
  }
}
