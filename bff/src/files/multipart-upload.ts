import { BadRequestException, Injectable, PayloadTooLargeException } from '@nestjs/common';
import { FileStore, type PutLimits, type StoredFile } from '@pm/files';
import busboy from 'busboy';
import type { Request } from 'express';

export interface UploadOptions extends PutLimits {
  /** The form field carrying the file (the spec's upload calls use `file`). */
  fileField?: string;
  /** Other text fields the form may carry, with their size limit; more or bigger ones are refused. */
  maxFields?: number;
  maxFieldBytes?: number;
  /** All text fields together (a form with hundreds of list items): past it 413. */
  maxFieldsTotalBytes?: number;
  /**
   * A text field longer than `maxFieldBytes`: refused at once (default), or kept cut at the limit and named in the
   * form's `truncated`, for a caller that refuses it with the field's own message (the contract router).
   */
  overLongFields?: 'refuse' | 'report';
}

export interface FormOptions extends UploadOptions {
  /** Files the form may carry in `fileField`; more are refused (400). */
  maxFiles: number;
  /** Whether a form without a file is refused (an upload) or fine (an e-mail without attachments). */
  fileRequired: boolean;
}

export interface ReceivedFile {
  file: StoredFile;
  /** The name the sender gave: for display and Content-Disposition only, never for the storage key. */
  fileName: string;
}

export interface ReceivedUpload extends ReceivedFile {
  fields: Record<string, string>;
}

export interface ReceivedForm {
  /** In the order sent. */
  files: ReceivedFile[];
  /** Every value of each text field, in the order sent (a list field is sent once per item). */
  fields: Record<string, string[]>;
  /** The fields cut at `maxFieldBytes` (with `overLongFields: 'report'`): their values are not what was sent. */
  truncated: string[];
}

/**
 * Reads a multipart/form-data request and streams its files straight into the FileStore (never buffered whole, never
 * on disk), one after the other as they arrive. Hand-written BFF upload controllers call `receive(req, limits)` for
 * exactly one file; the contract router reads the forms of calls bound `multipart` with `receiveForm`. Every refusal
 * is a 4xx with a message the web app can show; files stored before the request turned out bad are removed again.
 */
@Injectable()
export class MultipartUploads {
  constructor(private readonly store: FileStore) {}

  async receive(request: Request, options: UploadOptions): Promise<ReceivedUpload> {
    const form = await this.receiveForm(request, { ...options, maxFiles: 1, fileRequired: true });
    const fields = Object.fromEntries(Object.entries(form.fields).map(([name, values]) => [name, values.at(-1)!]));
    return { ...form.files[0]!, fields };
  }

  /** Removes files a request stored that nothing will reference (the call was refused); a failure only leaves litter. */
  discard(files: readonly ReceivedFile[]): void {
    for (const { file } of files) void this.store.remove(file.key).catch(() => undefined);
  }

  receiveForm(request: Request, options: FormOptions): Promise<ReceivedForm> {
    const fileField = options.fileField ?? 'file';
    const maxFields = options.maxFields ?? 10;
    const tooManyFiles = options.maxFiles === 1 ? 'Send one file per request.' : `Send at most ${options.maxFiles} files.`;
    const fields: Record<string, string[]> = {};
    const truncated: string[] = [];
    let fieldBytes = 0;
    return new Promise<ReceivedForm>((resolve, reject) => {
      let parser: busboy.Busboy;
      try {
        parser = busboy({
          headers: request.headers,
          // Browsers send the file name as raw UTF-8; busboy's latin1 default would garble "März.pdf".
          defParamCharset: 'utf8',
          limits: {
            files: options.maxFiles,
            // One byte over the limit is enough for the FileStore to answer 413 with its message.
            fileSize: options.maxBytes + 1,
            fields: maxFields,
            fieldSize: options.maxFieldBytes ?? 8 * 1024,
            fieldNameSize: 100,
            parts: maxFields + options.maxFiles,
            headerPairs: 20,
          },
        });
      } catch {
        reject(new BadRequestException(options.maxFiles === 1 ? 'Send the file as multipart/form-data.' : 'Send the form as multipart/form-data.'));
        return;
      }
      const stored: { promise: Promise<StoredFile>; fileName: string }[] = [];
      // `<fileField>_size`, sent just before a file (the web app sends File.size), declares that file's size: the
      // FileStore then streams it to MinIO in one PUT as it arrives. It is not one of the form's fields.
      const sizeField = `${fileField}_size`;
      let declaredBytes: number | undefined;
      let fileStream: (NodeJS.ReadableStream & { destroy(): void }) | undefined;
      let settled = false;

      const fail = (error: unknown): void => {
        if (settled) return;
        settled = true;
        // Stop parsing and let the rest of the body drain, so the answer reaches the sender; the connection closes.
        request.unpipe(parser);
        request.resume();
        request.res?.setHeader('connection', 'close');
        // Ends the FileStore's read of a file still arriving, which aborts its multipart upload.
        fileStream?.destroy();
        for (const { promise } of stored) void promise.then((file) => this.store.remove(file.key)).catch(() => undefined);
        whenBodyEnds(request, REFUSAL_DRAIN_MS, () => reject(error));
      };

      parser.on('file', (name, file, info) => {
        if (name !== fileField || stored.length >= options.maxFiles) {
          file.resume();
          fail(new BadRequestException(stored.length >= options.maxFiles ? tooManyFiles : `The file must be sent in the "${fileField}" field.`));
          return;
        }
        fileStream = file;
        const promise = this.store.put(file, { ...options, declaredBytes });
        declaredBytes = undefined;
        stored.push({ promise, fileName: info.filename ?? '' });
        promise.catch(fail);
      });
      parser.on('field', (name, value, info) => {
        if (info.nameTruncated || (info.valueTruncated && options.overLongFields !== 'report')) fail(new BadRequestException(`The field "${name}" is too long.`));
        else if (name === sizeField) {
          if (!/^[0-9]{1,15}$/.test(value)) fail(new BadRequestException(`The field "${sizeField}" must be the file's size in bytes.`));
          else declaredBytes = Number(value);
        } else if ((fieldBytes += Buffer.byteLength(value)) > (options.maxFieldsTotalBytes ?? Infinity)) fail(new PayloadTooLargeException('The form\'s fields are too large.'));
        else {
          (fields[name] ??= []).push(value);
          if (info.valueTruncated && !truncated.includes(name)) truncated.push(name);
        }
      });
      parser.on('filesLimit', () => fail(new BadRequestException(tooManyFiles)));
      parser.on('fieldsLimit', () => fail(new BadRequestException('The form has too many fields.')));
      parser.on('partsLimit', () => fail(new BadRequestException('The form has too many parts.')));
      parser.on('error', () => fail(new BadRequestException(options.maxFiles === 1 ? 'The upload could not be read (malformed multipart body).' : 'The form could not be read (malformed multipart body).')));
      parser.on('close', () => {
        if (settled) return;
        if (options.fileRequired && stored.length === 0) {
          fail(new BadRequestException(`No file was sent (expected in the "${fileField}" field).`));
          return;
        }
        Promise.all(stored.map(({ promise }) => promise)).then(
          (files) => {
            if (settled) return;
            settled = true;
            resolve({ files: files.map((file, index) => ({ file, fileName: stored[index]!.fileName })), fields, truncated });
          },
          fail,
        );
      });
      request.on('close', () => {
        if (!request.complete) fail(new BadRequestException('The upload was interrupted.'));
      });
      request.pipe(parser);
    });
  }
}

/**
 * How long a refusal waits for the rest of the body before it is answered. Answered while the sender is still
 * sending, the response is often lost: the connection closes with unread bytes, the peer's TCP stack resets it, and
 * the sender sees ECONNRESET instead of the 413 (a browser or `fetch` reports a network error). Waiting for the body
 * (discarded as it arrives) lets a normal sender read the answer; the bound keeps a slow or endless sender from
 * holding the request. 3 s was too short on a loaded two-core CI machine: the 2 MB left of an 8 MB file over a 6 MB
 * limit took longer to arrive, and the sender was reset (bff/test/files.int-spec.ts).
 */
const REFUSAL_DRAIN_MS = 10_000;

function whenBodyEnds(request: Request, maxWaitMs: number, then: () => void): void {
  if (request.complete || request.destroyed) {
    then();
    return;
  }
  let done = false;
  const finish = (): void => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    request.off('end', finish).off('close', finish);
    then();
  };
  const timer = setTimeout(finish, maxWaitMs);
  request.on('end', finish).on('close', finish);
}
