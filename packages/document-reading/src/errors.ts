/**
 * The typed failures of this library. The vault maps each to a document state and a message it shows: they carry a
 * sentence a property manager can read, never a stack trace or a tool's raw output.
 */

/** The file is not a readable document: corrupt, truncated, password-protected, or parsing took too long. */
export class UnreadableDocumentError extends Error {
  override readonly name = 'UnreadableDocumentError';
  constructor(
    message: string,
    readonly reason: 'encrypted' | 'corrupt' | 'timeout' | 'too-large',
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** An archive (an office file is a zip) that would expand beyond safe limits: refused before anything unpacks it. */
export class DocumentTooComplexError extends Error {
  override readonly name = 'DocumentTooComplexError';
  constructor(
    message: string,
    readonly reason: 'uncompressed-size' | 'entry-count' | 'compression-ratio' | 'corrupt-archive',
  ) {
    super(message);
  }
}

export type ConversionFailure = 'timeout' | 'aborted' | 'killed' | 'exit-code' | 'no-output' | 'not-installed';

/** LibreOffice did not produce a PDF: why, and what it printed last (for the logs, not for users). */
export class ConversionFailedError extends Error {
  override readonly name = 'ConversionFailedError';
  constructor(
    message: string,
    readonly reason: ConversionFailure,
    readonly detail?: string,
  ) {
    super(message);
  }
}

/** A command-line tool this library drives (pdftoppm) failed or is missing. */
export class ToolFailedError extends Error {
  override readonly name = 'ToolFailedError';
  constructor(
    message: string,
    readonly tool: string,
    readonly detail?: string,
  ) {
    super(message);
  }
}

/** A time limit in words for the messages above: "200 ms", "120 s". */
export function duration(ms: number): string {
  return ms < 1_000 ? `${ms} ms` : `${Math.round(ms / 1_000)} s`;
}
