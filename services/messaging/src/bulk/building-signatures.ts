import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * The signature a building's e-mails end with. Signatures are still portfolio's (`GET`/`PUT building/{id}/signature`)
 * and messaging keeps no copy of them yet, so there is none to read on the send path and this answers null: the
 * e-mails go out unsigned. When signatures move to messaging (issue 11, "Move what belongs here"), this reads them,
 * and every bulk e-mail is signed without another change.
 */
@Injectable()
export class BuildingSignatures {
  async signatureOf(_em: EntityManager, _buildingId: string): Promise<string | null> {
    return null;
  }
}

/** A body with the building's signature below it, as mail clients set one apart ("-- " on its own line). */
export function signed(body: string, signature: string | null): string {
  const text = signature?.trim();
  return text ? `${body.trimEnd()}\n\n-- \n${text}\n` : body;
}
