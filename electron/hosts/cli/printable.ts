// Text the CLI prints comes partly from the server (descriptions, names, its error messages). A
// terminal obeys control characters: ESC starts sequences that recolour, move the cursor, retitle
// the window or clear the screen, BEL rings, and the C1 controls (0x80-0x9f) are ESC's one-byte
// forms. Each is replaced by U+FFFD, so server text can never act on the terminal; new lines and
// tabs, which the CLI writes itself, stay. So do the bidirectional overrides that reorder a line.
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/** The text with every control character but new line and tab replaced by U+FFFD. */
export function printable(text: string): string {
  return text.replace(CONTROL, '\uFFFD');
}
