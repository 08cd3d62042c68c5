// Sends a label to a network label printer the way Zebra's (and most) take it: the raw ZPL over a
// TCP connection to port 9100 ("raw" or "JetDirect" printing), no driver and no print dialog. The
// printer answers nothing; a label is sent when the connection took every byte and closed cleanly.
import { connect } from 'node:net';
import { AisleError } from '../../contract/errors.ts';
import { PRINTER_ADDRESS } from '../../contract/methods.ts';

export const RAW_PRINT_PORT = 9100;


export function printerEndpoint(address: string): { host: string; port: number } {
  const match = PRINTER_ADDRESS.exec(address.trim());
  if (!match) throw new AisleError('invalid_argument', `"${address}" is not a printer address (host, or host:port).`);
  const port = match[2] ? Number(match[2].slice(1)) : RAW_PRINT_PORT;
  if (port < 1 || port > 65_535) throw new AisleError('invalid_argument', `Port ${port} is not a port.`);
  return { host: match[1]!.replace(/^\[|\]$/g, ''), port };
}

/** Writes `data` to the printer; resolves with the bytes sent, or fails with `printer_unreachable`. */
export function sendToPrinter(address: string, data: string, options: { timeoutMs?: number } = {}): Promise<number> {
  const { host, port } = printerEndpoint(address);
  const bytes = Buffer.from(data, 'utf8');
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port });
    let failed: Error | null = null;
    socket.setTimeout(options.timeoutMs ?? 5_000, () => socket.destroy(new Error('no answer in time')));
    socket.on('error', (error) => (failed = error));
    socket.on('connect', () => socket.end(bytes));
    socket.on('close', () => {
      if (!failed && socket.bytesWritten >= bytes.length) return resolve(bytes.length);
      const why = (failed as NodeJS.ErrnoException | null)?.code ?? failed?.message ?? 'closed before the label was sent';
      reject(new AisleError('printer_unreachable', `The label printer at ${address} cannot be reached (${why}).`));
    });
  });
}
