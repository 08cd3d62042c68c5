// Types of bundle.mjs, for the TypeScript that imports it.
export declare const ROOT: string;
export declare const DEFAULT_BUNDLE_DIR: string;
export declare const ENTRY_FILE: string;
export declare const INPUTS_FILE: string;
/** Size and modification time of each file, by its path from the root. */
export declare function describeInputs(files: readonly string[]): Record<string, [size: number, mtimeMs: number]>;
/** The file URL of the bundle's entry in `dir` when it exists and no input changed, else null. */
export declare function freshBundle(dir?: string): string | null;
