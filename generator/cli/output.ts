// How the command line writes for people: colours only on a terminal, and never with NO_COLOR.
import { styleText } from 'node:util';

const useColor = process.stdout.isTTY && !process.env.NO_COLOR;

/** `text` in `format` when colours are on. */
export const paint = (format: Parameters<typeof styleText>[0], text: string) => (useColor ? styleText(format, text) : text);
