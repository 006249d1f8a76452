const palette = [36, 33, 35, 32, 34, 96, 93, 95, 92, 94, 91];

/**
 * Interleaved output stays readable when every line carries its process name, padded to one width and coloured per
 * process (only on a terminal, and never with NO_COLOR set).
 */
export class OutputPrefixer {
  readonly #width: number;
  readonly #colour: boolean;
  readonly #colours = new Map<string, number>();

  constructor(names: readonly string[]) {
    this.#width = Math.max(8, ...names.map((name) => name.length));
    this.#colour = process.stdout.isTTY === true && process.env['NO_COLOR'] === undefined;
    names.forEach((name, index) => this.#colours.set(name, palette[index % palette.length] as number));
  }

  label(name: string): string {
    const padded = name.padEnd(this.#width);
    if (!this.#colour) return `${padded} |`;
    return `\u001b[${this.#colours.get(name) ?? 37}m${padded} |\u001b[0m`;
  }

  write(name: string, line: string, stream: 'stdout' | 'stderr' = 'stdout'): void {
    (stream === 'stderr' ? process.stderr : process.stdout).write(`${this.label(name)} ${line}\n`);
  }

  /** For what must not be missed (a crash): red and bold on a terminal. */
  shout(name: string, line: string): void {
    const text = this.#colour ? `\u001b[1;31m${line}\u001b[0m` : line;
    process.stderr.write(`${this.label(name)} ${text}\n`);
  }
}
