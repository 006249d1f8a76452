import { describe, expect, it } from '@jest/globals';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findSoffice } from './find-soffice.js';

describe('findSoffice', () => {
  it('prefers soffice, then libreoffice, on PATH; honours PM_SOFFICE_PATH only when it is executable', () => {
    const dir = mkdtempSync(join(tmpdir(), 'find-soffice-'));
    try {
      const libreoffice = join(dir, 'libreoffice');
      writeFileSync(libreoffice, '#!/bin/sh\n');
      chmodSync(libreoffice, 0o755);
      expect(findSoffice({ PATH: dir })).toBe(libreoffice);
      const soffice = join(dir, 'soffice');
      writeFileSync(soffice, '#!/bin/sh\n');
      chmodSync(soffice, 0o755);
      expect(findSoffice({ PATH: `/nonexistent:${dir}` })).toBe(soffice);
      expect(findSoffice({ PATH: dir, PM_SOFFICE_PATH: libreoffice })).toBe(libreoffice);
      expect(findSoffice({ PATH: dir, PM_SOFFICE_PATH: join(dir, 'missing') })).toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
