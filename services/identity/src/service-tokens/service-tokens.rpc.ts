import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { IssueServiceToken, type RequestOf } from '@pm/contracts';
import { OnRequest } from '@pm/messaging';
import { Public } from '@pm/nest-kit';
import { IssueServiceTokenHandler } from './use-cases/issue-service-token/issue-service-token.handler.js';

/** Client credentials for machine callers; the credentials are in the payload, so no bearer is asked for. */
@Public()
@Controller()
export class ServiceTokensRpc {
  constructor(private readonly issue: IssueServiceTokenHandler) {}

  @OnRequest(IssueServiceToken)
  async onIssue(@Payload() request: RequestOf<typeof IssueServiceToken>) {
    return this.issue.handle(request);
  }
}
