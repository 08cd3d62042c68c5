// Types of usage.mjs, for the TypeScript that imports it.
export declare const COMMAND_LIST: readonly { name: string; summary: string }[];
/** The help text, listing these commands (by default every command of commands.json). */
export declare function usage(commands?: readonly { name: string; summary: string }[]): string;
