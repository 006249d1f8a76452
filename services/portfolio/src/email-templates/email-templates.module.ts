import { Module } from '@nestjs/common';
import { EmailTemplates } from './email-templates.js';

@Module({ providers: [EmailTemplates], exports: [EmailTemplates] })
export class EmailTemplatesModule {}
