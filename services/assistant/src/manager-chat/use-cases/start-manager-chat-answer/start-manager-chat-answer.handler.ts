import { Injectable } from '@nestjs/common';
import { StartManagerChatAnswer, type RequestOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { StreamedAnswers } from '../../streamed-answers.js';

/** GET simulation/communicate/stream's start: the question checked and its facts gathered; the answer follows as events. */
@Injectable()
@UseCase(StartManagerChatAnswer)
export class StartManagerChatAnswerHandler implements UseCaseHandler<typeof StartManagerChatAnswer> {
  constructor(private readonly answers: StreamedAnswers) {}

  handle(request: RequestOf<typeof StartManagerChatAnswer>, context: UseCaseContext) {
    return this.answers.start(request, context);
  }
}
