import { forwardRef } from 'react';
import { VAULT_FILE_ACCEPT } from './accepted-files.js';

/**
 * The hidden file picker behind an Upload button (the button calls `click()` on it): the vault's types, several files
 * at once; hands over the files picked and clears itself, so picking the same file again is seen.
 */
export const VaultFilesInput = forwardRef<HTMLInputElement, { label: string; onFiles: (files: File[]) => void }>(function VaultFilesInput({ label, onFiles }, ref) {
  return (
    <input
      ref={ref}
      type="file"
      multiple
      hidden
      accept={VAULT_FILE_ACCEPT}
      aria-label={label}
      onChange={(event) => {
        const files = [...(event.target.files ?? [])];
        event.target.value = '';
        onFiles(files);
      }}
    />
  );
});
