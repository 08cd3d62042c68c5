/** The one IPC channel that carries contract calls. */
export const CALL_CHANNEL = 'aisle:call';
/** Events go out on `aisle:event:<name>`. */
export const EVENT_CHANNEL_PREFIX = 'aisle:event:';
