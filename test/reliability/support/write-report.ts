// Placeholder until the report writer is complete.
export function writeReport(): void {}
